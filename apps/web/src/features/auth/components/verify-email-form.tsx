import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { verificationCodeSchema } from '@app/shared/contracts/auth';
import { VERIFICATION_CODE_LENGTH } from '@app/shared/rules/account';
import { normalizePhone } from '@app/shared/rules/phone';
import { FormField } from '../../../components/ui/form-field';
import { notify } from '../../../lib/toast';
import { useValidationMessage } from '../../../lib/validation-message';
import { resendCode, verifyEmail } from '../api/register';
import { AuthCode, hasCode, tooManyAttemptsMessage } from './auth-errors';
import { useCountdown } from './use-countdown';

const codeFormSchema = z.object({ code: verificationCodeSchema });

/** Seconds left at which the countdown is read out (besides its start and its end): not every tick. */
const ANNOUNCE_AT = [30, 10];

/**
 * What a screen reader hears about the resend countdown, through a polite live region: the wait when
 * it starts, a reminder at 30 and 10 seconds, and that a new code can be asked for at the end.
 * The button's own text ticks every second, silently.
 */
function useCountdownAnnouncement(remaining: number): string {
  const intl = useIntl();
  const previous = useRef<number | null>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    const before = previous.current;
    previous.current = remaining;
    if (remaining > 0 && (before === null || remaining > before || ANNOUNCE_AT.includes(remaining))) {
      setText(intl.formatMessage({ id: 'auth.verify.sendAgainAnnounce' }, { seconds: remaining }));
    } else if (remaining === 0 && before !== null && before > 0) {
      setText(intl.formatMessage({ id: 'auth.verify.sendAgainReady' }));
    }
  }, [remaining, intl]);
  return text;
}
type CodeForm = z.input<typeof codeFormSchema>;

interface VerifyEmailFormProps {
  email: string;
  /** Seconds before a new code may be asked for, as the server said (0 when unknown). */
  resendAfter: number;
  /** Runs after the address is verified; signs the person in. */
  onVerified: () => Promise<void>;
}

/** Any digits the keyboard produces (full-width, Arabic-Indic, Persian) as ASCII, six at most. */
function codeDigits(raw: string): string {
  return normalizePhone(raw).slice(1, VERIFICATION_CODE_LENGTH + 1);
}

/**
 * The e-mail verification code screen: six digits, and a 'Send again' button that counts down the
 * server's cooldown (resendAfter, or retryAfter when the server refuses a resend as too early).
 */
export function VerifyEmailForm({ email, resendAfter, onVerified }: VerifyEmailFormProps) {
  const intl = useIntl();
  const message = useValidationMessage();
  const { remaining, restart } = useCountdown(resendAfter);
  const [resending, setResending] = useState(false);
  const announcement = useCountdownAnnouncement(remaining);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeForm>({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });
  const codeField = register('code');

  async function onSubmit({ code }: CodeForm) {
    try {
      await verifyEmail(code, email, (error) => !hasCode(error, AuthCode.invalidCode, AuthCode.codeExpired) && !tooManyAttemptsMessage(error));
    } catch (error) {
      if (hasCode(error, AuthCode.invalidCode)) {
        setError('code', { type: 'server', message: intl.formatMessage({ id: 'auth.verify.invalidCode' }) }, { shouldFocus: true });
      } else if (hasCode(error, AuthCode.codeExpired)) {
        setError('code', { type: 'server', message: intl.formatMessage({ id: 'auth.verify.codeExpired' }) }, { shouldFocus: true });
      } else {
        const tooMany = tooManyAttemptsMessage(error);
        if (tooMany) notify.error(tooMany);
      }
      return;
    }
    await onVerified();
  }

  async function resend() {
    if (resending || remaining > 0) return;
    setResending(true);
    try {
      const answer = await resendCode(email, (error) => !(error.status === 429 && error.retryAfter !== undefined));
      notify.success({ id: 'auth.verify.codeSent' });
      restart(answer.resendAfter);
    } catch (error) {
      const retryAfter = (error as { retryAfter?: number }).retryAfter;
      if (typeof retryAfter === 'number') restart(retryAfter);
    } finally {
      setResending(false);
    }
  }

  return (
    <>
      <p className="auth-card__lead">
        <FormattedMessage id="auth.verify.sentTo" values={{ email: <strong key="email" className="auth-email">{email}</strong> }} />
      </p>
      <form className="form-stack" onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField
          label={<FormattedMessage id="auth.verify.codeLabel" />}
          hint={<FormattedMessage id="auth.verify.codeHint" values={{ length: intl.formatNumber(VERIFICATION_CODE_LENGTH) }} />}
          error={message(errors.code?.message, intl.formatMessage({ id: 'auth.verify.codeLabel' }))}
        >
          {(control) => (
            <input
              {...control}
              {...codeField}
              onChange={(event) => {
                // A pasted '123 456' or a code typed on an Arabic keyboard still reads as six digits.
                event.target.value = codeDigits(event.target.value);
                return codeField.onChange(event);
              }}
              className="input auth-code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={VERIFICATION_CODE_LENGTH * 3}
              dir="ltr"
            />
          )}
        </FormField>
        <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
          <FormattedMessage id={isSubmitting ? 'auth.verify.submitting' : 'auth.verify.submit'} />
        </button>
      </form>
      <div className="auth-resend">
        <p className="muted">
          <FormattedMessage id="auth.verify.noCode" />
        </p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={resend} disabled={remaining > 0 || resending}>
          {remaining > 0 ? (
            <FormattedMessage id="auth.verify.sendAgainIn" values={{ seconds: remaining }} />
          ) : (
            <FormattedMessage id="auth.verify.sendAgain" />
          )}
        </button>
        <p className="visually-hidden" role="status" aria-live="polite" data-testid="resend-announcement">
          {announcement}
        </p>
      </div>
    </>
  );
}
