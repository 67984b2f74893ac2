import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import '../gateway-components.css';

export interface PayPalButtonProps {
  /** Starts the PayPal payment on our server and resolves with PayPal's approval link (the `redirect` next action). */
  onStart: () => Promise<string | undefined>;
  disabled?: boolean;
  /** Where to send the browser; `window.location.assign` in the app. */
  navigate?: (url: string) => void;
}

/**
 * Pay with PayPal by redirect: our server creates the PayPal order, the customer approves it on
 * PayPal's site and comes back to the return URL, where checkout completes (captures) it. No PayPal
 * script runs on our pages. One click at a time.
 */
export function PayPalButton({ onStart, disabled, navigate = (url) => window.location.assign(url) }: PayPalButtonProps) {
  const intl = useIntl();
  const busyRef = useRef(false);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  async function start() {
    if (busyRef.current || disabled) return;
    busyRef.current = true;
    setState('busy');
    try {
      const url = await onStart();
      if (url && /^https?:\/\//.test(url)) {
        navigate(url);
        return; // stays busy while the browser leaves
      }
      setState('failed');
    } catch {
      setState('failed');
    }
    busyRef.current = false;
  }

  return (
    <div className="paypal-pay">
      <button type="button" className="btn btn--primary paypal-pay__button" onClick={() => void start()} disabled={disabled || state === 'busy'} aria-busy={state === 'busy'}>
        {intl.formatMessage({ id: state === 'busy' ? 'payments.paypal.redirecting' : 'payments.paypal.pay' })}
      </button>
      <p className="paypal-pay__note">{intl.formatMessage({ id: 'payments.paypal.note' })}</p>
      {state === 'failed' && (
        <p className="payment-card-form__error" role="alert">
          {intl.formatMessage({ id: 'payments.paypal.failed' })}
        </p>
      )}
    </div>
  );
}
