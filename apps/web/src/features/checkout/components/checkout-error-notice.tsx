import { FormattedMessage } from 'react-intl';
import { errorCodeOf, useErrorMessage } from '../../../lib/error-message';

/** Where the checkout says more than the code's general text. */
const CHECKOUT_WORDING = { ORDER_NOT_FOUND: 'checkout.error.ORDER_NOT_FOUND' } as const;

/**
 * A failure explained on the page, by its error code (never by the server's wording): the catalogue's
 * text for the code, or 'Something went wrong' for a code this build does not know.
 */
export function CheckoutErrorNotice({ code, error, onRetry }: { code?: string; error?: unknown; onRetry?: () => void }) {
  const errorText = useErrorMessage();
  const c = code ?? errorCodeOf(error) ?? 'UNKNOWN';
  return (
    <div className="notice notice--warning" role="alert" data-testid="checkout-error" data-code={c}>
      <p>{errorText(c, { overrides: CHECKOUT_WORDING })}</p>
      {onRetry ? (
        <button type="button" className="btn btn--outline btn--sm" onClick={onRetry}>
          <FormattedMessage id="common.retry" />
        </button>
      ) : null}
    </div>
  );
}
