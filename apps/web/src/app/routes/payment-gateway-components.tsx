import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import type { Payment } from '@app/shared/contracts/payments';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import type { GatewayPaymentProps } from '../../features/checkout/pages/payment-page';
import { CoinSelect, CryptoPaymentPanel, PayPalButton, StripeCardForm, confirmStripeAction } from '../../features/payments/lazy';
import { readPayPalReturn } from '../../features/payments/paypal-return';

/**
 * The third-party gateways' browser components (features/payments, decision 142) fitted to checkout's
 * payment page (features/checkout): composed here because features do not import each other.
 */

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton lines={3} />}>{children}</Suspense>;
}

/** "Pay another way": gives up the attempt that waits for the customer, so another can start at once. */
function PayAnotherWay({ payment, cancel }: Pick<GatewayPaymentProps, 'payment' | 'cancel'>) {
  const [busy, setBusy] = useState(false);
  if (!payment) return null;
  return (
    <button
      type="button"
      className="btn btn--outline"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void cancel(payment.id).finally(() => setBusy(false));
      }}
    >
      <FormattedMessage id="payment.gateway.cancel" />
    </button>
  );
}

/** Stripe: the card in Stripe's iframe becomes a PaymentMethod the server charges; 3-D Secure by Stripe.js. */
export function StripePayment({ total, publicSettings, payment, busy, start, confirm, cancel, onFailure }: GatewayPaymentProps) {
  const intl = useIntl();
  const publishableKey = publicSettings.publishableKey ?? '';
  const clientSecret = payment?.nextAction?.type === 'confirm_card' ? payment.nextAction.clientSecret : undefined;
  const [authenticating, setAuthenticating] = useState(false);
  const ran = useRef<string | null>(null);

  const authenticate = useCallback(async () => {
    if (!payment || !clientSecret) return;
    setAuthenticating(true);
    const outcome = await confirmStripeAction(publishableKey, clientSecret);
    setAuthenticating(false);
    // Whatever the customer did, the server asks Stripe how the payment stands and the page follows that.
    if (outcome.ok || outcome.code !== 'stripe_unavailable') await confirm(payment.id);
    else onFailure('processing_error');
  }, [payment, clientSecret, publishableKey, confirm, onFailure]);

  // Stripe's bank step opens by itself once per attempt (also after a reload); the button opens it again.
  useEffect(() => {
    if (!payment || !clientSecret || ran.current === payment.id) return;
    ran.current = payment.id;
    void authenticate();
  }, [payment, clientSecret, authenticate]);

  if (payment) {
    return (
      <div className="gateway-step" data-testid="stripe-action">
        <p role="status">
          {authenticating ? <Spinner size="sm" /> : null} <FormattedMessage id={authenticating ? 'payment.stripe.authenticating' : 'payment.stripe.needsAuth'} values={{ amount: total }} />
        </p>
        <div className="form-actions">
          <button type="button" className="btn btn--primary" disabled={authenticating || !clientSecret} onClick={() => void authenticate()}>
            <FormattedMessage id="payment.stripe.authenticate" />
          </button>
          <PayAnotherWay payment={payment} cancel={cancel} />
        </div>
      </div>
    );
  }
  return (
    <Lazy>
      <StripeCardForm
        publishableKey={publishableKey}
        submitLabel={intl.formatMessage({ id: 'payment.pay' }, { amount: total })}
        disabled={busy}
        onToken={async (cardToken) => {
          await start({ cardToken });
        }}
      />
    </Lazy>
  );
}

/** PayPal by redirect: approve at PayPal, come back to /payment, and the server captures. */
export function PayPalPayment({ payment, busy, start, confirm, cancel }: GatewayPaymentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const back = readPayPalReturn(location.search);
  const handled = useRef(false);
  const redirect = payment?.nextAction?.type === 'redirect' ? payment.nextAction.url : undefined;

  // Back from PayPal: approved → capture; canceled there → the attempt is given up (nothing was taken).
  useEffect(() => {
    if (!payment || !back || handled.current) return;
    handled.current = true;
    navigate('/payment', { replace: true });
    if (back.kind === 'approved') void confirm(payment.id);
    else void cancel(payment.id, 'canceled');
  }, [payment, back, confirm, cancel, navigate]);

  if (payment && back) {
    return (
      <p role="status" data-testid="paypal-returning">
        <Spinner size="sm" /> <FormattedMessage id="payment.paypal.returning" />
      </p>
    );
  }
  if (payment) {
    return (
      <div className="gateway-step" data-testid="paypal-waiting">
        <p>
          <FormattedMessage id="payment.paypal.waiting" />
        </p>
        <div className="form-actions">
          {redirect ? (
            <a className="btn btn--primary" href={redirect}>
              <FormattedMessage id="payment.paypal.continue" />
            </a>
          ) : null}
          <PayAnotherWay payment={payment} cancel={cancel} />
        </div>
      </div>
    );
  }
  return (
    <Lazy>
      <PayPalButton
        disabled={busy}
        onStart={async () => {
          const started = await start({ returnUrl: '/payment?paypal=return', cancelUrl: '/payment?paypal=cancel' });
          return started?.nextAction?.type === 'redirect' ? started.nextAction.url : undefined;
        }}
      />
    </Lazy>
  );
}

/** CoinPayments: choose a coin, get an address and an exact amount, and watch the payment settle. */
export function CryptoPayment({ total, payment, busy, start, refresh, confirm, cancel, onPayment }: GatewayPaymentProps) {
  const [coin, setCoin] = useState<string>();
  const latest = useRef<Payment | null>(payment);
  latest.current = payment;
  const action = payment?.nextAction?.type === 'show_address' ? payment.nextAction : undefined;

  const poll = useCallback(async () => {
    const now = await refresh(latest.current!.id);
    latest.current = now;
    return now.status === 'refunded' ? 'failed' : now.status;
  }, [refresh]);
  const settled = useCallback(
    (status: 'succeeded' | 'failed' | 'canceled' | 'expired') => {
      const now = latest.current;
      if (!now) return;
      // Out of time: the server asks CoinPayments, which fails the attempt, so another one may start.
      if (status === 'expired') void confirm(now.id);
      else onPayment(now);
    },
    [confirm, onPayment],
  );

  if (payment && action) {
    return (
      <div className="gateway-step" data-testid="crypto-payment">
        <Lazy>
          <CryptoPaymentPanel action={action} fiatAmount={total} poll={poll} pollMs={5000} onSettled={settled} initialStatus={payment.status === 'pending' ? 'pending' : 'requires_action'} />
        </Lazy>
        {payment.status === 'requires_action' ? (
          <div className="form-actions">
            <PayAnotherWay payment={payment} cancel={cancel} />
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <form
      className="form-stack"
      onSubmit={(event) => {
        event.preventDefault();
        if (coin) void start({ currencyCrypto: coin });
      }}
    >
      <Lazy>
        <CoinSelect value={coin} onChange={setCoin} disabled={busy} />
      </Lazy>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary btn--lg" disabled={!coin || busy}>
          {busy ? <Spinner size="sm" /> : null} <FormattedMessage id="payment.crypto.showAddress" values={{ amount: total }} />
        </button>
      </div>
    </form>
  );
}
