export { default } from '../../features/content/pages/affiliate-program-page';
