import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import '../gateway-components.css';
import { Spinner } from '../../../components/ui/spinner';
import { loadStripeJs, type CardElementLike, type StripeLike, type StripeLoader } from '../stripe/stripe-loader';

export interface StripeCardFormProps {
  publishableKey: string;
  /** Called once per submit with the PaymentMethod id Stripe made from the card (the card never reaches us). */
  onToken: (paymentMethodId: string) => Promise<void> | void;
  /** The button's words, e.g. "Pay $25.99" or "Save card". */
  submitLabel: string;
  disabled?: boolean;
  email?: string;
  /** Tests hand in a Stripe.js double; the app uses the real loader. */
  loadStripe?: StripeLoader;
}

type LoadState = 'loading' | 'ready' | 'unavailable';

/**
 * A card form on Stripe Elements: the card fields live in Stripe's iframe, and submit turns them
 * into a PaymentMethod whose id goes to `onToken` (the server charges it). One submit at a time; a
 * second click while one is in flight does nothing.
 */
export function StripeCardForm({ publishableKey, onToken, submitLabel, disabled, email, loadStripe = loadStripeJs }: StripeCardFormProps) {
  const intl = useIntl();
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<StripeLike | null>(null);
  const cardRef = useRef<CardElementLike | null>(null);
  const busyRef = useRef(false);
  const [state, setState] = useState<LoadState>('loading');
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let gone = false;
    setState('loading');
    loadStripe(publishableKey)
      .then((stripe) => {
        if (gone) return;
        if (!stripe || !mountRef.current) {
          setState('unavailable');
          return;
        }
        stripeRef.current = stripe;
        const card = stripe.elements({ locale: intl.locale }).create('card', {
          hidePostalCode: true,
          style: { base: { fontSize: '16px', color: '#1f2933' }, invalid: { color: '#b42318' } },
        });
        card.on('change', (e) => {
          setComplete(e.complete);
          setError(e.error?.message);
        });
        card.mount(mountRef.current);
        cardRef.current = card;
        setState('ready');
      })
      .catch(() => {
        if (!gone) setState('unavailable');
      });
    return () => {
      gone = true;
      cardRef.current?.destroy();
      cardRef.current = null;
    };
  }, [publishableKey, loadStripe, intl.locale]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const stripe = stripeRef.current;
    const card = cardRef.current;
    if (!stripe || !card || busyRef.current || disabled) return;
    busyRef.current = true;
    setBusy(true);
    setError(undefined);
    try {
      const result = await stripe.createPaymentMethod({ type: 'card', card, ...(email && { billing_details: { email } }) });
      if (result.error || !result.paymentMethod) {
        setError(result.error?.message ?? intl.formatMessage({ id: 'payments.card.failed' }));
        card.focus();
        return;
      }
      await onToken(result.paymentMethod.id);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <form className="payment-card-form" onSubmit={(e) => void submit(e)} aria-busy={state === 'loading' || busy} noValidate>
      <label className="payment-card-form__label" htmlFor="stripe-card-element">
        {intl.formatMessage({ id: 'payments.card.label' })}
      </label>
      {state === 'loading' && <Spinner size="sm" label={intl.formatMessage({ id: 'payments.card.loading' })} />}
      {state === 'unavailable' ? (
        <p className="payment-card-form__error" role="alert">
          {intl.formatMessage({ id: 'payments.card.unavailable' })}
        </p>
      ) : (
        <div id="stripe-card-element" className="payment-card-form__field" ref={mountRef} data-state={state} />
      )}
      <p className="payment-card-form__error" role="alert" aria-live="assertive">
        {error ?? ''}
      </p>
      <p className="payment-card-form__note">{intl.formatMessage({ id: 'payments.card.secureNote' })}</p>
      <button type="submit" className="btn btn--primary payment-card-form__submit" disabled={state !== 'ready' || !complete || busy || disabled}>
        {busy ? intl.formatMessage({ id: 'payments.card.processing' }) : submitLabel}
      </button>
    </form>
  );
}

/**
 * Finishes a charge the server answered with `requires_action` (3-D Secure): Stripe.js shows the
 * bank's challenge; the server then reads the outcome (`complete`). Resolves whether the customer
 * passed it, and Stripe's code when not.
 */
export async function confirmStripeAction(
  publishableKey: string,
  clientSecret: string,
  loadStripe: StripeLoader = loadStripeJs,
): Promise<{ ok: true } | { ok: false; code: string }> {
  const stripe = await loadStripe(publishableKey).catch(() => null);
  if (!stripe) return { ok: false, code: 'stripe_unavailable' };
  const result = await stripe.handleNextAction({ clientSecret });
  if (result.error) return { ok: false, code: result.error.code ?? 'authentication_failed' };
  return { ok: true };
}
