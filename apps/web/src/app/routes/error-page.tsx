export { default } from '../../features/content/pages/error-page';
