import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { validatePortNumber } from '../api/sims-api';
import { NUMBER_CODES } from '../port-errors';
import { useFormatPhone } from '../../../lib/use-format-phone';
import '../sims.css';

const STEPS = 4;

/**
 * /port-in-number: how bringing a number works, what to have ready, and whether a number can move to
 * us (public validate). The request itself is made from the dashboard, on one of the subscriber's SIMs.
 */
export default function PortInNumberPage() {
  // Phone numbers left to right in a right-to-left page (decision 222).
  const formatNumber = useFormatPhone();
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'page.portIn.title' }));
  useMetaDescription(intl.formatMessage({ id: 'portPublic.lead' }));
  const { isAuth } = useSession();
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [eligible, setEligible] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function check(event: FormEvent) {
    event.preventDefault();
    const value = number.trim();
    if (!value) return setError(intl.formatMessage({ id: 'validation.requiredField' }));
    setBusy(true);
    setError(undefined);
    setEligible(null);
    try {
      const answer = await validatePortNumber(isAuth, value);
      setEligible(answer.number);
    } catch (e) {
      const id = isApiError(e) && e.code ? NUMBER_CODES[e.code] : undefined;
      setError(intl.formatMessage({ id: id ?? (isApiError(e) && e.kind === 'network' ? 'error.network' : 'error.somethingWentWrong') }, { num: value }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container page activate-page">
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id="page.portIn.title" />
        </h1>
        <p className="page-lead">
          <FormattedMessage id="portPublic.lead" />
        </p>
      </header>
      <div className="port-page">
        <section className="sim-panel activate-step" aria-labelledby="port-check-title">
          <h2 id="port-check-title" className="section-title section-title--sm">
            <FormattedMessage id="portPublic.check.title" />
          </h2>
          <form onSubmit={(e) => void check(e)} noValidate>
            <FormField label={<FormattedMessage id="port.field.number" />} error={error} hint={<FormattedMessage id="port.hint.number" />}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  value={number}
                  onChange={(e) => {
                    setNumber(e.target.value);
                    if (error) setError(undefined);
                  }}
                />
              )}
            </FormField>
            <div className="form-actions">
              <button type="submit" className="btn btn--primary" disabled={busy}>
                {busy ? <Spinner size="sm" /> : null} <FormattedMessage id="portPublic.check.submit" />
              </button>
            </div>
          </form>
          <div aria-live="polite">
            {eligible ? (
              <div className="notice notice--info" data-testid="port-eligible">
                <p>
                  <FormattedMessage id="portPublic.eligible" values={{ number: formatNumber(eligible) }} />
                </p>
                <Link to="/dashboard/port-in" className="btn btn--primary btn--sm">
                  <FormattedMessage id={isAuth ? 'portPublic.continue' : 'portPublic.logInToContinue'} />
                </Link>
              </div>
            ) : null}
          </div>
        </section>
        <section className="sim-panel activate-step" aria-labelledby="port-how-title">
          <h2 id="port-how-title" className="section-title section-title--sm">
            <FormattedMessage id="portPublic.how.title" />
          </h2>
          <ol className="sim-links">
            {Array.from({ length: STEPS }, (_, i) => (
              <li key={i}>
                <FormattedMessage id={`portPublic.how.step${i + 1}`} />
              </li>
            ))}
          </ol>
          <h3 className="esim-delivery__subtitle">
            <FormattedMessage id="portPublic.ready.title" />
          </h3>
          <ul className="sim-links">
            <li>
              <FormattedMessage id="port.hint.accountNumber" />
            </li>
            <li>
              <FormattedMessage id="port.hint.pin" />
            </li>
            <li>
              <FormattedMessage id="port.hint.authorizedName" />
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}
