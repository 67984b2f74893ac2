export { default } from '../../features/shipping/pages/shipping-fee-page';
