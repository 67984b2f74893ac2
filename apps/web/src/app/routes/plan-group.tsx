export { default } from '../../features/catalogue/pages/plan-group-page';
