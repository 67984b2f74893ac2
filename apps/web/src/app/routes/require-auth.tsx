import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session';

/** Login-required pages (spec §6): signed-out visitors go to the login page, which can send them back. */
export default function RequireAuth() {
  const { isAuth } = useSession();
  const location = useLocation();
  if (!isAuth) return <Navigate to="/auth/login" replace state={{ from: location }} />;
  return <Outlet />;
}
