import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import '../gateway-components.css';
import { ExternalLink } from '../../../components/ui/external-link';

export interface ShowAddressAction {
  address: string;
  amount: string;
  coin: string;
  expiresAt: string;
  qrUrl?: string | undefined;
  statusUrl?: string | undefined;
  destTag?: string | undefined;
}

/** The payment's state as the server reports it (the gateway contract's statuses). */
export type CryptoStatus = 'requires_action' | 'pending' | 'succeeded' | 'failed' | 'canceled';

export interface CryptoPaymentPanelProps {
  action: ShowAddressAction;
  /** The order total in the shop currency, already formatted. */
  fiatAmount?: string;
  /** Asks our server how the payment stands (it asks CoinPayments or has the IPN). */
  poll: () => Promise<CryptoStatus>;
  pollMs?: number;
  /** Called once when the payment is paid, failed or expired. */
  onSettled?: (status: 'succeeded' | 'failed' | 'canceled' | 'expired') => void;
  initialStatus?: CryptoStatus;
}

const URI_SCHEMES: Record<string, string> = { BTC: 'bitcoin', LTC: 'litecoin', BCH: 'bitcoincash', DOGE: 'dogecoin', DASH: 'dash' };

/** What a wallet scans: a BIP 21 style URI where the coin has one, else the bare address. */
export function paymentUri(action: Pick<ShowAddressAction, 'address' | 'amount' | 'coin'>): string {
  const scheme = URI_SCHEMES[action.coin.toUpperCase()];
  return scheme ? `${scheme}:${action.address}?amount=${action.amount}` : action.address;
}

/** h:mm:ss or m:ss left until `expiresAt`; 0 when past. */
export function secondsLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
}

function formatLeft(s: number): string {
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * Pay by crypto: the address and exact amount to send (each with a copy button), a QR code drawn
 * here from the payment URI (CoinPayments' own QR image if drawing fails), the time left, and the
 * payment's state in plain words, kept up to date by polling until it is paid, failed or expired.
 */
export function CryptoPaymentPanel({ action, fiatAmount, poll, pollMs = 10_000, onSettled, initialStatus = 'requires_action' }: CryptoPaymentPanelProps) {
  const intl = useIntl();
  const [status, setStatus] = useState<CryptoStatus>(initialStatus);
  const [now, setNow] = useState(() => Date.now());
  const [qr, setQr] = useState<string | undefined>();
  const [qrFailed, setQrFailed] = useState(false);
  const [copied, setCopied] = useState<'address' | 'amount' | undefined>();
  const settled = useRef(false);
  const left = secondsLeft(action.expiresAt, now);
  const expired = left === 0 && status === 'requires_action';
  const final = status === 'succeeded' || status === 'failed' || status === 'canceled' || expired;

  // The QR code is drawn in the browser; the qrcode library loads only with this panel.
  useEffect(() => {
    let gone = false;
    import('qrcode')
      .then((m) => m.toString(paymentUri(action), { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (!gone) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (!gone) setQrFailed(true);
      });
    return () => {
      gone = true;
    };
  }, [action]);

  useEffect(() => {
    if (final) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [final]);

  useEffect(() => {
    if (final) return;
    let gone = false;
    let timer: number | undefined;
    const tick = async () => {
      try {
        const next = await poll();
        if (gone) return;
        setStatus(next);
        if (next === 'succeeded' || next === 'failed' || next === 'canceled') return;
      } catch {
        // A failed check (network blip) is tried again at the next tick.
      }
      if (!gone) timer = window.setTimeout(() => void tick(), pollMs);
    };
    timer = window.setTimeout(() => void tick(), pollMs);
    return () => {
      gone = true;
      window.clearTimeout(timer);
    };
  }, [final, poll, pollMs]);

  useEffect(() => {
    if (!final || settled.current) return;
    settled.current = true;
    onSettled?.(expired ? 'expired' : (status as 'succeeded' | 'failed' | 'canceled'));
  }, [final, expired, status, onSettled]);

  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(undefined), 2000);
    return () => window.clearTimeout(t);
  }, [copied]);

  async function copy(what: 'address' | 'amount', value: string) {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(what);
    } catch {
      setCopied(undefined);
    }
  }

  const stateText = expired
    ? intl.formatMessage({ id: 'payments.crypto.state.expired' })
    : intl.formatMessage({ id: `payments.crypto.state.${status}` });
  const qrSrc = qr ?? (qrFailed ? action.qrUrl : undefined);

  return (
    <section className="crypto-pay" aria-labelledby="crypto-pay-title" data-status={expired ? 'expired' : status}>
      <h2 id="crypto-pay-title" className="crypto-pay__title">
        {intl.formatMessage({ id: 'payments.crypto.title' }, { amount: action.amount, coin: action.coin })}
      </h2>
      {fiatAmount && <p className="crypto-pay__fiat">{intl.formatMessage({ id: 'payments.crypto.fiat' }, { amount: fiatAmount })}</p>}

      {!final && (
        <div className="crypto-pay__body">
          <div className="crypto-pay__qr">
            {qrSrc ? (
              <img src={qrSrc} width={200} height={200} alt={intl.formatMessage({ id: 'payments.crypto.qrAlt' }, { coin: action.coin })} />
            ) : (
              <span className="skeleton crypto-pay__qr-skeleton" aria-hidden="true" />
            )}
          </div>
          <dl className="crypto-pay__details">
            <dt>{intl.formatMessage({ id: 'payments.crypto.address' })}</dt>
            <dd>
              <code className="crypto-pay__value">{action.address}</code>
              <button type="button" className="btn btn--outline btn--sm" onClick={() => void copy('address', action.address)}>
                {intl.formatMessage({ id: copied === 'address' ? 'payments.crypto.copied' : 'payments.crypto.copyAddress' })}
              </button>
            </dd>
            <dt>{intl.formatMessage({ id: 'payments.crypto.amount' })}</dt>
            <dd>
              <code className="crypto-pay__value">
                {action.amount} {action.coin}
              </code>
              <button type="button" className="btn btn--outline btn--sm" onClick={() => void copy('amount', action.amount)}>
                {intl.formatMessage({ id: copied === 'amount' ? 'payments.crypto.copied' : 'payments.crypto.copyAmount' })}
              </button>
            </dd>
            {action.destTag && (
              <>
                <dt>{intl.formatMessage({ id: 'payments.crypto.destTag' })}</dt>
                <dd>
                  <code className="crypto-pay__value">{action.destTag}</code>
                </dd>
              </>
            )}
            <dt>{intl.formatMessage({ id: 'payments.crypto.timeLeft' })}</dt>
            <dd>
              <span className="crypto-pay__countdown" aria-hidden="true">
                {formatLeft(left)}
              </span>
              <span className="visually-hidden">
                {intl.formatMessage({ id: 'payments.crypto.timeLeftSr' }, { minutes: Math.ceil(left / 60) })}
              </span>
            </dd>
          </dl>
          <p className="crypto-pay__hint">{intl.formatMessage({ id: 'payments.crypto.exactHint' })}</p>
        </div>
      )}

      <p className={`crypto-pay__state crypto-pay__state--${expired ? 'expired' : status}`} role="status" aria-live="polite">
        {stateText}
      </p>
      {action.statusUrl && !final && (
        <p className="crypto-pay__status-link">
          <ExternalLink href={action.statusUrl}>{intl.formatMessage({ id: 'payments.crypto.statusPage' })}</ExternalLink>
        </p>
      )}
    </section>
  );
}
