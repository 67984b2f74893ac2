import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { simLookupSchema } from '@app/shared/contracts/sims';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { POLL_MS, activateByIccid, lookupIccid, verifyIccid } from '../api/sims-api';
import { ActivateForm, ZIP_CODES } from '../components/activate-form';
import '../sims.css';

type Lookup = z.infer<typeof simLookupSchema>;
type Step = { at: 'find' } | { at: 'found'; sim: Lookup } | { at: 'progress'; sim: Lookup } | { at: 'failed'; sim: Lookup } | { at: 'slow'; sim: Lookup };

/** After this long the page stops saying "a minute" and says the activation carries on without it. */
const PATIENCE_MS = 3 * 60_000;

/**
 * /activate (spec §2, §5): a visitor finds their SIM card by the ICCID printed on it, gives the US ZIP
 * where they will use it, and follows the network's activation until the number arrives. The
 * carrier answers later (decision 161), so the page polls the public look-up and explains each step.
 */
export default function ActivatePage() {
  const intl = useIntl();
  const navigate = useNavigate();
  usePageTitle(intl.formatMessage({ id: 'page.activate.title' }));
  useMetaDescription(intl.formatMessage({ id: 'activate.lead' }));
  const [step, setStep] = useState<Step>({ at: 'find' });
  const [iccid, setIccid] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const { isAuth } = useSession();

  // Follow the activation: pending → active (result page) or back to activatable (failed for good).
  const following = step.at === 'progress' ? step.sim.iccid : null;
  useEffect(() => {
    if (!following) return;
    const started = Date.now();
    let timer: number | undefined;
    const controller = new AbortController();
    const poll = async () => {
      try {
        const sim = await lookupIccid(following, controller.signal);
        if (sim.availability === 'active') {
          navigate('/activation-result', { state: { planName: sim.planName, phoneNumber: sim.phoneNumber, kind: sim.kind } });
          return;
        }
        if (sim.availability !== 'pending') {
          setStep({ at: 'failed', sim });
          return;
        }
      } catch {
        if (controller.signal.aborted) return;
        // A failed look-up is not a failed activation: ask again on the next tick.
      }
      if (Date.now() - started > PATIENCE_MS) setStep((s) => (s.at === 'progress' ? { at: 'slow', sim: s.sim } : s));
      else timer = window.setTimeout(() => void poll(), POLL_MS);
    };
    timer = window.setTimeout(() => void poll(), POLL_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [following, navigate]);

  useEffect(() => {
    if (step.at !== 'find') statusRef.current?.focus();
  }, [step.at]);

  async function find(event: FormEvent) {
    event.preventDefault();
    const value = iccid.replace(/\s/g, '');
    if (!/^\d{18,22}$/.test(value)) return setError(intl.formatMessage({ id: 'activate.iccid.format' }));
    setError(undefined);
    setBusy(true);
    try {
      const verdict = await verifyIccid(value);
      if (!verdict.valid) {
        setError(intl.formatMessage({ id: verdict.reason === 'invalid_iccid' ? 'activate.iccid.invalid' : 'activate.iccid.unknown' }));
        return;
      }
      const sim = await lookupIccid(value);
      setStep(sim.availability === 'pending' ? { at: 'progress', sim } : { at: 'found', sim });
    } catch (e) {
      setError(intl.formatMessage({ id: isApiError(e) && e.status === 404 ? 'activate.iccid.unknown' : 'error.somethingWentWrong' }));
    } finally {
      setBusy(false);
    }
  }

  const startOver = () => {
    setStep({ at: 'find' });
    setIccid('');
  };

  return (
    <div className="container page activate-page">
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id="page.activate.title" />
        </h1>
        <p className="page-lead">
          <FormattedMessage id="activate.lead" />
        </p>
      </header>

      {step.at === 'find' ? (
        <section className="sim-panel activate-step" aria-labelledby="activate-find-title">
          <h2 id="activate-find-title" className="section-title section-title--sm">
            <FormattedMessage id="activate.find.title" />
          </h2>
          <form onSubmit={(e) => void find(e)} noValidate>
            <FormField label={<FormattedMessage id="activate.iccid.label" />} error={error} hint={<FormattedMessage id="activate.iccid.hint" />}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={26}
                  value={iccid}
                  onChange={(e) => {
                    setIccid(e.target.value.replace(/[^\d\s]/g, ''));
                    if (error) setError(undefined);
                  }}
                />
              )}
            </FormField>
            <div className="form-actions">
              <button type="submit" className="btn btn--primary" disabled={busy}>
                {busy ? <Spinner size="sm" /> : null} <FormattedMessage id="activate.find.submit" />
              </button>
            </div>
          </form>
          <p className="field-hint">
            <FormattedMessage
              id="activate.esimHint"
              values={{
                link: (chunks) => (
                  <Link to={isAuth ? '/dashboard/sim' : '/auth/login'} className="text-link">
                    {chunks}
                  </Link>
                ),
              }}
            />
          </p>
        </section>
      ) : (
        <div ref={statusRef} tabIndex={-1} className="activate-status" data-testid="activate-status" aria-live="polite">
          <section className="sim-panel activate-step">
            <p className="sim-card__kind">
              <FormattedMessage id={`sims.kind.${step.sim.kind}`} /> · <code>{step.sim.iccid}</code>
            </p>
            {step.at === 'found' ? <Found sim={step.sim} onStarted={(sim) => setStep({ at: 'progress', sim })} /> : null}
            {step.at === 'progress' || step.at === 'slow' ? <Progress slow={step.at === 'slow'} /> : null}
            {step.at === 'failed' ? (
              <div className="notice notice--warning" role="alert" data-testid="activate-failed">
                <p>
                  <FormattedMessage id="sim.problem.activation" />
                </p>
              </div>
            ) : null}
            <button type="button" className="btn btn--ghost btn--sm" onClick={startOver}>
              <FormattedMessage id="activate.another" />
            </button>
          </section>
        </div>
      )}
    </div>
  );
}

