import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toCsv } from '@app/shared/rules/csv';
import { DashboardFrame } from '../../../components/ui/dashboard-frame';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import type { MoneyFilter } from '../api/billing-api';
import { downloadText } from '../download';
import { MoneyFilters, useMoneyFilter } from './money-filters';
import '../billing.css';

export const MONEY_PAGE_SIZE = 20;

export interface MoneyColumn<T> {
  /** Catalogue id of the column heading. */
  labelId: string;
  /** Right-aligned amounts. */
  numeric?: boolean;
  /** Extra class of the row's cell (e.g. credit or debit colour). */
  cellClass?: (row: T) => string;
  cell: (row: T) => ReactNode;
}

interface PageOf<T> {
  total: number;
  data: T[];
}

interface MoneyListProps<T extends { id: string }, P extends PageOf<T>> {
  titleId: string;
  /** Words under the title, from the loaded page (e.g. the balance now). */
  lead?: (page: P | undefined) => ReactNode;
  /** The page's query for the current page and filter (usePayments / useTransactions). */
  useList: (page: number, pageSize: number, filter: MoneyFilter) => {
    data: P | undefined;
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  csv: {
    /** File name before the dates and '.csv'. */
    name: string;
    /** The `money.csv.<key>` headings, in order. */
    keys: readonly string[];
    load: (filter: MoneyFilter) => Promise<T[]>;
    row: (item: T) => (string | number)[];
  };
  empty: { testId: string; messageId: string; action: ReactNode };
  rowTestId: string;
  columns: readonly MoneyColumn<T>[];
}

/**
 * A dashboard money list (payments, balance transactions): date and type filters in the address,
 * loading skeleton, an empty state (with its own next step, or 'clear filters' when filtered), the
 * table with its columns, the pager, and the CSV export of every matching row.
 */
export function MoneyList<T extends { id: string }, P extends PageOf<T>>({ titleId, lead, useList, csv, empty, rowTestId, columns }: MoneyListProps<T, P>) {
  const intl = useIntl();
  const { filter, page, set } = useMoneyFilter();
  const list = useList(page, MONEY_PAGE_SIZE, filter);
  const [exporting, setExporting] = useState(false);
  const data = list.data;
  const filtered = Boolean(filter.from || filter.to || filter.type);

  async function exportCsv() {
    setExporting(true);
    try {
      const rows = await csv.load(filter);
      const header = csv.keys.map((k) => intl.formatMessage({ id: `money.csv.${k}` }));
      downloadText(`${csv.name}${filter.from ? `-${filter.from}` : ''}${filter.to ? `-${filter.to}` : ''}.csv`, toCsv([header, ...rows.map(csv.row)]));
    } catch {
      // The API client has shown the error.
    } finally {
      setExporting(false);
    }
  }

  return (
    <DashboardFrame titleId={titleId} lead={lead?.(data)} error={list.isError && !data} onRetry={() => void list.refetch()}>
      <MoneyFilters filter={filter} onChange={set} onExport={() => void exportCsv()} exporting={exporting} />
      {list.isPending ? (
        <div aria-busy="true">
          <Skeleton lines={8} />
        </div>
      ) : data && data.total === 0 ? (
        <div className="empty-state" data-testid={empty.testId}>
          <p>
            <FormattedMessage id={filtered ? 'money.emptyFiltered' : empty.messageId} />
          </p>
          {filtered ? (
            <button type="button" className="btn btn--outline" onClick={() => set({ from: undefined, to: undefined, type: undefined })}>
              <FormattedMessage id="money.filter.clear" />
            </button>
          ) : (
            empty.action
          )}
        </div>
      ) : data ? (
        <div aria-busy={list.isFetching || undefined}>
          <div className="table-scroll">
            <table className="data-table money-table">
              <caption className="visually-hidden">{intl.formatMessage({ id: titleId })}</caption>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.labelId} scope="col" className={c.numeric ? 'num' : undefined}>
                      <FormattedMessage id={c.labelId} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.data.map((row) => (
                  <tr key={row.id} data-testid={rowTestId}>
                    {columns.map((c) => (
                      <td key={c.labelId} className={[c.numeric ? 'num' : '', c.cellClass?.(row) ?? ''].filter(Boolean).join(' ') || undefined}>
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={MONEY_PAGE_SIZE} total={data.total} onPage={(p) => set({ page: p })} />
        </div>
      ) : null}
    </DashboardFrame>
  );
}
