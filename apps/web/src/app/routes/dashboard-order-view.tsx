export { default } from '../../features/orders/pages/order-view-page';
