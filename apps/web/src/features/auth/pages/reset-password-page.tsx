import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { resetPasswordBodySchema } from '@app/shared/contracts/auth';
import { PASSWORD_MIN_LENGTH } from '@app/shared/rules/account';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors, toastUnlessFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useValidationMessage } from '../../../lib/validation-message';
import { resetPassword } from '../api/sign-in';
import { AuthLayout } from '../components/auth-layout';
import { AuthCode, hasCode, tooManyAttemptsMessage } from '../components/auth-errors';

type ResetForm = z.input<typeof resetPasswordBodySchema>;
type ResetValues = z.output<typeof resetPasswordBodySchema>;
const FIELDS = ['password', 'confirmPassword'] as const;

/** The page the e-mailed link opens: /auth/reset-password?token=… */
export default function ResetPasswordPage() {
  const intl = useIntl();
  const message = useValidationMessage();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const [linkInvalid, setLinkInvalid] = useState(!token);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm, unknown, ResetValues>({
    resolver: zodResolver(resetPasswordBodySchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const label = (id: string) => intl.formatMessage({ id });

  async function onSubmit(values: ResetValues) {
    try {
      await resetPassword(values, (error) => !hasCode(error, AuthCode.invalidResetToken) && error.status !== 429 && toastUnlessFieldErrors(FIELDS)(error));
    } catch (error) {
      if (hasCode(error, AuthCode.invalidResetToken)) {
        setLinkInvalid(true);
        return;
      }
      const tooMany = tooManyAttemptsMessage(error);
      if (tooMany) notify.error(tooMany);
      else if (isApiError(error) && error.fieldErrors?.some((e) => e.field === 'token')) setLinkInvalid(true);
      else applyServerFieldErrors(error, setError, FIELDS);
      return;
    }
    notify.success({ id: 'auth.reset.done' });
    navigate('/auth/login', { replace: true });
  }

  const footer = (
    <p>
      <Link className="text-link" to="/auth/login">
        <FormattedMessage id="auth.backToLogin" />
      </Link>
    </p>
  );

  if (linkInvalid) {
    return (
      <AuthLayout centered title={label('auth.reset.invalidTitle')} footer={footer}>
        <div className="auth-done">
          <p>
            <FormattedMessage id="auth.reset.invalid" />
          </p>
          <Link className="btn btn--primary" to="/auth/forgot-password">
            <FormattedMessage id="auth.reset.requestNew" />
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={label('page.resetPassword.title')} lead={<FormattedMessage id="auth.reset.lead" />} footer={footer}>
      <form className="form-stack" onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField
          label={<FormattedMessage id="form.newPassword" />}
          hint={<FormattedMessage id="form.passwordHint" values={{ min: PASSWORD_MIN_LENGTH }} />}
          error={message(errors.password?.message, label('form.newPassword'))}
        >
          {(c) => <PasswordInput {...c} {...register('password')} autoComplete="new-password" />}
        </FormField>
        <FormField label={<FormattedMessage id="form.confirmPassword" />} error={message(errors.confirmPassword?.message, label('form.confirmPassword'))}>
          {(c) => <PasswordInput {...c} {...register('confirmPassword')} autoComplete="new-password" />}
        </FormField>
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={isSubmitting}>
          <FormattedMessage id={isSubmitting ? 'auth.reset.submitting' : 'auth.reset.submit'} />
        </button>
      </form>
    </AuthLayout>
  );
}
