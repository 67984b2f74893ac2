export { default } from '../../features/billing/pages/transactions-page';
