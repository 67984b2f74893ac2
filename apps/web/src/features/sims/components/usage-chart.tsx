import { useIntl } from 'react-intl';

export interface DayUse {
  day: string;
  dataMb: number;
}

/**
 * Data used per day as bars (SVG, no library: a few dozen bars need no more). The figures are also in
 * the table next to it; the chart carries a one-sentence summary for screen readers.
 */
export function UsageChart({ days, format }: { days: DayUse[]; format: (mb: number) => string }) {
  const intl = useIntl();
  const max = Math.max(1, ...days.map((d) => d.dataMb));
  const total = days.reduce((n, d) => n + d.dataMb, 0);
  const width = 640;
  const height = 200;
  const pad = { top: 16, bottom: 28, left: 8, right: 8 };
  const slot = (width - pad.left - pad.right) / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.7);
  const every = Math.ceil(days.length / 8);
  return (
    <figure className="usage-chart" data-testid="usage-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={intl.formatMessage({ id: 'usage.chart.label' }, { total: format(total), days: days.length, max: format(max) })}
        preserveAspectRatio="none"
      >
        <line x1={pad.left} x2={width - pad.right} y1={height - pad.bottom} y2={height - pad.bottom} className="usage-chart__axis" />
        {days.map((d, i) => {
          const h = ((height - pad.top - pad.bottom) * d.dataMb) / max;
          const x = pad.left + i * slot + (slot - bar) / 2;
          return (
            <g key={d.day}>
              <rect x={x} y={height - pad.bottom - h} width={bar} height={h} rx={2} className="usage-chart__bar" data-testid="usage-bar">
                <title>{`${intl.formatDate(d.day, { dateStyle: 'medium', timeZone: 'UTC' })}: ${format(d.dataMb)}`}</title>
              </rect>
              {i % every === 0 ? (
                <text x={x + bar / 2} y={height - 8} textAnchor="middle" className="usage-chart__label">
                  {intl.formatDate(d.day, { month: 'short', day: 'numeric', timeZone: 'UTC' })}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
