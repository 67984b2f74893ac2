export { default } from '../../features/catalogue/pages/plan-category-page';
