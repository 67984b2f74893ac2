export { default } from '../../features/invoices/pages/invoice-page';
