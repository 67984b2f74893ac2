import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { loginBodySchema } from '@app/shared/contracts/auth';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors, toastUnlessFieldErrors } from '../../../lib/form-errors';
import { returnPathFor } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useValidationMessage } from '../../../lib/validation-message';
import { login, startSession } from '../api/sign-in';
import { AuthLayout } from '../components/auth-layout';
import { AuthCode, hasCode, tooManyAttemptsMessage } from '../components/auth-errors';
import { SocialSignIn } from '../components/social-sign-in';
import { VerifyEmailForm } from '../components/verify-email-form';

type LoginForm = z.input<typeof loginBodySchema>;
type LoginValues = z.output<typeof loginBodySchema>;
const FIELDS = ['email', 'password'] as const;

/** An address handed over by registration, verification or a link (`?email=`), to save retyping it. */
function prefilledEmail(state: unknown, search: URLSearchParams): string {
  const fromState = state && typeof state === 'object' && 'email' in state ? (state as { email: unknown }).email : undefined;
  const email = typeof fromState === 'string' ? fromState : (search.get('email') ?? '');
  return email.slice(0, 254);
}

export default function LoginPage() {
  const intl = useIntl();
  const message = useValidationMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { isAuth } = useSession();
  const returnTo = returnPathFor(location.state, location.search);
  const [unverified, setUnverified] = useState<LoginValues | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm, unknown, LoginValues>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: prefilledEmail(location.state, search), password: '', stayLoggedIn: false },
  });
  const remember = watch('stayLoggedIn') ?? false;

  async function signIn(values: LoginValues) {
    const answer = await login(
      { email: values.email, password: values.password, stayLoggedIn: values.stayLoggedIn ?? false },
      (error) =>
        !hasCode(error, AuthCode.incorrectCredentials, AuthCode.emailNotVerified) &&
        error.status !== 429 &&
        toastUnlessFieldErrors(FIELDS)(error),
    );
    startSession(answer);
    navigate(returnTo, { replace: true });
  }

  async function onSubmit(values: LoginValues) {
    try {
      await signIn(values);
    } catch (error) {
      if (hasCode(error, AuthCode.emailNotVerified)) {
        setUnverified(values);
      } else if (hasCode(error, AuthCode.incorrectCredentials)) {
        notify.error({ id: 'auth.login.incorrect' });
        setFocus('password');
      } else if (hasCode(error, AuthCode.accountLocked) && isApiError(error)) {
        const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 900) / 60));
        notify.error({ id: 'auth.login.locked', values: { minutes } });
      } else {
        const tooMany = tooManyAttemptsMessage(error);
        if (tooMany) notify.error(tooMany);
        else applyServerFieldErrors(error, setError, FIELDS);
      }
    }
  }

  if (isAuth && !unverified) return <Navigate to={returnTo} replace />;

  if (unverified) {
    return (
      <AuthLayout title={intl.formatMessage({ id: 'auth.verify.title' })}>
        <p className="notice notice--info">
          <FormattedMessage id="auth.login.notVerified" />
        </p>
        <VerifyEmailForm
          email={unverified.email}
          resendAfter={0}
          onVerified={async () => {
            notify.success({ id: 'auth.verify.verified' });
            try {
              await signIn(unverified);
            } catch {
              setUnverified(null);
            }
          }}
        />
      </AuthLayout>
    );
  }

  const socialFailed = search.get('error') === 'social';

  return (
    <AuthLayout
      title={intl.formatMessage({ id: 'page.login.title' })}
      lead={<FormattedMessage id="auth.login.lead" />}
      footer={
        <p>
          <FormattedMessage id="auth.login.noAccount" />{' '}
          <Link className="text-link" to="/auth/registration">
            <FormattedMessage id="auth.login.createAccount" />
          </Link>
        </p>
      }
    >
      {socialFailed ? (
        <div className="form-alert" role="alert">
          <p>
            <FormattedMessage id="auth.social.failed" />
          </p>
        </div>
      ) : null}
      <form className="form-stack" onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField label={<FormattedMessage id="form.email" />} error={message(errors.email?.message, intl.formatMessage({ id: 'form.email' }))}>
          {(control) => <input {...control} {...register('email')} className="input" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} />}
        </FormField>
        <FormField
          label={<FormattedMessage id="form.password" />}
          error={message(errors.password?.message, intl.formatMessage({ id: 'form.password' }))}
        >
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" />}
        </FormField>
        <div className="auth-inline-links">
          <label className="checkbox">
            <input type="checkbox" {...register('stayLoggedIn')} />
            <FormattedMessage id="auth.login.stay" />
          </label>
          <Link className="text-link" to="/auth/forgot-password">
            <FormattedMessage id="auth.login.forgot" />
          </Link>
        </div>
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={isSubmitting}>
          <FormattedMessage id={isSubmitting ? 'auth.login.submitting' : 'auth.login.submit'} />
        </button>
      </form>
      <SocialSignIn remember={remember} />
    </AuthLayout>
  );
}
