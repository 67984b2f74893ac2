import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useSession } from '../../lib/session';

function isGuarded(pathname: string): boolean {
  return pathname === '/dashboard' || pathname.startsWith('/dashboard/');
}

/** Login-required pages (spec §6): signed-out visitors go to the login page, which can send them back. */
export default function RequireAuth() {
  const { isAuth } = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  if (!isAuth) {
    // Signing out from the header (→ home) or deleting the account (→ goodbye page) ends the session
    // while that navigation is still loading; the login redirect must not overtake it.
    if (navigation.location && !isGuarded(navigation.location.pathname)) return null;
    return <Navigate to="/auth/login" replace state={{ from: location }} />;
  }
  return <Outlet />;
}
