import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { forgotPasswordBodySchema } from '@app/shared/contracts/auth';
import { FormField } from '../../../components/ui/form-field';
import { applyServerFieldErrors, toastUnlessFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useValidationMessage } from '../../../lib/validation-message';
import { requestPasswordReset } from '../api/sign-in';
import { AuthLayout } from '../components/auth-layout';
import { tooManyAttemptsMessage } from '../components/auth-errors';

type ForgotForm = z.input<typeof forgotPasswordBodySchema>;
type ForgotValues = z.output<typeof forgotPasswordBodySchema>;

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account
 * (docs/decisions/032), and so is this page: it never says which.
 */
export default function ForgotPasswordPage() {
  const intl = useIntl();
  const message = useValidationMessage();
  const location = useLocation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const initialEmail = (location.state as { email?: unknown } | null)?.email;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ForgotForm, unknown, ForgotValues>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: typeof initialEmail === 'string' ? initialEmail : '' },
  });

  async function onSubmit({ email }: ForgotValues) {
    try {
      await requestPasswordReset(email, (error) => error.status !== 429 && toastUnlessFieldErrors(['email'])(error));
      setSentTo(email);
    } catch (error) {
      const tooMany = tooManyAttemptsMessage(error);
      if (tooMany) notify.error(tooMany);
      else applyServerFieldErrors(error, setError, ['email']);
    }
  }

  const title = intl.formatMessage({ id: sentTo ? 'auth.forgot.sentTitle' : 'page.forgotPassword.title' });
  const footer = (
    <p>
      <Link className="text-link" to="/auth/login" state={sentTo ? { email: sentTo } : undefined}>
        <FormattedMessage id="auth.backToLogin" />
      </Link>
    </p>
  );

  if (sentTo) {
    return (
      <AuthLayout centered title={title} footer={footer}>
        <div className="auth-done">
          <p>
            <FormattedMessage id="auth.forgot.sent" values={{ email: <strong key="email" className="auth-email">{sentTo}</strong> }} />
          </p>
          <p className="muted">
            <FormattedMessage id="auth.forgot.sentHint" values={{ minutes: 60 }} />
          </p>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => {
              reset({ email: sentTo });
              setSentTo(null);
            }}
          >
            <FormattedMessage id="auth.forgot.tryAgain" />
          </button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title} lead={<FormattedMessage id="auth.forgot.lead" />} footer={footer}>
      <form className="form-stack" onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField label={<FormattedMessage id="form.email" />} error={message(errors.email?.message, intl.formatMessage({ id: 'form.email' }))}>
          {(c) => <input {...c} {...register('email')} className="input" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} />}
        </FormField>
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={isSubmitting}>
          <FormattedMessage id={isSubmitting ? 'auth.forgot.submitting' : 'auth.forgot.submit'} />
        </button>
      </form>
    </AuthLayout>
  );
}