function Found({ sim, onStarted }: { sim: Lookup; onStarted: (sim: Lookup) => void }) {
  const { isAuth } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  switch (sim.availability) {
    case 'activatable':
      return (
        <>
          <h2 className="section-title section-title--sm">
            <FormattedMessage id="activate.ready.title" values={{ plan: sim.planName ?? '' }} />
          </h2>
          <p className="muted">
            <FormattedMessage id="sim.activate.lead" />
          </p>
          <ActivateForm
            submitLabelId="sim.activate.submit"
            onSubmit={async (zip) => {
              setFailure(null);
              const started = await activateByIccid(sim.iccid, zip).catch((e: unknown) => {
                // ZIP answers go to the field (ActivateForm); anything else is said here.
                if (!(isApiError(e) && e.code && ZIP_CODES.includes(e.code))) {
                  setFailure(isApiError(e) && e.code === 'SIM_NOT_ACTIVATABLE' ? 'activate.notActivatable' : isApiError(e) && e.kind === 'network' ? 'error.network' : 'error.somethingWentWrong');
                }
                throw e;
              });
              onStarted({ ...sim, availability: 'pending', planName: started.planName ?? sim.planName });
            }}
          />
          {failure ? (
            <p className="notice notice--warning" role="alert" data-testid="activate-error">
              <FormattedMessage id={failure} />
            </p>
          ) : null}
          <p className="field-hint">
            <FormattedMessage
              id="activate.coverageHint"
              values={{
                link: (chunks) => (
                  <Link to="/coverage" className="text-link">
                    {chunks}
                  </Link>
                ),
              }}
            />
          </p>
        </>
      );
    case 'active':
      return (
        <div className="notice notice--info" data-testid="activate-already">
          <p>
            <FormattedMessage id="activate.already" />
          </p>
          <Link to={isAuth ? '/dashboard/sim' : '/auth/login'} className="btn btn--outline btn--sm">
            <FormattedMessage id={isAuth ? 'activate.toMySims' : 'activate.logIn'} />
          </Link>
        </div>
      );
    case 'available':
      return (
        <div className="notice notice--info" data-testid="activate-no-plan">
          <p>
            <FormattedMessage id="activate.noPlan" />
          </p>
          <Link to="/plans" className="btn btn--primary btn--sm">
            <FormattedMessage id="cart.browsePlans" />
          </Link>
        </div>
      );
    default:
      return (
        <div className="notice notice--warning" data-testid="activate-unavailable">
          <p>
            <FormattedMessage id="activate.unavailable" />
          </p>
        </div>
      );
  }
}

function Progress({ slow }: { slow: boolean }) {
  const intl = useIntl();
  return (
    <div data-testid="activate-progress">
      <h2 className="section-title section-title--sm">
        <FormattedMessage id="activate.progress.title" />
      </h2>
      <ol className="activate-progress">
        <li className="is-done">
          <FormattedMessage id="activate.progress.received" />
        </li>
        <li className="is-current" aria-current="step">
          <Spinner size="sm" label={intl.formatMessage({ id: 'sim.pending.busy' })} /> <FormattedMessage id="activate.progress.network" />
        </li>
        <li>
          <FormattedMessage id="activate.progress.ready" />
        </li>
      </ol>
      <p className="muted">
        <FormattedMessage id={slow ? 'activate.progress.slow' : 'activate.progress.wait'} />
      </p>
    </div>
  );
}
