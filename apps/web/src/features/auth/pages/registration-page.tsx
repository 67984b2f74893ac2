import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { registerBodySchema } from '@app/shared/contracts/auth';
import { PASSWORD_MIN_LENGTH } from '@app/shared/rules/account';
import { resellerCodeSchema } from '@app/shared/contracts/catalogue';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { PhoneInput } from '../../../components/ui/phone-input';
import { isApiError } from '../../../lib/api-client';
import { errorMessageId } from '../../../lib/error-message';
import { applyServerFieldErrors, toastUnlessFieldErrors } from '../../../lib/form-errors';
import { usableResellerCode } from '../../../lib/reseller-code';
import { StorageKey } from '../../../lib/storage-keys';
import { readItem, removeItem, writeItem } from '../../../lib/storage';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useValidationMessage } from '../../../lib/validation-message';
import { register as registerAccount } from '../api/register';
import { login, startSession } from '../api/sign-in';
import { AuthLayout } from '../components/auth-layout';
import { AuthCode, hasCode, tooManyAttemptsMessage } from '../components/auth-errors';
import { VerifyEmailForm } from '../components/verify-email-form';

type RegisterForm = z.input<typeof registerBodySchema>;
type RegisterValues = z.output<typeof registerBodySchema>;
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword'] as const;

/**
 * Waiting for the e-mailed code. The password stays in memory only, to sign in right after; the
 * address is also kept in this tab's sessionStorage, so a reload comes back to the code screen
 * (without the password, the person then logs in with the address filled in).
 */
interface Pending {
  email: string;
  password: string;
  resendAfter: number;
}

/** A partner's code captured from a link (spec §2), sent along when it can be one at all. */
function resellerCode(): string | undefined {
  const parsed = resellerCodeSchema.safeParse(usableResellerCode());
  return parsed.success ? parsed.data : undefined;
}

export default function RegistrationPage() {
  const intl = useIntl();
  const message = useValidationMessage();
  const navigate = useNavigate();
  const { isAuth } = useSession();
  const [pending, setPendingState] = useState<Pending | null>(() => {
    const email = readItem(StorageKey.pendingVerification, 'session');
    // resendAfter 0: the server still enforces its cooldown and answers with the seconds left.
    return email ? { email, password: '', resendAfter: 0 } : null;
  });
  const setPending = (next: Pending | null) => {
    if (next) writeItem(StorageKey.pendingVerification, next.email, 'session');
    else removeItem(StorageKey.pendingVerification, 'session');
    setPendingState(next);
  };

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm, unknown, RegisterValues>({
    resolver: zodResolver(registerBodySchema),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' },
  });
  const label = (id: string) => intl.formatMessage({ id });

  async function onSubmit(values: RegisterValues) {
    try {
      const answer = await registerAccount(
        { ...values, locale: intl.locale, resellerCode: resellerCode() },
        (error) => !hasCode(error, AuthCode.subscriberExists) && error.status !== 429 && toastUnlessFieldErrors(FIELDS)(error),
      );
      notify.success({ id: 'auth.registration.codeSent' });
      setPending({ email: answer.email, password: values.password, resendAfter: answer.resendAfter });
    } catch (error) {
      if (hasCode(error, AuthCode.subscriberExists) && isApiError(error)) {
        setError('email', { type: 'server', message: errorMessageId(error) }, { shouldFocus: true });
        return;
      }
      const tooMany = tooManyAttemptsMessage(error);
      if (tooMany) notify.error(tooMany);
      else applyServerFieldErrors(error, setError, FIELDS);
    }
  }

  async function signInAfterVerification({ email, password }: Pending) {
    removeItem(StorageKey.pendingVerification, 'session');
    notify.success({ id: 'auth.registration.done' });
    if (!password) {
      navigate('/auth/login', { replace: true, state: { email } });
      return;
    }
    try {
      startSession(await login({ email, password, stayLoggedIn: false }));
      navigate('/dashboard', { replace: true });
    } catch {
      // Verified but not signed in (a lost connection): the login page finishes with the address filled in.
      navigate('/auth/login', { replace: true, state: { email } });
    }
  }

  if (isAuth) return <Navigate to="/dashboard" replace />;

  if (pending) {
    return (
      <AuthLayout
        title={label('auth.verify.title')}
        footer={
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setPending(null)}>
            <FormattedMessage id="auth.verify.changeEmail" />
          </button>
        }
      >
        <VerifyEmailForm email={pending.email} resendAfter={pending.resendAfter} onVerified={() => signInAfterVerification(pending)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={label('page.registration.title')}
      lead={<FormattedMessage id="auth.registration.lead" />}
      footer={
        <p>
          <FormattedMessage id="auth.registration.haveAccount" />{' '}
          <Link className="text-link" to="/auth/login">
            <FormattedMessage id="auth.registration.login" />
          </Link>
        </p>
      }
    >
      <form className="form-stack" onSubmit={handleSubmit(onSubmit)} noValidate>
        <div className="form-row">
          <FormField label={<FormattedMessage id="form.firstName" />} error={message(errors.firstName?.message, label('form.firstName'))}>
            {(c) => <input {...c} {...register('firstName')} className="input" autoComplete="given-name" />}
          </FormField>
          <FormField label={<FormattedMessage id="form.lastName" />} error={message(errors.lastName?.message, label('form.lastName'))}>
            {(c) => <input {...c} {...register('lastName')} className="input" autoComplete="family-name" />}
          </FormField>
        </div>
        <FormField
          label={<FormattedMessage id="form.email" />}
          hint={<FormattedMessage id="auth.registration.emailHint" />}
          error={message(errors.email?.message, label('form.email'))}
        >
          {(c) => <input {...c} {...register('email')} className="input" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} />}
        </FormField>
        <FormField
          label={<FormattedMessage id="form.phone" />}
          hint={<FormattedMessage id="form.phoneHint" />}
          error={message(errors.phone?.message, label('form.phone'))}
        >
          {(c) => (
            <Controller
              control={control}
              name="phone"
              render={({ field }) => (
                <PhoneInput {...c} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
              )}
            />
          )}
        </FormField>
        <FormField
          label={<FormattedMessage id="form.password" />}
          hint={<FormattedMessage id="form.passwordHint" values={{ min: PASSWORD_MIN_LENGTH }} />}
          error={message(errors.password?.message, label('form.password'))}
        >
          {(c) => <PasswordInput {...c} {...register('password')} autoComplete="new-password" />}
        </FormField>
        <FormField label={<FormattedMessage id="form.confirmPassword" />} error={message(errors.confirmPassword?.message, label('form.confirmPassword'))}>
          {(c) => <PasswordInput {...c} {...register('confirmPassword')} autoComplete="new-password" />}
        </FormField>
        <p className="fine-print">
          <FormattedMessage
            id="auth.registration.terms"
            values={{
              terms: (chunks) => <Link key="terms" to="/terms">{chunks}</Link>,
              privacy: (chunks) => <Link key="privacy" to="/privacy-policy">{chunks}</Link>,
            }}
          />
        </p>
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={isSubmitting}>
          <FormattedMessage id={isSubmitting ? 'auth.registration.submitting' : 'auth.registration.submit'} />
        </button>
      </form>
    </AuthLayout>
  );
}
