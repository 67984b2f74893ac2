import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useFormatPhone } from '../../../lib/use-format-phone';
import '../sims.css';

interface ResultState {
  planName?: string | null;
  phoneNumber?: string | null;
  kind?: 'physical' | 'esim';
}

/** /activation-result: what /activate reached, in the spec's words, and what to do next. */
export default function ActivationResultPage() {
  // Phone numbers left to right in a right-to-left page (decision 222).
  const formatNumber = useFormatPhone();
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'page.activationResult.title' }));
  const state = (useLocation().state ?? {}) as ResultState;
  const known = Boolean(state.planName);
  const signedIn = useSession().isAuth;

  return (
    <div className="container page activate-page">
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id="page.activationResult.title" />
        </h1>
      </header>
      <section className="sim-panel activate-step" data-testid="activation-result">
        {known ? (
          <>
            <p className="activate-result__headline" role="status">
              {state.phoneNumber ? (
                <FormattedMessage id="activate.result.success" values={{ planName: state.planName, phoneNumber: formatNumber(state.phoneNumber) }} />
              ) : (
                <FormattedMessage id="activate.result.successNoNumber" values={{ planName: state.planName }} />
              )}
            </p>
            <h2 className="section-title section-title--sm">
              <FormattedMessage id="activate.result.next" />
            </h2>
            <ol className="sim-links">
              <li>
                <FormattedMessage id={state.kind === 'esim' ? 'activate.result.step1.esim' : 'activate.result.step1.physical'} />
              </li>
              <li>
                <FormattedMessage id="activate.result.step2" />
              </li>
              <li>
                <FormattedMessage id="activate.result.step3" />
              </li>
            </ol>
          </>
        ) : (
          <p>
            <FormattedMessage id="activate.result.unknown" />
          </p>
        )}
        <div className="sim-actions">
          <Link to={signedIn ? '/dashboard/sim' : '/auth/login'} className="btn btn--primary">
            <FormattedMessage id={signedIn ? 'activate.toMySims' : 'activate.logIn'} />
          </Link>
          <Link to="/activate" className="btn btn--outline">
            <FormattedMessage id="activate.another" />
          </Link>
        </div>
      </section>
    </div>
  );
}
