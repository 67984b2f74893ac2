export { default } from '../../features/coverage/pages/coverage-page';
