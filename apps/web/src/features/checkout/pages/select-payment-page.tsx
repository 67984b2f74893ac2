import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useNavigate } from 'react-router';
import type { GatewayIdValue } from '@app/shared/contracts/payments';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useGateways } from '../api/checkout-api';
import { checkoutStore, useCheckout } from '../checkout-store';
import { CheckoutErrorNotice } from '../components/checkout-error-notice';
import { CheckoutSteps } from '../components/checkout-steps';
import { NoOrder } from '../components/no-order';
import { summaryLines } from '../components/quote-lines';
import { TotalsSummary } from '../components/totals-summary';
import { useCheckoutOrder } from '../components/use-checkout-order';
import { choiceHintId, choiceKey, choiceLabelId, type PaymentChoice } from '../gateway-labels';
import '../checkout.css';
import { useLtrText } from '../../../lib/use-format-phone';

/**
 * /select-payment: the ways of paying the server has enabled (GET /public/payment/gateways) that this
 * web app can show. Anything else reads 'This payment option is not available.'
 */
export default function SelectPaymentPage({ supported }: { supported: readonly GatewayIdValue[] }) {
  const intl = useIntl();
  // Order, invoice and tracking numbers left to right in a right-to-left page (decision 222).
  const ltr = useLtrText();
  usePageTitle(intl.formatMessage({ id: 'page.selectPayment.title' }));
  const navigate = useNavigate();
  const { isAuth } = useSession();
  const checkout = useCheckout();
  const gateways = useGateways();
  const order = useCheckoutOrder(checkout.order);

  const choices: PaymentChoice[] = (gateways.data?.gateways ?? [])
    .filter((g) => supported.includes(g.id) && (g.id !== 'balance' || isAuth))
    .flatMap((g) => g.methods.map((method) => ({ gateway: g.id, method })));
  const storedKey = checkout.gateway && checkout.method ? choiceKey({ gateway: checkout.gateway, method: checkout.method }) : null;
  const [selected, setSelected] = useState<string | null>(storedKey);
  const selectedChoice = choices.find((c) => choiceKey(c) === selected);
  const storedUnavailable = gateways.isSuccess && storedKey !== null && !choices.some((c) => choiceKey(c) === storedKey);

  useEffect(() => {
    if (selected === null && choices.length === 1) setSelected(choiceKey(choices[0]!));
  }, [selected, choices]);

  if (!checkout.order) return <NoOrder titleId="page.selectPayment.title" />;
  if (order.data && order.data.status !== 'pending' && order.data.status !== 'unpaid') return <Navigate to="/payment-confirmation" replace />;

  return (
    <div className="container page checkout-page">
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id="page.selectPayment.title" />
        </h1>
        <p className="page-lead">
          <FormattedMessage id="checkout.orderNumber" values={{ number: ltr(checkout.order.number) }} />
        </p>
      </header>
      <CheckoutSteps current="method" />
      <div className="checkout-grid">
        <form
          className="checkout-form form-stack"
          onSubmit={(event) => {
            event.preventDefault();
            if (!selectedChoice) return;
            checkoutStore.update({ gateway: selectedChoice.gateway, method: selectedChoice.method });
            navigate('/payment');
          }}
        >
          <fieldset className="checkout-section" aria-busy={gateways.isPending || undefined}>
            <legend className="section-title section-title--sm">
              <FormattedMessage id="payment.choose" />
            </legend>
            {gateways.isPending ? (
              <Skeleton lines={3} />
            ) : gateways.isError ? (
              <CheckoutErrorNotice error={gateways.error} onRetry={() => void gateways.refetch()} />
            ) : choices.length === 0 ? (
              <p className="notice notice--warning" role="alert" data-testid="no-payment-options">
                <FormattedMessage id="error.PAYMENT_OPTION_NOT_AVAILABLE" />
              </p>
            ) : (
              choices.map((choice) => (
                <label key={choiceKey(choice)} className="choice-card">
                  <input type="radio" name="paymentChoice" value={choiceKey(choice)} checked={selected === choiceKey(choice)} onChange={() => setSelected(choiceKey(choice))} />
                  <span className="choice-card__text">
                    <strong>
                      <FormattedMessage id={choiceLabelId(choice)} />
                    </strong>
                    <span className="muted">
                      <FormattedMessage id={choiceHintId(choice)} />
                    </span>
                  </span>
                </label>
              ))
            )}
            {storedUnavailable ? (
              <p className="notice notice--warning" role="alert">
                <FormattedMessage id="error.PAYMENT_OPTION_NOT_AVAILABLE" />
              </p>
            ) : null}
          </fieldset>
          <div className="form-actions">
            <button type="submit" className="btn btn--primary btn--lg" disabled={!selectedChoice}>
              <FormattedMessage id="payment.continue" />
            </button>
            <Link to={checkout.action?.returnTo ?? '/checkout'} className="btn btn--ghost">
              <FormattedMessage id="checkout.back" />
            </Link>
          </div>
        </form>
        <aside className="checkout-aside">
          {order.data ? (
            <TotalsSummary lines={summaryLines(intl, order.data.lines)} totals={order.data} needsShipping={order.data.shippingAddress !== null} />
          ) : order.isError ? (
            <CheckoutErrorNotice error={order.error} onRetry={() => void order.refetch()} />
          ) : (
            <div className="checkout-summary" aria-busy="true">
              <Skeleton lines={5} />
            </div>
          )}
        </aside>
      </div>
    </div>
  );
}
