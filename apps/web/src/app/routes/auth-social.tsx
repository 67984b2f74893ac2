export { default } from '../../features/auth/pages/social-auth-page';
