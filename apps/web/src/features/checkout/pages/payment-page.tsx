import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useNavigate } from 'react-router';
import type { GatewayIdValue, Payment } from '@app/shared/contracts/payments';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useCheckoutCart } from '../checkout-cart';
import { useSession } from '../../../lib/session';
import { formatMoney } from '../../../lib/use-format-money';
import { usePageTitle } from '../../../lib/use-page-title';
import { authenticateSandbox, cancelPayment, confirmPayment, getPayment, pay, useGateways, useSavedCardsForPayment } from '../api/checkout-api';
import { checkoutStore, useCheckout, type CheckoutOrder } from '../checkout-store';
import { errorCodeOf } from '../../../lib/error-message';
import { CheckoutSteps } from '../components/checkout-steps';
import { NoOrder } from '../components/no-order';
import { PaymentFailure } from '../components/payment-failure';
import { soldOutReason } from '../components/checkout-error-notice';
import { SavedCardChoice, SavedCardPayButton } from '../components/saved-card-choice';
import { summaryLines } from '../components/quote-lines';
import { TotalsSummary } from '../components/totals-summary';
import { useCheckoutOrder } from '../components/use-checkout-order';
import { choiceLabelId } from '../gateway-labels';
import { newRequestId } from '../../../lib/request-id';
import '../checkout.css';
import { useLtrText } from '../../../lib/use-format-phone';

/** What a gateway's card component gives the page: a one-time token (the number stays in the browser). */
export interface CardFormProps {
  onToken: (token: string) => void | Promise<void>;
  busy: boolean;
  submitLabel: ReactNode;
  busyLabel?: ReactNode;
}

/** What a gateway's own component may add to the payment request. */
export interface GatewayStart {
  cardToken?: string;
  currencyCrypto?: string;
  returnUrl?: string;
  cancelUrl?: string;
}

/**
 * A gateway with its own browser flow (Stripe Elements, PayPal's redirect, a crypto address). The page
 * owns the attempt (request id stored first, one at a time) and follows every answer: paid → the
 * confirmation; waiting for the customer → this component again with `payment` set; failed → the reason
 * with a retry. The component shows the gateway's form, then the step `payment.nextAction` asks for.
 */
export interface GatewayPaymentProps {
  order: CheckoutOrder;
  /** The order total, formatted for the customer's language. */
  total: string;
  /** The gateway's public settings from the server (publishable key, client id). */
  publicSettings: Record<string, string>;
  /** The attempt waiting for the customer (after Pay, a reload, or a return from the gateway's site). */
  payment: Payment | null;
  busy: boolean;
  /** Starts an attempt; resolves with the server's answer (already followed by the page), or undefined when refused. */
  start: (extra: GatewayStart) => Promise<Payment | undefined>;
  /** Reads the attempt again (no call to the gateway). */
  refresh: (paymentId: string) => Promise<Payment>;
  /** After the customer's step: the server asks the gateway, and the page follows the answer. */
  confirm: (paymentId: string) => Promise<void>;
  /** The customer gives the attempt up; the page goes back to choosing (or shows `reason`). */
  cancel: (paymentId: string, reason?: string) => Promise<void>;
  /** The page follows a payment the component read itself. */
  onPayment: (payment: Payment) => void;
  /** Shows a failure in the customer's words (`payment.failure.<reason>`), with a retry. */
  onFailure: (reason: string) => void;
}

type Phase =
  | { name: 'form' }
  | { name: 'paying' }
  | { name: 'confirm'; paymentId: string; reference: string; busy?: boolean }
  | { name: 'waiting'; paymentId: string }
  | { name: 'gateway'; payment: Payment }
  | { name: 'failed'; reason: string };

const POLL_MS = 2000;
const POLL_LIMIT = 90;

function declineReason(error: unknown): string {
  if (isApiError(error) && error.code === 'PAYMENT_DECLINED') {
    const body = error.body as { reason?: unknown; failureCode?: unknown } | undefined;
    const reason = body?.reason ?? body?.failureCode;
    return typeof reason === 'string' ? reason : 'card_declined';
  }
  return soldOutReason(error) ?? errorCodeOf(error) ?? 'UNKNOWN';
}

/**
 * /payment: pays the order in progress with the method chosen on /select-payment. One request id per
 * click of Pay (kept under the order key), so a double click or a retry after a timeout never charges
 * twice; a reload while a payment waits for its confirmation step or its settlement comes back to it.
 */
