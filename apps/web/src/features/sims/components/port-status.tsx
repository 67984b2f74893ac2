import { FormattedMessage } from 'react-intl';
import type { PortRequestView } from '@app/shared/contracts/sims';

const TONE: Record<PortRequestView['status'], string> = {
  submitted: 'badge--info',
  pending: 'badge--info',
  completed: 'badge--success',
  resolution_required: 'badge--warning',
  rejected: 'badge--danger',
  canceled: 'badge--muted',
};

export function PortStatusBadge({ status }: { status: PortRequestView['status'] }) {
  return (
    <span className={`badge ${TONE[status]}`} data-testid="port-status" data-status={status}>
      <FormattedMessage id={`port.status.${status}`} />
    </span>
  );
}

const REASONS = ['account_number_mismatch', 'wrong_pin', 'name_mismatch', 'zip_mismatch', 'not_portable'];

/** What the state means and what happens next, in plain words; the carrier's reason when it gave one. */
export function PortStatusHelp({ port }: { port: PortRequestView }) {
  return (
    <div className="port-help" data-testid="port-help">
      <p>
        <FormattedMessage id={`port.help.${port.status}`} />
      </p>
      {port.reason ? (
        <p className="port-help__reason">
          <FormattedMessage id={`port.reason.${REASONS.includes(port.reason) ? port.reason : 'other'}`} />
        </p>
      ) : null}
    </div>
  );
}
