export { default } from '../../features/content/pages/about-esim-page';
