export { default } from '../../features/content/pages/about-page';
