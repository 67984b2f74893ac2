export { default } from '../../features/sims/pages/activation-result-page';
