export { default } from '../../features/catalogue/pages/plans-layout';
