import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { changePasswordBodySchema, deleteAccountBodySchema } from '@app/shared/contracts/auth';
import { PASSWORD_MIN_LENGTH } from '@app/shared/rules/account';
import type { Profile } from '@app/shared/contracts/profile';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { applyServerFieldErrors, toastUnlessFieldErrors } from '../../../lib/form-errors';
import { logout } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useValidationMessage } from '../../../lib/validation-message';
import { changePassword, deleteAccount } from '../api/account-actions';

type ChangeForm = z.input<typeof changePasswordBodySchema>;
type ChangeValues = z.output<typeof changePasswordBodySchema>;
const CHANGE_FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

type DeleteForm = z.input<typeof deleteAccountBodySchema>;
type DeleteValues = z.output<typeof deleteAccountBodySchema>;

/** Change password, and Delete Account behind a dialog that asks for the password (spec §2). */
export function SecurityTab({ profile }: { profile: Profile }) {
  return (
    <div className="profile-sections">
      <section className="profile-section" aria-labelledby="security-password-title">
        <h3 id="security-password-title" className="profile-section__title">
          <FormattedMessage id="profile.security.changePassword" />
        </h3>
        {profile.hasPassword ? <ChangePasswordForm /> : <NoPasswordNotice email={profile.email} />}
      </section>
      <section className="profile-section profile-section--danger" aria-labelledby="security-delete-title">
        <h3 id="security-delete-title" className="profile-section__title">
          <FormattedMessage id="profile.security.deleteTitle" />
        </h3>
        <p>
          <FormattedMessage id="profile.security.deleteText" values={{ policy: (chunks) => <Link key="policy" to="/delete-account-policy">{chunks}</Link> }} />
        </p>
        {profile.hasPassword ? <DeleteAccount /> : <NoPasswordNotice email={profile.email} forDeletion />}
      </section>
    </div>
  );
}

/** Accounts made by social sign-in have no password until they set one through the reset e-mail. */
function NoPasswordNotice({ email, forDeletion = false }: { email: string; forDeletion?: boolean }) {
  return (
    <div className="notice notice--info">
      <p>
        <FormattedMessage id={forDeletion ? 'profile.security.noPasswordDelete' : 'profile.security.noPassword'} />
      </p>
      <Link className="text-link" to="/auth/forgot-password" state={{ email }}>
        <FormattedMessage id="profile.security.setPassword" />
      </Link>
    </div>
  );
}

function ChangePasswordForm() {
  const intl = useIntl();
  const message = useValidationMessage();
  const label = (id: string) => intl.formatMessage({ id });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangeForm, unknown, ChangeValues>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  async function onSubmit(values: ChangeValues) {
    try {
      await changePassword(values, toastUnlessFieldErrors(CHANGE_FIELDS));
    } catch (error) {
      applyServerFieldErrors(error, setError, CHANGE_FIELDS);
      return;
    }
    reset();
    notify.success({ id: 'profile.security.passwordChanged' });
  }

  return (
    <form className="form-stack" onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="security-password-title">
      <FormField label={<FormattedMessage id="form.currentPassword" />} error={message(errors.currentPassword?.message, label('form.currentPassword'))}>
        {(c) => <PasswordInput {...c} {...register('currentPassword')} autoComplete="current-password" />}
      </FormField>
      <div className="form-row">
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
      </div>
      <p className="field-hint">
        <FormattedMessage id="profile.security.otherSessions" />
      </p>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          <FormattedMessage id={isSubmitting ? 'form.saving' : 'profile.security.changePasswordSubmit'} />
        </button>
      </div>
    </form>
  );
}

function DeleteAccount() {
  const intl = useIntl();
  const message = useValidationMessage();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DeleteForm, unknown, DeleteValues>({ resolver: zodResolver(deleteAccountBodySchema), defaultValues: { password: '' } });

  function close() {
    if (isSubmitting) return;
    setOpen(false);
    reset();
  }

  async function onSubmit({ password }: DeleteValues) {
    try {
      await deleteAccount(password, toastUnlessFieldErrors(['password']));
    } catch (error) {
      applyServerFieldErrors(error, setError, ['password']);
      return;
    }
    notify.success({ id: 'profile.security.deleted' });
    // The server has ended every session; clearing this browser needs no logout call. Navigating first
    // keeps the login guard of the page being left from sending the person to the login form.
    await navigate('/success-delete-account', { replace: true });
    logout();
  }

  return (
    <>
      <button type="button" className="btn btn--danger" onClick={() => setOpen(true)}>
        <FormattedMessage id="profile.security.deleteButton" />
      </button>
      <Dialog open={open} onClose={close} labelledBy="delete-account-title">
        <form className="dialog-form form-stack" onSubmit={handleSubmit(onSubmit)} noValidate>
          <h2 id="delete-account-title" className="dialog-form__title">
            <FormattedMessage id="profile.security.deleteConfirmTitle" />
          </h2>
          <p>
            <FormattedMessage id="profile.security.deleteConfirmText" />
          </p>
          <FormField
            label={<FormattedMessage id="profile.security.deletePasswordLabel" />}
            error={message(errors.password?.message, intl.formatMessage({ id: 'form.password' }))}
          >
            {(c) => <PasswordInput {...c} {...register('password')} autoComplete="current-password" />}
          </FormField>
          <div className="form-actions dialog-form__actions">
            <button type="button" className="btn btn--outline" onClick={close} disabled={isSubmitting}>
              <FormattedMessage id="form.cancel" />
            </button>
            <button type="submit" className="btn btn--danger" disabled={isSubmitting}>
              <FormattedMessage id={isSubmitting ? 'profile.security.deleting' : 'profile.security.deleteConfirm'} />
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
