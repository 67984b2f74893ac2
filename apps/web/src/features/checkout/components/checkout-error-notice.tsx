import { FormattedMessage, useIntl } from 'react-intl';
import { isApiError } from '../../../lib/api-client';

/** Codes with their own words in the catalogue; any other failure reads 'Something went wrong'. */
const KNOWN = new Set([
  'PRICE_CHANGED',
  'INVALID_SHIPPING_ADDRESS',
  'SIM_MUST_SHIP_OUTSIDE_US',
  'NO_AVAILABLE_SHIPPER',
  'PAYMENT_OPTION_NOT_AVAILABLE',
  'PAYMENT_METHOD_NOT_SUPPORTED',
  'ORDER_NOT_PAYABLE',
  'ORDER_NOT_FOUND',
  'PAYMENT_IN_PROGRESS',
  'GATEWAY_UNAVAILABLE',
  'CARD_EXPIRED',
  'INSUFFICIENT_BALANCE',
  'NETWORK',
]);

export function errorCodeOf(error: unknown): string {
  if (!isApiError(error)) return 'UNKNOWN';
  if (error.kind === 'network') return 'NETWORK';
  return error.code ?? 'UNKNOWN';
}

/** A failure explained on the page, by its error code (never by the server's wording). */
export function CheckoutErrorNotice({ code, error, onRetry }: { code?: string; error?: unknown; onRetry?: () => void }) {
  const intl = useIntl();
  const c = code ?? errorCodeOf(error);
  const id = KNOWN.has(c) ? `checkout.error.${c}` : 'error.somethingWentWrong';
  return (
    <div className="notice notice--warning" role="alert" data-testid="checkout-error" data-code={c}>
      <p>{intl.formatMessage({ id })}</p>
      {onRetry ? (
        <button type="button" className="btn btn--outline btn--sm" onClick={onRetry}>
          <FormattedMessage id="common.retry" />
        </button>
      ) : null}
    </div>
  );
}
