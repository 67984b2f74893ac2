export { default } from '../../features/auth/pages/registration-page';
