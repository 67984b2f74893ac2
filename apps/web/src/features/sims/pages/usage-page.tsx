import { useMemo, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { compareSims } from '@app/shared/rules/sims';
import type { z } from 'zod';
import type { usageRecordSchema } from '@app/shared/contracts/sims';
import { DashboardFrame } from '../../../components/ui/dashboard-frame';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatAllowance } from '../../../lib/use-format-allowance';
import { useSimList, useUsage } from '../api/sims-api';
import { UsageChart, type DayUse } from '../components/usage-chart';
import { useFormatPhone, useLtrText } from '../../../lib/use-format-phone';
import '../sims.css';

type UsageRecord = z.infer<typeof usageRecordSchema>;
const RANGES = [7, 30] as const;
const DAY_MS = 86_400_000;

interface DayTotals extends DayUse {
  voice: number;
  sms: number;
}

/** Every day of the range, oldest first, with zeros where nothing was used (UTC days, as the records). */
function byDay(records: UsageRecord[], from: number, days: number): DayTotals[] {
  const out = Array.from({ length: days }, (_, i) => ({ day: new Date(from + i * DAY_MS).toISOString().slice(0, 10), dataMb: 0, voice: 0, sms: 0 }));
  const index = new Map(out.map((d) => [d.day, d]));
  for (const r of records) {
    const d = index.get(r.bucketStart.slice(0, 10));
    if (!d) continue;
    d.dataMb += r.dataMb;
    d.voice += r.voiceInMinutes + r.voiceOutMinutes;
    d.sms += r.smsIn + r.smsOut;
  }
  return out;
}

