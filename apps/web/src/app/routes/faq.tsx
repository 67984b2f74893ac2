export { default } from '../../features/content/pages/faq-page';
