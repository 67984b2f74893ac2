export { default } from '../../features/profile/pages/my-account-page';
