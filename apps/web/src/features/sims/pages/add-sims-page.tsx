import { useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { checkSimLines, MAX_SIM_LINES, simNumbersFromCsv, type SimLine } from '@app/shared/rules/sim-numbers';
import { DashboardFrame } from '../../../components/ui/dashboard-frame';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { assignSim, refreshSimLists } from '../api/sims-api';
import { lineProblemMessage, saveAssignReport, simOfResult, type AssignOutcome, type AssignReportLine } from '../assign-report';
import '../sims.css';

/** A CSV of SIM numbers is small; anything this big is the wrong file. */
const MAX_FILE_BYTES = 512 * 1024;

/** What the server's answer to one line means for the report. */
function outcomeOfError(error: unknown): AssignOutcome {
  if (!isApiError(error)) return 'failed';
  if (error.status === 404) return 'not_found';
  if (error.code === 'SIM_CARD_HAS_NO_PLAN') return 'no_plan';
  if (error.code === 'VALIDATION_FAILED') return 'invalid';
  return 'failed';
}

/**
 * /dashboard/add-sims (spec §2, §5): SIM cards bought without this account (a gift, a shop, another
 * e-mail address) join it by the ICCID or ESN printed on them, typed one per line or imported from a
 * CSV file. Every line is checked here first (format, check digit, repeats) and shown with its
 * verdict; then each good line is sent on its own (POST …/assign), with progress and a way to stop,
 * and the outcome of every line goes to /assign-result.
 */
export default function AddSimsPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const client = useQueryClient();
  const location = useLocation();
  const carried = (location.state as { lines?: unknown } | null)?.lines;
  const [text, setText] = useState(() => (Array.isArray(carried) ? carried.filter((l): l is string => typeof l === 'string').join('\n') : ''));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [fileNote, setFileNote] = useState<{ id: string; values: Record<string, string | number> } | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const stopRequested = useRef(false);
  const checkId = useId();

  const lines = useMemo(() => checkSimLines(text.split(/\r\n|\n|\r/)), [text]);
  const ready = lines.filter((l): l is Extract<SimLine, { kind: 'iccid' | 'esn' }> => l.kind !== undefined);
  const problems = lines.length - ready.length;
  const running = progress !== null;

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileNote({ id: 'addSims.file.tooLarge', values: { file: file.name } });
      return;
    }
    const numbers = simNumbersFromCsv(await file.text());
    const found = numbers.filter((n) => n.trim()).length;
    if (found === 0) {
      setFileNote({ id: 'addSims.file.empty', values: { file: file.name } });
      return;
    }
    setText((current) => [current.trimEnd(), ...numbers].filter((l, i) => i > 0 || l).join('\n'));
    setFieldError(undefined);
    setFileNote({ id: 'addSims.file.imported', values: { file: file.name, count: found } });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (running) return;
    if (ready.length === 0) {
      setFieldError(intl.formatMessage({ id: lines.length === 0 ? 'addSims.required' : 'addSims.noneReady' }));
      return;
    }
    setFieldError(undefined);
    stopRequested.current = false;
    const report = new Map<number, AssignReportLine>();
    for (const l of lines) {
      if (l.problem) report.set(l.line, { line: l.line, raw: l.raw, outcome: 'invalid', problem: l.problem, ...(l.firstLine ? { firstLine: l.firstLine } : {}) });
    }
    setProgress({ done: 0, total: ready.length });
    let sessionEnded = false;
    let limited = false;
    let retryAt: string | undefined;
    for (const [i, l] of ready.entries()) {
      if (stopRequested.current || sessionEnded || limited) {
        report.set(l.line, { line: l.line, raw: l.raw, outcome: 'not_sent' });
        continue;
      }
      try {
        const result = await assignSim(l.value);
        report.set(l.line, { line: l.line, raw: l.raw, outcome: result.outcome, sim: simOfResult(result) });
      } catch (error) {
        // A session that ended mid-run: the rest is not sent (the sign-in page takes over).
        if (isApiError(error) && error.status === 401) sessionEnded = true;
        // Past the account's limit of wrong numbers (decision 228) every further line would be refused
        // too: this one and the rest are not sent, and stay in the report's "try again" list.
        if (isApiError(error) && error.status === 429) {
          limited = true;
          if (error.retryAfter !== undefined) retryAt = new Date(Date.now() + error.retryAfter * 1000).toISOString();
        }
        const outcome = limited ? 'not_sent' : outcomeOfError(error);
        report.set(l.line, { line: l.line, raw: l.raw, outcome, ...(outcome === 'invalid' ? { problem: 'format' as const } : {}) });
      }
      setProgress({ done: i + 1, total: ready.length });
    }
    saveAssignReport({ finishedAt: new Date().toISOString(), lines: [...report.values()].sort((a, b) => a.line - b.line), ...(limited ? { stopped: 'limit' as const, ...(retryAt ? { retryAt } : {}) } : {}) });
    void refreshSimLists(client);
    if (!sessionEnded) navigate('/assign-result');
  }

  return (
    <DashboardFrame titleId="page.dashboard.addSims.title" lead={<FormattedMessage id="addSims.lead" />}>
      <form className="sim-panel add-sims form-stack" onSubmit={(e) => void submit(e)} noValidate>
        <FormField
          label={<FormattedMessage id="addSims.numbers" />}
          hint={<FormattedMessage id="addSims.numbersHint" values={{ max: intl.formatNumber(MAX_SIM_LINES) }} />}
          error={fieldError}
        >
          {(c) => (
            <textarea
              {...c}
              className="input add-sims__numbers"
              rows={8}
              value={text}
              spellCheck={false}
              autoComplete="off"
              autoCapitalize="characters"
              disabled={running}
              onChange={(e) => {
                setText(e.target.value);
                setFieldError(undefined);
              }}
              data-testid="add-sims-numbers"
            />
          )}
        </FormField>
        <FormField label={<FormattedMessage id="addSims.file" />} hint={<FormattedMessage id="addSims.fileHint" />}>
          {(c) => <input {...c} type="file" accept=".csv,text/csv,text/plain" className="add-sims__file" disabled={running} onChange={(e) => void importFile(e)} />}
        </FormField>
        <div aria-live="polite">
          {fileNote ? (
            <p className="notice notice--info" data-testid="add-sims-file-note">
              <FormattedMessage id={fileNote.id} values={fileNote.values} />
            </p>
          ) : null}
        </div>

        <section id={checkId} aria-labelledby={`${checkId}-title`} className="add-sims__check" data-testid="add-sims-check">
          <h2 id={`${checkId}-title`} className="section-title section-title--sm">
            <FormattedMessage id="addSims.check.title" />
          </h2>
          {lines.length === 0 ? (
            <p className="muted">
              <FormattedMessage id="addSims.check.empty" />
            </p>
          ) : (
            <>
              <p data-testid="add-sims-summary">
                <FormattedMessage id="addSims.check.summary" values={{ ready: ready.length, problems }} />
              </p>
              <ol className="add-sims__lines">
                {lines.map((l) => (
                  <li key={l.line} className={l.problem ? 'add-sims__line add-sims__line--problem' : 'add-sims__line'} data-testid="add-sims-line" data-problem={l.problem ?? ''}>
                    <span className="add-sims__line-no">
                      <FormattedMessage id="addSims.line" values={{ line: intl.formatNumber(l.line) }} />
                    </span>{' '}
                    <code className="add-sims__value">{l.raw}</code>{' '}
                    <span className="add-sims__verdict">
                      {l.problem ? (
                        <FormattedMessage {...lineProblemMessage(l, (n) => intl.formatNumber(n))} />
                      ) : (
                        <FormattedMessage id={l.kind === 'iccid' ? 'addSims.ready.iccid' : 'addSims.ready.esn'} />
                      )}
                    </span>
                  </li>
                ))}
              </ol>
              {problems > 0 ? (
                <p className="field-hint">
                  <FormattedMessage id="addSims.check.problemsHint" />
                </p>
              ) : null}
            </>
          )}
        </section>

        {running ? (
          <div className="add-sims__progress" data-testid="add-sims-progress">
            <progress max={progress.total} value={progress.done} aria-label={intl.formatMessage({ id: 'addSims.progressLabel' })} />
            <p role="status">
              <FormattedMessage id="addSims.progress" values={{ done: intl.formatNumber(progress.done), total: intl.formatNumber(progress.total) }} />
            </p>
            <button
              type="button"
              className="btn btn--outline btn--sm"
              onClick={() => {
                stopRequested.current = true;
              }}
            >
              <FormattedMessage id="addSims.stop" />
            </button>
          </div>
        ) : null}

        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={running} data-testid="add-sims-submit">
            {running ? <Spinner size="sm" /> : null} <FormattedMessage id="addSims.submit" values={{ count: ready.length }} />
          </button>
          <Link to="/dashboard/sim" className="btn btn--ghost">
            <FormattedMessage id="addSims.toMySims" />
          </Link>
        </div>
      </form>
    </DashboardFrame>
  );
}
