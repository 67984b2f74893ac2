import { FormattedMessage } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { showsLogin, showsSignUp } from './site-links';

/**
 * Sign Up / My Account and Login / Logout (spec §2), shared by the header and the drawer. Logging out
 * from either returns to the home page.
 */
export function AccountActions({ className = '', onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { isAuth } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signUp = showsSignUp(pathname);
  const login = showsLogin(pathname);
  if (!signUp && !login) return null;
  return (
    <div className={`account-actions ${className}`}>
      {signUp ? (
        <Link to={isAuth ? '/dashboard' : '/auth/registration'} className="btn btn--primary btn--sm" onClick={onNavigate}>
          <FormattedMessage id={isAuth ? 'header.myAccount' : 'header.signUp'} />
        </Link>
      ) : null}
      {login ? (
        isAuth ? (
          <button
            type="button"
            className="btn btn--outline btn--sm"
            onClick={() => {
              onNavigate?.();
              // Home first, then the session ends: React renders a sign-out at once, and a dashboard
              // page still on screen would send its guard to the login page instead (spec §4: home).
              void Promise.resolve(navigate('/')).finally(signOut);
            }}
          >
            <FormattedMessage id="header.logout" />
          </button>
        ) : (
          <Link to="/auth/login" className="btn btn--outline btn--sm" onClick={onNavigate}>
            <FormattedMessage id="header.login" />
          </Link>
        )
      ) : null}
    </div>
  );
}
