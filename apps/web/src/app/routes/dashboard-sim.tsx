export { default } from '../../features/sims/pages/sim-list-page';
