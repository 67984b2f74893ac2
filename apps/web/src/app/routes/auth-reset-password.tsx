export { default } from '../../features/auth/pages/reset-password-page';
