export { default } from '../../features/sims/pages/activate-page';