/** /dashboard/usage: calls, texts and data per SIM over the last 7 or 30 days, as a chart and a table. */
export default function UsagePage() {
  // Phone numbers left to right in a right-to-left page (decision 222).
  const formatNumber = useFormatPhone();
  const ltr = useLtrText();
  const intl = useIntl();
  const fmt = useFormatAllowance();
  const [search, setSearch] = useSearchParams();
  const sims = useSimList(1, 100);
  const withNumber = useMemo(() => (sims.data?.data ?? []).filter((s) => s.mdn || s.activatedAt).sort(compareSims), [sims.data]);
  const wanted = search.get('sim');
  // Without a choice in the URL: the first SIM still on the network, else the first one.
  const simId = withNumber.some((s) => s.id === wanted) ? wanted! : (withNumber.find((s) => !s.status.expired && s.status.status !== 'disconnected') ?? withNumber[0])?.id;
  const [range, setRange] = useState<(typeof RANGES)[number]>(7);
  // Whole UTC days, so the query key (and the request) stays the same for the whole day.
  const from = useMemo(() => Math.floor(Date.now() / DAY_MS) * DAY_MS - (range - 1) * DAY_MS, [range]);
  const usage = useUsage(simId, new Date(from).toISOString());
  const records = useMemo(() => usage.data?.data ?? [], [usage.data]);
  const days = useMemo(() => byDay(records, from, range), [records, from, range]);
  const totals = days.reduce((t, d) => ({ dataMb: t.dataMb + d.dataMb, voice: t.voice + d.voice, sms: t.sms + d.sms }), { dataMb: 0, voice: 0, sms: 0 });

  return (
    <DashboardFrame titleId="page.dashboard.usage.title" lead={<FormattedMessage id="usage.lead" />} error={(sims.isError && !sims.data) || (usage.isError && !usage.data)} onRetry={() => void (sims.isError ? sims.refetch() : usage.refetch())}>
      {sims.isPending ? (
        <div aria-busy="true">
          <Skeleton lines={6} />
        </div>
      ) : withNumber.length === 0 ? (
        <div className="empty-state" data-testid="usage-no-sim">
          <p>
            <FormattedMessage id="usage.noSim" />
          </p>
          <Link to="/dashboard/sim" className="btn btn--outline">
            <FormattedMessage id="sim.backToList" />
          </Link>
        </div>
      ) : (
        <>
          <div className="filters">
            <label className="filters__field">
              <span className="field-label">
                <FormattedMessage id="usage.sim" />
              </span>
              <select
                className="input select"
                value={simId}
                onChange={(e) => {
                  const params = new URLSearchParams(search);
                  params.set('sim', e.target.value);
                  setSearch(params, { replace: true, preventScrollReset: true });
                }}
              >
                {withNumber.map((s) => (
                  <option key={s.id} value={s.id}>
                    {`${intl.formatMessage({ id: `sims.kind.${s.kind}` })} · ${s.mdn ? formatNumber(s.mdn) : ltr(s.iccid)}`}
                  </option>
                ))}
              </select>
            </label>
            <label className="filters__field">
              <span className="field-label">
                <FormattedMessage id="usage.range" />
              </span>
              <select className="input select" value={range} onChange={(e) => setRange(Number(e.target.value) as (typeof RANGES)[number])}>
                {RANGES.map((r) => (
                  <option key={r} value={r}>
                    {intl.formatMessage({ id: 'usage.lastDays' }, { days: r })}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {usage.isPending ? (
            <div aria-busy="true">
              <Skeleton lines={6} />
            </div>
          ) : records.length === 0 ? (
            <p className="empty-state" data-testid="usage-empty">
              <FormattedMessage id="usage.empty" />
            </p>
          ) : (
            <div className="usage" aria-busy={usage.isFetching || undefined}>
              <dl className="sim-allowances" data-testid="usage-totals">
                <div className="sim-allowance">
                  <dt>
                    <FormattedMessage id="sim.allowance.data" />
                  </dt>
                  <dd>{fmt.dataSize(totals.dataMb)}</dd>
                </div>
                <div className="sim-allowance">
                  <dt>
                    <FormattedMessage id="sim.allowance.call" />
                  </dt>
                  <dd>{fmt.minutes(totals.voice)}</dd>
                </div>
                <div className="sim-allowance">
                  <dt>
                    <FormattedMessage id="sim.allowance.sms" />
                  </dt>
                  <dd>{fmt.sms(totals.sms)}</dd>
                </div>
              </dl>
              <h2 className="section-title section-title--sm">
                <FormattedMessage id="usage.chart.title" />
              </h2>
              <UsageChart days={days} format={fmt.dataSize} />
              <div className="table-scroll">
                <table className="data-table" data-testid="usage-days">
                  <caption className="visually-hidden">
                    <FormattedMessage id="usage.table.caption" values={{ days: range }} />
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">
                        <FormattedMessage id="usage.col.day" />
                      </th>
                      <th scope="col" className="num">
                        <FormattedMessage id="sim.allowance.data" />
                      </th>
                      <th scope="col" className="num">
                        <FormattedMessage id="sim.allowance.call" />
                      </th>
                      <th scope="col" className="num">
                        <FormattedMessage id="sim.allowance.sms" />
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...days].reverse().map((d) => (
                      <tr key={d.day}>
                        <th scope="row">
                          <FormattedDate value={d.day} dateStyle="medium" timeZone="UTC" />
                        </th>
                        <td className="num">{fmt.dataSize(d.dataMb)}</td>
                        <td className="num">{fmt.minutes(d.voice)}</td>
                        <td className="num">{fmt.sms(d.sms)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <details className="usage-records">
                <summary>
                  <FormattedMessage id="usage.records" values={{ count: intl.formatNumber(records.length) }} />
                </summary>
                <div className="table-scroll">
                  <table className="data-table" data-testid="usage-records">
                    <thead>
                      <tr>
                        {['time', 'data', 'voiceIn', 'voiceOut', 'voicemail', 'smsIn', 'smsOut', 'units', 'type'].map((c) => (
                          <th key={c} scope="col">
                            <FormattedMessage id={`usage.col.${c}`} />
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {records.map((r) => (
                        <tr key={`${r.bucketStart}-${r.usageType}`}>
                          <td>
                            <FormattedDate value={r.bucketStart} dateStyle="short" timeStyle="short" />
                          </td>
                          <td className="num">{fmt.dataSize(r.dataMb)}</td>
                          <td className="num">{r.voiceInMinutes}</td>
                          <td className="num">{r.voiceOutMinutes}</td>
                          <td className="num">{r.voicemailMinutes}</td>
                          <td className="num">{r.smsIn}</td>
                          <td className="num">{r.smsOut}</td>
                          <td className="num">{r.billableUnits}</td>
                          <td>{r.usageType}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            </div>
          )}
        </>
      )}
    </DashboardFrame>
  );
}
