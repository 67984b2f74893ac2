export { default } from '../../features/content/pages/legal-page';
