import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { toCsv } from '@app/shared/rules/csv';
import { DashboardFrame } from '../../../components/ui/dashboard-frame';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatMoney } from '../../../lib/use-format-money';
import { allTransactions, useTransactions } from '../api/billing-api';
import { MoneyFilters, useMoneyFilter } from '../components/money-filters';
import { downloadText } from '../download';
import '../billing.css';

const PAGE_SIZE = 20;

/** /dashboard/transaction: the balance's movements (top-ups, payments from it, credits, refunds, reversals). */
export default function TransactionsPage() {
  const intl = useIntl();
  const money = useFormatMoney();
  const { filter, page, set } = useMoneyFilter();
  const list = useTransactions(page, PAGE_SIZE, filter);
  const [exporting, setExporting] = useState(false);
  const data = list.data;
  const filtered = Boolean(filter.from || filter.to || filter.type);

  async function exportCsv() {
    setExporting(true);
    try {
      const rows = await allTransactions(filter);
      const header = ['id', 'date', 'description', 'reason', 'type', 'amount', 'balanceAfter'].map((k) => intl.formatMessage({ id: `money.csv.${k}` }));
      downloadText(
        `transactions${filter.from ? `-${filter.from}` : ''}${filter.to ? `-${filter.to}` : ''}.csv`,
        toCsv([
          header,
          ...rows.map((t) => [
            t.id,
            t.createdAt,
            t.description,
            t.reason,
            t.type,
            ((t.type === 'debit' ? -t.amount : t.amount) / 100).toFixed(2),
            (t.balanceAfter / 100).toFixed(2),
          ]),
        ]),
      );
    } catch {
      // The API client has shown the error.
    } finally {
      setExporting(false);
    }
  }

  return (
    <DashboardFrame
      titleId="page.dashboard.transaction.title"
      lead={data ? <FormattedMessage id="money.balanceNow" values={{ amount: <strong data-testid="balance">{money(data.balance)}</strong> }} /> : undefined}
      error={list.isError && !data}
      onRetry={() => void list.refetch()}
    >
      <MoneyFilters filter={filter} onChange={set} onExport={() => void exportCsv()} exporting={exporting} />
      {list.isPending ? (
        <div aria-busy="true">
          <Skeleton lines={8} />
        </div>
      ) : data && data.total === 0 ? (
        <div className="empty-state" data-testid="transactions-empty">
          <p>
            <FormattedMessage id={filtered ? 'money.emptyFiltered' : 'money.transactions.empty'} />
          </p>
          {filtered ? (
            <button type="button" className="btn btn--outline" onClick={() => set({ from: undefined, to: undefined, type: undefined })}>
              <FormattedMessage id="money.filter.clear" />
            </button>
          ) : (
            <Link to="/affiliate-program" className="btn btn--primary">
              <FormattedMessage id="money.transactions.earn" />
            </Link>
          )}
        </div>
      ) : data ? (
        <div aria-busy={list.isFetching || undefined}>
          <div className="table-scroll">
            <table className="data-table money-table">
              <caption className="visually-hidden">{intl.formatMessage({ id: 'page.dashboard.transaction.title' })}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="money.col.date" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="money.col.description" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="money.col.reason" />
                  </th>
                  <th scope="col" className="num">
                    <FormattedMessage id="money.col.amount" />
                  </th>
                  <th scope="col" className="num">
                    <FormattedMessage id="money.col.balanceAfter" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((t) => (
                  <tr key={t.id} data-testid="transaction-row">
                    <td>
                      <FormattedDate value={t.createdAt} dateStyle="medium" />
                    </td>
                    <td>{t.description}</td>
                    <td>
                      <FormattedMessage id={`money.reason.${t.reason}`} />
                    </td>
                    <td className={`num ${t.type === 'credit' ? 'money-credit' : 'money-debit'}`}>
                      {money(t.type === 'debit' ? -t.amount : t.amount)}
                    </td>
                    <td className="num">{money(t.balanceAfter)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={(p) => set({ page: p })} />
        </div>
      ) : null}
    </DashboardFrame>
  );
}
