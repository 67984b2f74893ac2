import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { lineProblemMessage, readAssignReport, type AssignOutcome, type AssignReportLine } from '../assign-report';
import { useFormatPhone } from '../../../lib/use-format-phone';
import '../../../components/ui/badges.css';
import '../sims.css';

/** Outcomes worth another try once corrected or when the connection is back. */
const RETRYABLE: readonly AssignOutcome[] = ['invalid', 'failed', 'not_sent'];
const ADDED: readonly AssignOutcome[] = ['assigned', 'already_yours'];

/**
 * /assign-result: the report of the last /dashboard/add-sims run in this tab, one entry per line in
 * plain words with what to do next; kept in sessionStorage so a reload shows it again. Opened
 * without a run, it says so and leads to the add-SIMs page.
 */
export default function AssignResultPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'page.assignResult.title' }));
  const navigate = useNavigate();
  const signedIn = useSession().isAuth;
  const [report] = useState(readAssignReport);

  const count = (outcomes: readonly AssignOutcome[]) => report?.lines.filter((l) => outcomes.includes(l.outcome)).length ?? 0;
  const retry = report?.lines.filter((l) => RETRYABLE.includes(l.outcome) && l.problem !== 'duplicate') ?? [];

  return (
    <div className="container page assign-result-page">
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id="page.assignResult.title" />
        </h1>
      </header>
      {!report || report.lines.length === 0 ? (
        <section className="sim-panel empty-state" data-testid="assign-result-empty">
          <p>
            <FormattedMessage id="assignResult.empty" />
          </p>
          <div className="sim-actions">
            <Link to="/dashboard/add-sims" className="btn btn--primary">
              <FormattedMessage id="assignResult.addSims" />
            </Link>
            {signedIn ? (
              <Link to="/dashboard/sim" className="btn btn--outline">
                <FormattedMessage id="assignResult.toMySims" />
              </Link>
            ) : null}
          </div>
        </section>
      ) : (
        <section className="sim-panel" aria-labelledby="assign-result-summary" data-testid="assign-result">
          <p id="assign-result-summary" className="assign-result__summary" role="status">
            <FormattedMessage
              id="assignResult.summary"
              values={{
                added: count(['assigned']),
                already: intl.formatNumber(count(['already_yours'])),
                notAdded: report.lines.length - count(ADDED),
                when: <FormattedDate key="when" value={report.finishedAt} dateStyle="medium" timeStyle="short" />,
              }}
            />
          </p>
          {report.stopped === 'limit' ? (
            <p className="notice notice--warning" data-testid="assign-result-limit">
              {report.retryAt && Date.parse(report.retryAt) > Date.now() ? (
                <FormattedMessage id="auth.error.tryAgainIn" values={{ minutes: Math.max(1, Math.ceil((Date.parse(report.retryAt) - Date.now()) / 60_000)) }} />
              ) : (
                <FormattedMessage id="error.RATE_LIMITED" />
              )}
            </p>
          ) : null}
          <ol className="assign-result__lines">
            {report.lines.map((l) => (
              <ReportLine key={l.line} line={l} />
            ))}
          </ol>
          <div className="sim-actions">
            {retry.length > 0 ? (
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => navigate('/dashboard/add-sims', { state: { lines: retry.map((l) => l.raw) } })}
                data-testid="assign-result-retry"
              >
                <FormattedMessage id="assignResult.retry" values={{ count: retry.length }} />
              </button>
            ) : null}
            <Link to="/dashboard/sim" className={retry.length > 0 ? 'btn btn--outline' : 'btn btn--primary'}>
              <FormattedMessage id="assignResult.toMySims" />
            </Link>
            <Link to="/dashboard/add-sims" className="btn btn--ghost">
              <FormattedMessage id="assignResult.addMore" />
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}

function ReportLine({ line }: { line: AssignReportLine }) {
  const intl = useIntl();
  // Phone numbers left to right in a right-to-left page (decision 222).
  const formatNumber = useFormatPhone();
  const added = ADDED.includes(line.outcome);
  const simLink = (labelId: string) =>
    line.sim ? (
      <Link to={`/dashboard/sim/${line.sim.id}`} className="text-link">
        <FormattedMessage id={labelId} />
      </Link>
    ) : null;
  return (
    <li className={`assign-result__line assign-result__line--${added ? 'ok' : 'problem'}`} data-testid="assign-result-line" data-outcome={line.outcome}>
      <div className="assign-result__head">
        <span className="muted">
          <FormattedMessage id="addSims.line" values={{ line: intl.formatNumber(line.line) }} />
        </span>{' '}
        <code className="add-sims__value">{line.raw}</code>{' '}
        <strong className={`badge ${added ? 'badge--success' : line.outcome === 'failed' || line.outcome === 'not_sent' ? 'badge--info' : 'badge--warning'}`}>
          <FormattedMessage id={`assignResult.outcome.${line.outcome}`} />
        </strong>
      </div>
      <p className="assign-result__text">
        {line.outcome === 'invalid' ? (
          <FormattedMessage {...lineProblemMessage(line, (n) => intl.formatNumber(n))} />
        ) : (
          <FormattedMessage
            id={`assignResult.explain.${line.outcome}`}
            values={{ number: line.sim?.mdn ? formatNumber(line.sim.mdn) : '', kind: line.sim?.kind ?? 'physical', hasNumber: line.sim?.mdn ? 'yes' : 'no' }}
          />
        )}
      </p>
      <p className="assign-result__next">
        {line.outcome === 'assigned' && line.sim?.badge === 'inactive'
          ? simLink('assignResult.next.activate')
          : added
            ? simLink('assignResult.next.open')
            : line.outcome === 'no_plan'
              ? (
                  <FormattedMessage
                    id="assignResult.next.noPlan"
                    values={{
                      sims: (chunks) => (
                        <Link key="sims" to="/dashboard/sim" className="text-link">
                          {chunks}
                        </Link>
                      ),
                      plans: (chunks) => (
                        <Link key="plans" to="/plans" className="text-link">
                          {chunks}
                        </Link>
                      ),
                    }}
                  />
                )
              : <FormattedMessage id={`assignResult.next.${line.outcome}`} />}
      </p>
    </li>
  );
}
