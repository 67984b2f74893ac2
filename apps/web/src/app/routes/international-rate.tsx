export { default } from '../../features/rates/pages/international-rate-page';