export default function PaymentPage({
  CardForm,
  gatewayComponents = {},
}: {
  /** The sandbox gateway's card component (composed in app/). */
  CardForm: ComponentType<CardFormProps>;
  /** Gateways with their own browser component (Stripe, PayPal, CoinPayments), when the app has them. */
  gatewayComponents?: Partial<Record<GatewayIdValue, ComponentType<GatewayPaymentProps>>>;
}) {
  const intl = useIntl();
  // Order, invoice and tracking numbers left to right in a right-to-left page (decision 222).
  const ltr = useLtrText();
  usePageTitle(intl.formatMessage({ id: 'page.payment.title' }));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isAuth } = useSession();
  const checkout = useCheckout();
  const cart = useCheckoutCart();
  const order = useCheckoutOrder(checkout.order);
  const gateways = useGateways();
  const [phase, setPhase] = useState<Phase>({ name: 'form' });
  // Subscribers may pay with a card saved at the chosen gateway (sandbox, Stripe), or, with the sandbox
  // gateway, save the new one for next time (Stripe cards are saved on the Payment tab).
  const cardGateway = checkout.gateway === 'sandbox' || checkout.gateway === 'stripe';
  const savedCards = useSavedCardsForPayment(isAuth && cardGateway);
  const usableCards = cardGateway ? (savedCards.data ?? []).filter((c) => c.gateway === checkout.gateway && !c.isExpired) : [];
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const chosenCard = cardChoice === 'new' ? null : (usableCards.find((c) => c.id === cardChoice) ?? usableCards.find((c) => c.isDefault) ?? usableCards[0] ?? null);
  const inFlight = useRef(false);
  const resumed = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const finish = useCallback(() => {
    // An order for a SIM action (renewal, add-on, top-up) did not come from the cart: leave it be.
    if (!checkoutStore.getState().action) cart.clear();
    void queryClient.invalidateQueries({ queryKey: ['checkout', 'order'] });
    void queryClient.invalidateQueries({ queryKey: ['subscriber'] });
    navigate('/payment-confirmation');
  }, [navigate, queryClient, cart]);

  /** Moves the page to what the payment's state asks for. */
  const follow = useCallback(
    (payment: Payment) => {
      const current = checkoutStore.getState().payment;
      checkoutStore.update({
        payment: { requestId: current?.requestId ?? newRequestId(), id: payment.id, status: payment.status, failureCode: payment.failureCode },
      });
      switch (payment.status) {
        case 'succeeded':
          finish();
          return;
        case 'requires_action': {
          const action = payment.nextAction;
          const reference = action?.type === 'confirm_card' ? action.data?.reference : undefined;
          if (payment.gateway === 'sandbox' && reference) setPhase({ name: 'confirm', paymentId: payment.id, reference });
          else if (gatewayComponents[payment.gateway]) setPhase({ name: 'gateway', payment });
          else setPhase({ name: 'failed', reason: 'unknown' });
          return;
        }
        case 'pending':
          // A crypto payment keeps its address while the network confirms: its panel shows that live.
          if (payment.nextAction?.type === 'show_address' && gatewayComponents[payment.gateway]) setPhase({ name: 'gateway', payment });
          else setPhase({ name: 'waiting', paymentId: payment.id });
          return;
        default:
          setPhase({ name: 'failed', reason: payment.failureCode ?? 'unknown' });
      }
    },
    [finish, gatewayComponents],
  );

  const failWith = useCallback((reason: string) => {
    setPhase({ name: 'failed', reason });
    const current = checkoutStore.getState().payment;
    if (current) checkoutStore.update({ payment: { ...current, status: 'failed' } });
  }, []);
  const fail = useCallback((error: unknown) => failWith(declineReason(error)), [failWith]);

  // A reload comes back to a payment that was waiting (confirmation step, settlement).
  useEffect(() => {
    if (resumed.current || !checkout.order) return;
    resumed.current = true;
    const stored = checkout.payment;
    if (!stored?.id || (stored.status !== 'pending' && stored.status !== 'requires_action')) return;
    setPhase({ name: 'paying' });
    getPayment(stored.id, checkout.order.accessToken).then(follow, () => setPhase({ name: 'form' }));
  }, [checkout.order, checkout.payment, follow]);

  // A payment the gateway has not settled yet (in process): ask again until it has, or give up.
  useEffect(() => {
    if (phase.name !== 'waiting' || !checkout.order) return;
    const token = checkout.order.accessToken;
    let tries = 0;
    let stopped = false;
    const timer = window.setInterval(() => {
      tries += 1;
      if (tries > POLL_LIMIT) {
        window.clearInterval(timer);
        setPhase({ name: 'failed', reason: 'timeout' });
        return;
      }
      getPayment(phase.paymentId, token).then(
        (payment) => {
          if (!stopped && payment.status !== 'pending') {
            window.clearInterval(timer);
            follow(payment);
          }
        },
        () => undefined,
      );
    }, POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [phase, checkout.order, follow]);

  useEffect(() => {
    if (phase.name === 'confirm') headingRef.current?.focus();
  }, [phase.name]);

  const start = useCallback(
    async (extra: GatewayStart & { paymentMethodId?: string; saveCard?: boolean }): Promise<Payment | undefined> => {
      const current = checkoutStore.getState();
      if (inFlight.current || !current.order || !current.gateway || !current.method) return undefined;
      inFlight.current = true;
      const requestId = newRequestId();
      checkoutStore.update({ payment: { requestId } });
      setPhase({ name: 'paying' });
      try {
        const payment = await pay(isAuth, {
          orderId: current.order.id,
          accessToken: current.order.accessToken,
          gateway: current.gateway,
          method: current.method,
          requestId,
          ...extra,
        });
        follow(payment);
        return payment;
      } catch (error) {
        if (isApiError(error) && error.code === 'ORDER_NOT_PAYABLE') {
          // Paid meanwhile (another tab, a retry that won): the order decides.
          const fresh = await order.refetch();
          if (fresh.data && fresh.data.status !== 'pending' && fresh.data.status !== 'unpaid') {
            finish();
            return undefined;
          }
        }
        fail(error);
        return undefined;
      } finally {
        inFlight.current = false;
      }
    },
    [isAuth, follow, fail, finish, order],
  );

  const refresh = useCallback((paymentId: string) => getPayment(paymentId, checkoutStore.getState().order?.accessToken ?? ''), []);
  const confirmGateway = useCallback(
    async (paymentId: string) => {
      try {
        follow(await confirmPayment(paymentId, checkoutStore.getState().order?.accessToken ?? ''));
      } catch (error) {
        fail(error);
      }
    },
    [follow, fail],
  );
  const cancelGateway = useCallback(
    async (paymentId: string, reason?: string) => {
      try {
        const payment = await cancelPayment(paymentId, checkoutStore.getState().order?.accessToken ?? '');
        // Paid after all (the customer finished at the gateway in another tab): that wins.
        if (payment.status === 'succeeded') {
          follow(payment);
          return;
        }
        const current = checkoutStore.getState().payment;
        if (current) checkoutStore.update({ payment: { ...current, status: payment.status } });
        if (reason) failWith(reason);
        else setPhase({ name: 'form' });
      } catch (error) {
        fail(error);
      }
    },
    [follow, fail, failWith],
  );

  async function answerConfirmation(approve: boolean) {
    if (phase.name !== 'confirm' || phase.busy || !checkout.order) return;
    setPhase({ ...phase, busy: true });
    try {
      await authenticateSandbox(phase.reference, approve);
      follow(await confirmPayment(phase.paymentId, checkout.order.accessToken));
    } catch (error) {
      fail(error);
    }
  }

  if (!checkout.order) return <NoOrder titleId="page.payment.title" />;
  if (!checkout.gateway || !checkout.method) return <Navigate to="/select-payment" replace />;
  if (order.data && order.data.status !== 'pending' && order.data.status !== 'unpaid' && phase.name !== 'paying') {
    return <Navigate to="/payment-confirmation" replace />;
  }

  const enabled = gateways.data?.gateways.some((g) => g.id === checkout.gateway && g.methods.includes(checkout.method!));
  const total = formatMoney(checkout.order.total, intl.locale, checkout.order.currency);
  const payLabel = <FormattedMessage id="payment.pay" values={{ amount: total }} />;
  const GatewayComponent = gatewayComponents[checkout.gateway];
  const gatewaySettings = gateways.data?.gateways.find((g) => g.id === checkout.gateway)?.publicSettings ?? {};
  const gatewayProps = {
    order: checkout.order,
    total,
    publicSettings: gatewaySettings,
    start,
    refresh,
    confirm: confirmGateway,
    cancel: cancelGateway,
    onPayment: follow,
    onFailure: failWith,
  };

  let body: ReactNode;
  if (phase.name === 'failed') {
    body = <PaymentFailure reason={phase.reason} onRetry={() => setPhase({ name: 'form' })} />;
  } else if (phase.name === 'confirm') {
    body = (
      <section className="checkout-section payment-confirm" aria-labelledby="payment-confirm-title" data-testid="payment-confirm-step">
        <h2 id="payment-confirm-title" ref={headingRef} tabIndex={-1} className="section-title section-title--sm">
          <FormattedMessage id="payment.confirmStep.title" />
        </h2>
        <p>
          <FormattedMessage id="payment.confirmStep.text" values={{ amount: total }} />
        </p>
        <div className="form-actions">
          <button type="button" className="btn btn--primary" disabled={phase.busy} onClick={() => void answerConfirmation(true)}>
            {phase.busy ? <Spinner size="sm" /> : null} <FormattedMessage id="payment.confirmStep.approve" />
          </button>
          <button type="button" className="btn btn--outline" disabled={phase.busy} onClick={() => void answerConfirmation(false)}>
            <FormattedMessage id="payment.confirmStep.refuse" />
          </button>
        </div>
      </section>
    );
  } else if (phase.name === 'gateway' && GatewayComponent) {
    body = <GatewayComponent {...gatewayProps} payment={phase.payment} busy={false} />;
  } else if (phase.name === 'waiting') {
    body = (
      <div className="notice notice--info payment-waiting" role="status" data-testid="payment-waiting">
        <Spinner size="sm" /> <FormattedMessage id="payment.waiting" />
      </div>
    );
  } else if (gateways.isPending) {
    body = <Skeleton lines={4} />;
  } else if (!enabled || (checkout.gateway !== 'sandbox' && checkout.gateway !== 'balance' && !GatewayComponent)) {
    body = (
      <div className="notice notice--warning" role="alert" data-testid="payment-unavailable">
        <p>
          <FormattedMessage id="error.PAYMENT_OPTION_NOT_AVAILABLE" />
        </p>
        <Link to="/select-payment" className="btn btn--outline btn--sm">
          <FormattedMessage id="payment.otherMethod" />
        </Link>
      </div>
    );
  } else if (checkout.gateway === 'sandbox') {
    const paying = phase.name === 'paying';
    body = (
      <>
        <SavedCardChoice cards={usableCards} chosenId={chosenCard?.id ?? null} disabled={paying} onChoose={setCardChoice} />
        {chosenCard ? (
          <SavedCardPayButton paying={paying} label={payLabel} onPay={() => void start({ paymentMethodId: chosenCard.id })} />
        ) : (
          <>
            <CardForm busy={paying} submitLabel={payLabel} busyLabel={<FormattedMessage id="payment.processing" />} onToken={async (cardToken) => void (await start({ cardToken, ...(isAuth && saveCard ? { saveCard: true } : {}) }))} />
            {isAuth ? (
              <label className="save-card-option">
                <input type="checkbox" checked={saveCard} disabled={paying} onChange={(e) => setSaveCard(e.target.checked)} /> <FormattedMessage id="payment.saveCard" />
              </label>
            ) : null}
          </>
        )}
      </>
    );
  } else if (checkout.gateway === 'balance') {
    body = (
      <div className="form-actions">
        <button type="button" className="btn btn--primary btn--lg" disabled={phase.name === 'paying'} onClick={() => void start({})}>
          {phase.name === 'paying' ? <Spinner size="sm" /> : null} <FormattedMessage id="payment.payFromBalance" values={{ amount: total }} />
        </button>
      </div>
    );
  } else if (GatewayComponent) {
    // The gateway's own form; with Stripe, the subscriber's saved Stripe cards first (Stripe may still
    // ask for 3-D Secure: the gateway step follows).
    const paying = phase.name === 'paying';
    body = (
      <>
        <SavedCardChoice cards={usableCards} chosenId={chosenCard?.id ?? null} disabled={paying} onChoose={setCardChoice} />
        {chosenCard ? (
          <SavedCardPayButton paying={paying} label={payLabel} onPay={() => void start({ paymentMethodId: chosenCard.id })} />
        ) : (
          <GatewayComponent {...gatewayProps} payment={null} busy={paying} />
        )}
      </>
    );
  }

  return (
    <div className="container page checkout-page">
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id="page.payment.title" />
        </h1>
        <p className="page-lead">
          <FormattedMessage id="checkout.orderNumber" values={{ number: ltr(checkout.order.number) }} />
        </p>
      </header>
      <CheckoutSteps current="pay" />
      <div className="checkout-grid">
        <div className="checkout-form">
          <section className="checkout-section" aria-labelledby="payment-method-title">
            <h2 id="payment-method-title" className="section-title section-title--sm">
              <FormattedMessage id={choiceLabelId({ gateway: checkout.gateway, method: checkout.method })} />
            </h2>
            {phase.name === 'paying' ? (
              <p className="visually-hidden" role="status">
                <FormattedMessage id="payment.processing" />
              </p>
            ) : null}
            {body}
          </section>
          {phase.name === 'form' ? (
            <p>
              <Link to="/select-payment" className="text-link">
                <FormattedMessage id="payment.otherMethod" />
              </Link>
            </p>
          ) : null}
        </div>
        <aside className="checkout-aside">
          {order.data ? (
            <TotalsSummary lines={summaryLines(intl, order.data.lines)} totals={order.data} needsShipping={order.data.shippingAddress !== null} />
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
