import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useMatches } from 'react-router';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMetaDescription } from '../../../lib/use-meta-description';
import '../sims.css';

type Which = 'topUp' | 'extend';

/**
 * /top-up-sim and /extend-your-sim (spec §2 Support menu): signed in, they are the SIM list, where each
 * SIM has its add-ons, renew and extend; signed out, the page says what the action does, how it goes,
 * and leads to sign in (and back to the SIM list) — these actions change a SIM in someone's account.
 */
export default function SupportActionPage() {
  const intl = useIntl();
  const matches = useMatches();
  const which = ((matches[matches.length - 1]?.handle as { support?: Which } | undefined)?.support ?? 'topUp') as Which;
  const { isAuth } = useSession();
  const titleId = which === 'topUp' ? 'page.topUp.title' : 'page.extend.title';
  usePageTitle(intl.formatMessage({ id: titleId }));
  useMetaDescription(intl.formatMessage({ id: which === 'topUp' ? 'support.topUp.lead' : 'support.extend.lead' }));
  if (isAuth) return <Navigate to="/dashboard/sim" replace />;
  const after = '/dashboard/sim';
  return (
    <div className="container page" data-testid={`support-${which}`}>
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id={titleId} />
        </h1>
        <p className="page-lead">
          <FormattedMessage id={`support.${which}.lead`} />
        </p>
      </header>
      <section className="sim-panel" aria-labelledby="support-steps-title">
        <h2 id="support-steps-title" className="section-title section-title--sm">
          <FormattedMessage id="support.stepsTitle" />
        </h2>
        <ol className="support-steps">
          <li>
            <FormattedMessage id="support.step.signIn" />
          </li>
          <li>
            <FormattedMessage id="support.step.chooseSim" />
          </li>
          <li>
            <FormattedMessage id={`support.${which}.step`} />
          </li>
          <li>
            <FormattedMessage id="support.step.pay" />
          </li>
        </ol>
        <div className="sim-actions">
          <Link to={`/auth/login?redirect=${encodeURIComponent(after)}`} className="btn btn--primary">
            <FormattedMessage id="support.signIn" />
          </Link>
          <Link to="/auth/registration" className="btn btn--outline">
            <FormattedMessage id="support.register" />
          </Link>
        </div>
        <p className="field-hint">
          <FormattedMessage
            id="support.noAccount"
            values={{
              activate: (chunks) => (
                <Link to="/activate" className="text-link">
                  {chunks}
                </Link>
              ),
            }}
          />
        </p>
      </section>
    </div>
  );
}
