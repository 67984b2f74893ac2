import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { errorMessageId } from '../../../lib/error-message';
import { SOLD_OUT_WORDING } from './checkout-error-notice';

/**
 * Gateway reasons and error codes with payment wording of their own (payment.failure.*: what happened
 * to the money). Any other shared error code reads as its catalogue text (lib/error-message.ts).
 */
const REASONS = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'authentication_failed',
  'authentication_required',
  'processing_error',
  'expired',
  'canceled',
  'insufficient_balance',
  'PAYMENT_OPTION_NOT_AVAILABLE',
  'PAYMENT_METHOD_NOT_SUPPORTED',
  'ORDER_NOT_PAYABLE',
  'PAYMENT_IN_PROGRESS',
  'GATEWAY_UNAVAILABLE',
  'CARD_EXPIRED',
  'INSUFFICIENT_BALANCE',
  'NETWORK',
  'timeout',
];
const PAYMENT_WORDING = { ...Object.fromEntries(REASONS.map((reason) => [reason, `payment.failure.${reason}`])), ...SOLD_OUT_WORDING };

/**
 * A payment that did not go through: why, in the customer's words (by the failure or error code), and
 * the two ways on: try again, or pay another way. Focus moves here so screen readers hear it at once.
 */
export function PaymentFailure({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [reason]);
  const id = errorMessageId(reason, { overrides: PAYMENT_WORDING, fallback: 'payment.failure.unknown' });
  return (
    <div ref={ref} tabIndex={-1} className="notice notice--warning payment-failure" role="alert" data-testid="payment-failure" data-reason={reason}>
      <p className="notice__title">
        <FormattedMessage id="payment.failure.title" />
      </p>
      <p>
        <FormattedMessage id={id} />
      </p>
      <div className="form-actions">
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          <FormattedMessage id="payment.retry" />
        </button>
        <Link to="/select-payment" className="btn btn--outline">
          <FormattedMessage id="payment.otherMethod" />
        </Link>
      </div>
    </div>
  );
}
