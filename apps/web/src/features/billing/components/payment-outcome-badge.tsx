import { FormattedMessage } from 'react-intl';
import type { PaymentOutcome } from '@app/shared/contracts/payments';

const TONE: Record<PaymentOutcome, string> = {
  success: 'badge--success',
  in_process: 'badge--info',
  pending: 'badge--warning',
  failure: 'badge--danger',
};

/** SPEC §4 payment outcomes: success, in process, pending, failure. */
export function PaymentOutcomeBadge({ outcome }: { outcome: PaymentOutcome }) {
  return (
    <span className={`badge ${TONE[outcome]}`} data-outcome={outcome}>
      <FormattedMessage id={`money.outcome.${outcome}`} />
    </span>
  );
}
