export { default } from '../../features/sims/pages/sim-detail-page';
