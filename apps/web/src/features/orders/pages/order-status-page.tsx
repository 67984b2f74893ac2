import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { orderStatusSchema, type OrderStatus } from '@app/shared/contracts/orders';
import { DashboardFrame } from '../../../components/ui/dashboard-frame';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatMoney } from '../../../lib/use-format-money';
import { useOrderList } from '../api/orders-api';
import '../orders.css';
import { useLtrText } from '../../../lib/use-format-phone';

const PAGE_SIZE = 20;
const STATUSES = orderStatusSchema.options;

/** /dashboard/order-status: the subscriber's orders with their badges, filtered by status, paged. */
export default function OrderStatusPage() {
  const intl = useIntl();
  // Order, invoice and tracking numbers left to right in a right-to-left page (decision 222).
  const ltr = useLtrText();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const wanted = search.get('status');
  const status = STATUSES.includes(wanted as OrderStatus) ? (wanted as OrderStatus) : undefined;
  const list = useOrderList(page, PAGE_SIZE, status);
  const data = list.data;

  const setParams = (next: { page?: number; status?: string }) => {
    const params = new URLSearchParams(search);
    if (next.status !== undefined) {
      if (next.status) params.set('status', next.status);
      else params.delete('status');
      params.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) params.set('page', String(next.page));
      else params.delete('page');
    }
    setSearch(params, { replace: true, preventScrollReset: true });
  };

  return (
    <DashboardFrame titleId="page.dashboard.orderStatus.title" error={list.isError && !data} onRetry={() => void list.refetch()}>
      <div className="filters">
        <label className="filters__field">
          <span className="field-label">
            <FormattedMessage id="orders.filter.status" />
          </span>
          <select className="input select" value={status ?? ''} onChange={(e) => setParams({ status: e.target.value })}>
            <option value="">{intl.formatMessage({ id: 'orders.filter.all' })}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {intl.formatMessage({ id: `order.status.${s}` })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending ? (
        <div aria-busy="true">
          <Skeleton lines={6} />
        </div>
      ) : data && data.total === 0 ? (
        <div className="empty-state" data-testid="orders-empty">
          <p>
            <FormattedMessage id={status ? 'orders.emptyFiltered' : 'orders.empty'} />
          </p>
          {status ? (
            <button type="button" className="btn btn--outline" onClick={() => setParams({ status: '' })}>
              <FormattedMessage id="orders.filter.clear" />
            </button>
          ) : (
            <Link to="/plans" className="btn btn--primary">
              <FormattedMessage id="cart.browsePlans" />
            </Link>
          )}
        </div>
      ) : data ? (
        <div aria-busy={list.isFetching || undefined}>
          <ul className="order-cards">
            {data.data.map((order) => (
              <li key={order.id} className="order-card" data-testid="order-row">
                <div className="order-card__head">
                  <Link to={`/dashboard/order-view/${order.id}`} className="order-card__number text-link">
                    {order.number}
                  </Link>
                  <OrderStatusBadge status={order.status} />
                </div>
                <p className="order-card__description">{order.description}</p>
                <p className="order-card__meta muted">
                  <FormattedDate value={order.createdAt} dateStyle="medium" /> · {formatMoney(order.total, intl.locale, order.currency)}
                  {order.trackingNumber ? (
                    <>
                      {' · '}
                      <FormattedMessage id="orders.tracking" values={{ number: ltr(order.trackingNumber) }} />
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={(p) => setParams({ page: p })} />
        </div>
      ) : null}
    </DashboardFrame>
  );
}
