import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The SIM a renewal link names (`?sim=`, or `simId` / `id` as older mails wrote it), when it is an id at all. */
export function simFromQuery(search: URLSearchParams): string | null {
  const value = search.get('sim') ?? search.get('simId') ?? search.get('id');
  return value && UUID.test(value) ? value.toLowerCase() : null;
}

/**
 * /redirect/renew-sim-plan?sim=<id>: the link in renewal and failed-charge mails. Signed in → the SIM's
 * page with its renewal open (it shows the price and dates before anything is paid); signed out → the
 * login page, which comes back here. A missing or malformed id leads to the SIM list.
 */
export default function RenewRedirectPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'page.renewSimPlan.title' }));
  const [search] = useSearchParams();
  const location = useLocation();
  const { isAuth } = useSession();
  if (!isAuth) return <Navigate to="/auth/login" replace state={{ from: location }} />;
  const sim = simFromQuery(search);
  return (
    <>
      <p className="container page muted" role="status">
        <FormattedMessage id="renewRedirect.going" />
      </p>
      <Navigate to={sim ? `/dashboard/sim/${sim}?action=renew` : '/dashboard/sim'} replace />
    </>
  );
}
