export { default } from '../../features/sims/pages/port-in-number-page';
