import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { toCsv } from '@app/shared/rules/csv';
import { DashboardFrame } from '../../../components/ui/dashboard-frame';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatMoney } from '../../../lib/use-format-money';
import { allPayments, usePayments } from '../api/billing-api';
import { MoneyFilters, useMoneyFilter } from '../components/money-filters';
import { PaymentOutcomeBadge } from '../components/payment-outcome-badge';
import { downloadText } from '../download';
import '../billing.css';

const PAGE_SIZE = 20;

/** /dashboard/payment: every payment and refund (SPEC §3 Payment), filtered by date and type, paged, exportable. */
export default function PaymentsPage() {
  const intl = useIntl();
  const { filter, page, set } = useMoneyFilter();
  const list = usePayments(page, PAGE_SIZE, filter);
  const [exporting, setExporting] = useState(false);
  const data = list.data;
  const filtered = Boolean(filter.from || filter.to || filter.type);

  async function exportCsv() {
    setExporting(true);
    try {
      const rows = await allPayments(filter);
      const header = ['id', 'date', 'description', 'gateway', 'method', 'type', 'amount', 'currency', 'outcome', 'paidOn'].map((k) =>
        intl.formatMessage({ id: `money.csv.${k}` }),
      );
      downloadText(
        `payments${filter.from ? `-${filter.from}` : ''}${filter.to ? `-${filter.to}` : ''}.csv`,
        toCsv([
          header,
          ...rows.map((p) => [
            p.id,
            p.createdAt,
            p.description,
            p.gateway,
            p.method,
            p.type,
            (p.amount / 100).toFixed(2),
            p.currency,
            p.outcome,
            p.paidAt ?? '',
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
    <DashboardFrame titleId="page.dashboard.payment.title" error={list.isError && !data} onRetry={() => void list.refetch()}>
      <MoneyFilters filter={filter} onChange={set} onExport={() => void exportCsv()} exporting={exporting} />
      {list.isPending ? (
        <div aria-busy="true">
          <Skeleton lines={8} />
        </div>
      ) : data && data.total === 0 ? (
        <div className="empty-state" data-testid="payments-empty">
          <p>
            <FormattedMessage id={filtered ? 'money.emptyFiltered' : 'money.payments.empty'} />
          </p>
          {filtered ? (
            <button type="button" className="btn btn--outline" onClick={() => set({ from: undefined, to: undefined, type: undefined })}>
              <FormattedMessage id="money.filter.clear" />
            </button>
          ) : (
            <Link to="/plans" className="btn btn--primary">
              <FormattedMessage id="cart.browsePlans" />
            </Link>
          )}
        </div>
      ) : data ? (
        <div aria-busy={list.isFetching || undefined}>
          <div className="table-scroll">
            <table className="data-table money-table">
              <caption className="visually-hidden">{intl.formatMessage({ id: 'page.dashboard.payment.title' })}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="money.col.date" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="money.col.description" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="money.col.method" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="money.col.type" />
                  </th>
                  <th scope="col" className="num">
                    <FormattedMessage id="money.col.amount" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="money.col.status" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="money.col.paidOn" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((p) => (
                  <tr key={p.id} data-testid="payment-row">
                    <td>
                      <FormattedDate value={p.createdAt} dateStyle="medium" />
                    </td>
                    <td>
                      {p.description}
                      <span className="money-table__id muted">{p.id.slice(0, 8)}</span>
                    </td>
                    <td>
                      <FormattedMessage id={`payment.choice.${p.gateway}.${p.method}`} />
                      {p.card ? <span className="muted"> ·••• {p.card.last4}</span> : null}
                    </td>
                    <td>
                      <FormattedMessage id={`money.type.${p.type}`} />
                    </td>
                    <td className="num">{formatMoney(p.type === 'credit' ? -p.amount : p.amount, intl.locale, p.currency)}</td>
                    <td>
                      <PaymentOutcomeBadge outcome={p.outcome} />
                    </td>
                    <td>{p.paidAt ? <FormattedDate value={p.paidAt} dateStyle="medium" /> : '—'}</td>
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
