export { default } from '../../features/orders/pages/order-status-page';
