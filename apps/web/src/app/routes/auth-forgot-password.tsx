export { default } from '../../features/auth/pages/forgot-password-page';
