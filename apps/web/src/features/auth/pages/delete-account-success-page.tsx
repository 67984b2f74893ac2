import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { AuthLayout } from '../components/auth-layout';

/** Shown once an account is deleted (and the browser signed out). */
export default function DeleteAccountSuccessPage() {
  const intl = useIntl();
  return (
    <AuthLayout centered title={intl.formatMessage({ id: 'page.deleteAccountSuccess.title' })}>
      <div className="auth-done">
        <p>
          <FormattedMessage id="auth.deleted.body" />
        </p>
        <p className="muted">
          <FormattedMessage id="auth.deleted.again" />
        </p>
        <div className="form-actions">
          <Link className="btn btn--primary" to="/">
            <FormattedMessage id="auth.deleted.home" />
          </Link>
          <Link className="btn btn--outline" to="/auth/registration">
            <FormattedMessage id="auth.deleted.register" />
          </Link>
        </div>
      </div>
    </AuthLayout>
  );
}
