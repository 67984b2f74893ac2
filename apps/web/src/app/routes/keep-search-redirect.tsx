import { Navigate, useLocation } from 'react-router';

/** A redirect that keeps the query string and hash (campaign and reseller parameters survive it). */
export function KeepSearchRedirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}
