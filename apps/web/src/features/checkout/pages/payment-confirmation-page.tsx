import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { OrderKind } from '@app/shared/contracts/orders';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCheckoutCart } from '../checkout-cart';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { orderQueryOptions } from '../api/checkout-api';
import { useCheckout } from '../checkout-store';
import { CheckoutErrorNotice } from '../components/checkout-error-notice';
import { CheckoutSteps } from '../components/checkout-steps';
import { NoOrder } from '../components/no-order';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { summaryLines } from '../components/quote-lines';
import { TotalsSummary } from '../components/totals-summary';
import { useCheckoutOrder } from '../components/use-checkout-order';
import '../checkout.css';
import { useLtrText } from '../../../lib/use-format-phone';

const SETTLED = new Set(['paid', 'processing', 'shipped', 'delivered']);

/** What happens next once paid: SIM actions say the network applies them; purchases say how SIMs arrive. */
function settledNext(kind: OrderKind, shipped: boolean): string {
  if (kind === 'renewal' || kind === 'plan_change' || kind === 'recovery' || kind === 'addon') return 'simAction';
  if (kind === 'top_up') return 'topUp';
  return shipped ? 'ship' : 'esim';
}

/**
 * /payment-confirmation: the order as the server has it after paying, what happens next, whether a
 * visitor's e-mail made a new account or was added to an existing one, and the invoice.
 */
export default function PaymentConfirmationPage() {
  const intl = useIntl();
  // Order, invoice and tracking numbers left to right in a right-to-left page (decision 222).
  const ltr = useLtrText();
  usePageTitle(intl.formatMessage({ id: 'page.paymentConfirmation.title' }));
  const { isAuth } = useSession();
  const checkout = useCheckout();
  const cart = useCheckoutCart();
  const order = useCheckoutOrder(checkout.order);
  const queryClient = useQueryClient();
  const data = order.data;
  const settled = data ? SETTLED.has(data.status) : false;
  const fromAction = checkout.action !== null;

  // Paid orders take the cart with them (the payment page clears it too; a reload lands here).
  useEffect(() => {
    if (settled && !fromAction) cart.clear();
  }, [settled, fromAction, cart]);

  // Completion may trail the gateway by a moment (webhook, job): look again a few times.
  useEffect(() => {
    if (!checkout.order || !data || data.status !== 'pending') return;
    const timer = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: orderQueryOptions(checkout.order!.id, '').queryKey }), 2000);
    return () => window.clearTimeout(timer);
  }, [checkout.order, data, queryClient]);

  if (!checkout.order) return <NoOrder titleId="page.paymentConfirmation.title" />;
  const { account, email, number } = checkout.order;

  return (
    <div className="container page checkout-page">
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id={settled ? 'confirmation.thanks' : 'page.paymentConfirmation.title'} />
        </h1>
      </header>
      <CheckoutSteps current="done" />
      <div className="checkout-grid">
        <div className="checkout-form form-stack" aria-busy={order.isPending || undefined} data-testid="payment-confirmation">
          {data ? (
            <>
              <section className="checkout-section">
                <p className="confirmation-status">
                  <FormattedMessage id="checkout.orderNumber" values={{ number: <strong key="number">{ltr(number)}</strong> }} /> <OrderStatusBadge status={data.status} />
                </p>
                <p>
                  <FormattedMessage id={`confirmation.next.${settled ? settledNext(data.kind, data.shippingAddress !== null) : data.status === 'pending' ? 'pending' : 'other'}`} values={{ email }} />
                </p>
              </section>
              {data.invoiceId && !isAuth ? (
                <p className="muted" data-testid="invoice-mailed">
                  <FormattedMessage id="confirmation.invoiceMailed" values={{ email }} />
                </p>
              ) : null}
              {!isAuth || account !== 'signed_in' ? (
                <section className="checkout-section notice notice--info" data-testid="account-outcome" data-account={account}>
                  <p className="notice__title">
                    <FormattedMessage id={`confirmation.account.${account}.title`} />
                  </p>
                  <p>
                    <FormattedMessage id={`confirmation.account.${account}.text`} values={{ email: <strong key="email">{email}</strong> }} />
                  </p>
                  {isAuth ? null : (
                    <Link to="/auth/login" className="btn btn--outline btn--sm">
                      <FormattedMessage id="confirmation.signIn" />
                    </Link>
                  )}
                </section>
              ) : null}
              <div className="form-actions">
                {data.invoiceId && isAuth ? (
                  <Link to={`/invoice?id=${encodeURIComponent(data.invoiceId)}`} className="btn btn--primary">
                    <FormattedMessage id="confirmation.viewInvoice" />
                  </Link>
                ) : null}
                {isAuth ? (
                  <Link to={`/dashboard/order-view/${data.id}`} className="btn btn--outline">
                    <FormattedMessage id="confirmation.viewOrder" />
                  </Link>
                ) : null}
                {checkout.action ? (
                  <Link to={checkout.action.returnTo} className="btn btn--primary" data-testid="back-to-action">
                    <FormattedMessage id="confirmation.backToSim" />
                  </Link>
                ) : (
                  <Link to="/plans" className="btn btn--ghost">
                    <FormattedMessage id="confirmation.keepShopping" />
                  </Link>
                )}
              </div>
            </>
          ) : order.isError ? (
            <CheckoutErrorNotice error={order.error} onRetry={() => void order.refetch()} />
          ) : (
            <Skeleton lines={4} />
          )}
        </div>
        <aside className="checkout-aside">
          {data ? <TotalsSummary lines={summaryLines(intl, data.lines)} totals={data} needsShipping={data.shippingAddress !== null} /> : null}
        </aside>
      </div>
    </div>
  );
}
