import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { MoneyFilter } from '../api/billing-api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Filter and page live in the URL, so a reload or a shared link shows the same rows. */
export function useMoneyFilter(): { filter: MoneyFilter; page: number; set: (next: Partial<MoneyFilter> & { page?: number }) => void } {
  const [search, setSearch] = useSearchParams();
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const type = search.get('type');
  const filter: MoneyFilter = {
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
    ...(type === 'debit' || type === 'credit' ? { type } : {}),
  };
  const page = Math.max(1, Number(search.get('page')) || 1);
  const set = (next: Partial<MoneyFilter> & { page?: number }) => {
    const params = new URLSearchParams(search);
    for (const key of ['from', 'to', 'type'] as const) {
      if (key in next) {
        const value = next[key];
        if (value) params.set(key, value);
        else params.delete(key);
        params.delete('page');
      }
    }
    if (next.page !== undefined) {
      if (next.page > 1) params.set('page', String(next.page));
      else params.delete('page');
    }
    setSearch(params, { replace: true, preventScrollReset: true });
  };
  return { filter, page, set };
}

/** From / to dates and debit / credit, the filters of SPEC §2's money screens. */
export function MoneyFilters({ filter, onChange, onExport, exporting }: {
  filter: MoneyFilter;
  onChange: (next: Partial<MoneyFilter>) => void;
  onExport: () => void;
  exporting: boolean;
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="filters" role="search" aria-label={intl.formatMessage({ id: 'money.filter.label' })}>
      <label className="filters__field" htmlFor={`${id}-from`}>
        <span className="field-label">
          <FormattedMessage id="money.filter.from" />
        </span>
        <input id={`${id}-from`} type="date" className="input" value={filter.from ?? ''} max={filter.to} onChange={(e) => onChange({ from: e.target.value || undefined })} />
      </label>
      <label className="filters__field" htmlFor={`${id}-to`}>
        <span className="field-label">
          <FormattedMessage id="money.filter.to" />
        </span>
        <input id={`${id}-to`} type="date" className="input" value={filter.to ?? ''} min={filter.from} onChange={(e) => onChange({ to: e.target.value || undefined })} />
      </label>
      <label className="filters__field" htmlFor={`${id}-type`}>
        <span className="field-label">
          <FormattedMessage id="money.filter.type" />
        </span>
        <select id={`${id}-type`} className="input select" value={filter.type ?? ''} onChange={(e) => onChange({ type: (e.target.value || undefined) as MoneyFilter['type'] })}>
          <option value="">{intl.formatMessage({ id: 'money.type.all' })}</option>
          <option value="debit">{intl.formatMessage({ id: 'money.type.debit' })}</option>
          <option value="credit">{intl.formatMessage({ id: 'money.type.credit' })}</option>
        </select>
      </label>
      {filter.from || filter.to || filter.type ? (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => onChange({ from: undefined, to: undefined, type: undefined })}>
          <FormattedMessage id="money.filter.clear" />
        </button>
      ) : null}
      <button type="button" className="btn btn--outline btn--sm filters__export" onClick={onExport} disabled={exporting} aria-busy={exporting || undefined}>
        <FormattedMessage id={exporting ? 'money.exporting' : 'money.export'} />
      </button>
    </div>
  );
}
