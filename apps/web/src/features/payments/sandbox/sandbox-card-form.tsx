import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatCardNumber, formatExpiry } from '@app/shared/rules/card-input';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { tokenizeSandboxCard, validateCard, type CardErrors, type CardInput } from './tokenize';
import './sandbox-card-form.css';

export interface SandboxCardFormProps {
  /** Receives the one-time token; the card number and CVC never leave this component. */
  onToken: (token: string) => void | Promise<void>;
  /** A payment or a save is in flight: fields and button are locked and a progress indicator shows. */
  busy: boolean;
  submitLabel: ReactNode;
  busyLabel?: ReactNode;
  /** Cancel button (e.g. closing the add-card dialog). */
  onCancel?: () => void;
}

const EMPTY: CardInput = { number: '', expiry: '', cvc: '' };

/**
 * The card form of the offline sandbox gateway (SPEC: the test cards developers know from Stripe).
 * Checks the Luhn digit, the expiry and the CVC before anything is sent, then gives the parent a token.
 */
export function SandboxCardForm({ onToken, busy, submitLabel, busyLabel, onCancel }: SandboxCardFormProps) {
  const intl = useIntl();
  const [card, setCard] = useState<CardInput>(EMPTY);
  const [errors, setErrors] = useState<CardErrors>({});
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  // The button is disabled while busy, but a double click lands before the parent re-renders.
  const submitting = useRef(false);

  const message = (id: string | undefined) => (id ? intl.formatMessage({ id }) : undefined);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || submitting.current) return;
    const found = validateCard(card);
    setErrors(found);
    const first = found.number ? numberRef : found.expiry ? expiryRef : found.cvc ? cvcRef : null;
    if (first) {
      first.current?.focus();
      return;
    }
    submitting.current = true;
    try {
      await onToken(tokenizeSandboxCard(card));
    } finally {
      submitting.current = false;
    }
  }

  return (
    <form className="card-form form-stack" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={busy || undefined} data-testid="sandbox-card-form">
      <p className="card-form__note muted">
        <FormattedMessage id="card.sandboxNote" values={{ card: <code key="card" dir="ltr">4242 4242 4242 4242</code> }} />
      </p>
      <FormField label={<FormattedMessage id="card.number" />} error={message(errors.number)}>
        {(c) => (
          <input
            {...c}
            ref={numberRef}
            className="input card-form__number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            dir="ltr"
            value={card.number}
            disabled={busy}
            onChange={(e) => setCard({ ...card, number: formatCardNumber(e.target.value) })}
          />
        )}
      </FormField>
      <div className="form-row">
        <FormField label={<FormattedMessage id="card.expiry" />} hint={<FormattedMessage id="card.expiryHint" />} error={message(errors.expiry)}>
          {(c) => (
            <input
              {...c}
              ref={expiryRef}
              className="input"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              dir="ltr"
              value={card.expiry}
              disabled={busy}
              onChange={(e) => setCard({ ...card, expiry: formatExpiry(e.target.value) })}
            />
          )}
        </FormField>
        <FormField label={<FormattedMessage id="card.cvc" />} error={message(errors.cvc)}>
          {(c) => (
            <input
              {...c}
              ref={cvcRef}
              className="input"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              dir="ltr"
              value={card.cvc}
              disabled={busy}
              onChange={(e) => setCard({ ...card, cvc: e.target.value.replace(/\D/g, '') })}
            />
          )}
        </FormField>
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary btn--lg" disabled={busy} aria-disabled={busy || undefined}>
          {busy ? (
            <>
              <Spinner size="sm" label={intl.formatMessage({ id: 'card.processing' })} /> {busyLabel ?? <FormattedMessage id="card.processing" />}
            </>
          ) : (
            submitLabel
          )}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
            <FormattedMessage id="common.cancel" />
          </button>
        ) : null}
      </div>
    </form>
  );
}
