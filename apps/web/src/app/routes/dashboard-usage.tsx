export { default } from '../../features/sims/pages/usage-page';
