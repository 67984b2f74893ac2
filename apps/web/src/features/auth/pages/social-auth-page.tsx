import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { signInWithHandedToken } from '../../../lib/session-lifecycle';
import { useSocialProviders } from '../api/get-social-providers';
import { AuthLayout } from '../components/auth-layout';

/**
 * Where a social provider's sign-in ends: /auth/social/:type?t=<token>. A full page load with `t` is
 * taken over before the router starts (lib/session-lifecycle.ts) and goes straight to the dashboard;
 * this page handles an in-app visit with `t`, and explains an arrival without one.
 */
export default function SocialAuthPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { type = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('t');
  const { data: providers } = useSocialProviders();
  const name = providers?.find((p) => p.type === type)?.name ?? type;

  useEffect(() => {
    if (!token) return;
    signInWithHandedToken(token);
    navigate('/dashboard', { replace: true });
  }, [token, navigate]);

  if (token) {
    return <AuthLayout title={intl.formatMessage({ id: 'page.socialAuth.title' })}>{null}</AuthLayout>;
  }

  return (
    <AuthLayout centered title={intl.formatMessage({ id: 'auth.social.failedTitle' })}>
      <div className="auth-done">
        <p>
          <FormattedMessage id="auth.social.missingToken" values={{ name }} />
        </p>
        <Link className="btn btn--primary" to="/auth/login">
          <FormattedMessage id="auth.backToLogin" />
        </Link>
      </div>
    </AuthLayout>
  );
}
