export { default } from '../../features/invoices/pages/invoice-list-page';
