export { default } from '../../features/auth/pages/login-page';
