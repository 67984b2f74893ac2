import { FormattedMessage } from 'react-intl';
import type { SoldOutReason } from '@app/shared/rules/pricing';
import { isApiError } from '../../../lib/api-error';
import { errorCodeOf, useErrorMessage } from '../../../lib/error-message';

/**
 * The reasons the server gives when the SIM inventory cannot cover an order (CART_NOT_SELLABLE when it
 * is placed, ORDER_NOT_PAYABLE when it is paid; decision 230), worded to say what to choose instead.
 */
export const SOLD_OUT_WORDING: Readonly<Record<SoldOutReason, string>> = {
  esim_sold_out: 'checkout.soldOut.esim_sold_out',
  sim_card_sold_out: 'checkout.soldOut.sim_card_sold_out',
  sold_out: 'checkout.soldOut.sold_out',
};

/** The sold-out reason of a refused order or payment, if that is why it was refused. */
export function soldOutReason(error: unknown): SoldOutReason | undefined {
  if (!isApiError(error) || (error.code !== 'CART_NOT_SELLABLE' && error.code !== 'ORDER_NOT_PAYABLE')) return undefined;
  const reason = (error.body as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' && Object.hasOwn(SOLD_OUT_WORDING, reason) ? (reason as SoldOutReason) : undefined;
}

/** Where the checkout says more than the code's general text. */
const CHECKOUT_WORDING = { ORDER_NOT_FOUND: 'checkout.error.ORDER_NOT_FOUND', ...SOLD_OUT_WORDING } as const;

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
