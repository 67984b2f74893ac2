export { default } from '../../features/profile/pages/my-profile-page';
