import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { DashboardFrame } from '../../../components/ui/dashboard-frame';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatMoney } from '../../../lib/use-format-money';
import { useInvoiceList } from '../api/invoices-api';
import '../invoices.css';
import { useLtrText } from '../../../lib/use-format-phone';

const PAGE_SIZE = 20;

/** /dashboard/invoice: every invoice of the subscriber, newest first, each opening its print view. */
export default function InvoiceListPage() {
  const intl = useIntl();
  // Order, invoice and tracking numbers left to right in a right-to-left page (decision 222).
  const ltr = useLtrText();
  const [page, setPage] = useState(1);
  const list = useInvoiceList(page, PAGE_SIZE);
  const data = list.data;

  return (
    <DashboardFrame titleId="page.dashboard.invoice.title" error={list.isError && !data} onRetry={() => void list.refetch()}>
      {list.isPending ? (
        <div aria-busy="true">
          <Skeleton lines={6} />
        </div>
      ) : data && data.total === 0 ? (
        <div className="empty-state" data-testid="invoices-empty">
          <p>
            <FormattedMessage id="invoice.empty" />
          </p>
          <Link to="/plans" className="btn btn--primary">
            <FormattedMessage id="cart.browsePlans" />
          </Link>
        </div>
      ) : data ? (
        <div className="invoice-list" aria-busy={list.isFetching || undefined}>
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">{intl.formatMessage({ id: 'page.dashboard.invoice.title' })}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="invoice.col.number" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="invoice.col.date" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="invoice.col.order" />
                  </th>
                  <th scope="col" className="num">
                    <FormattedMessage id="invoice.col.total" />
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">
                      <FormattedMessage id="invoice.col.actions" />
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((inv) => (
                  <tr key={inv.id} data-testid="invoice-row">
                    <th scope="row">{inv.number}</th>
                    <td>
                      <FormattedDate value={inv.date} dateStyle="medium" />
                    </td>
                    <td>
                      <Link to={`/dashboard/order-view/${inv.orderId}`} className="text-link">
                        {inv.orderNumber}
                      </Link>
                    </td>
                    <td className="num">{formatMoney(inv.total, intl.locale, inv.currency)}</td>
                    <td>
                      <Link to={`/invoice?id=${encodeURIComponent(inv.id)}`} className="btn btn--outline btn--sm">
                        <FormattedMessage id="invoice.view" values={{ number: ltr(inv.number) }} />
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
        </div>
      ) : null}
    </DashboardFrame>
  );
}
