export { default } from '../../features/auth/pages/delete-account-success-page';
