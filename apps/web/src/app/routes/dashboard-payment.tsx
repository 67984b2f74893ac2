export { default } from '../../features/billing/pages/payments-page';
