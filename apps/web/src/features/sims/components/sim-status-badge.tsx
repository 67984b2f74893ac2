// The badge is shared UI: the account overview shows it too.
export { SimStatusBadge, SimStatusHelp } from '../../../components/ui/sim-status-badge';
