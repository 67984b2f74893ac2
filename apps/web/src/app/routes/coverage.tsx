export { default } from '../../features/network-coverage/pages/coverage-page';
