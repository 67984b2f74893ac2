import './badges.css';
import { FormattedMessage } from 'react-intl';
import type { Sim } from '@app/shared/contracts/sims';

type Badge = Sim['status']['status'];

const TONE: Record<Badge, string> = {
  in_use: 'badge--success',
  inUse: 'badge--success',
  active: 'badge--success',
  used_up: 'badge--warning',
  pending: 'badge--info',
  inactive: 'badge--info',
  plan_inactive: 'badge--info',
  expired: 'badge--danger',
  suspended: 'badge--danger',
  disconnected: 'badge--danger',
  notValid: 'badge--danger',
  no_plan: 'badge--muted',
  na: 'badge--muted',
};

/** Spec §4 SIM badge in words (the SIM pages and the account overview). */
export function SimStatusBadge({ status }: { status: Badge }) {
  return (
    <span className={`badge ${TONE[status]}`} data-testid="sim-status" data-status={status}>
      <FormattedMessage id={`sim.badge.${status}`} />
    </span>
  );
}

/** What the badge means and what the subscriber can do about it, in plain words. */
export function SimStatusHelp({ status, id }: { status: Badge; id?: string }) {
  return (
    <p className="sim-explain muted" id={id} data-testid="sim-status-help">
      <FormattedMessage id={`sim.badgeHelp.${status}`} />
    </p>
  );
}
