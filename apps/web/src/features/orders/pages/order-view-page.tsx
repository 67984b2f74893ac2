import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DashboardFrame } from '../../../components/ui/dashboard-frame';
import { ExternalLink } from '../../../components/ui/external-link';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { formatMoney } from '../../../lib/use-format-money';
import { useRegionName } from '../../../lib/use-region-names';
import { cancelOrder, useOrder } from '../api/orders-api';
import { AddressChangeDialog } from '../components/address-change-dialog';
import '../orders.css';
import { useLtrText } from '../../../lib/use-format-phone';

/** /dashboard/order-view/:id: one order with its badge, lines, totals, delivery and what can still be done. */
export default function OrderViewPage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  // Order, invoice and tracking numbers left to right in a right-to-left page (decision 222).
  const ltr = useLtrText();
  const client = useQueryClient();
  const regionName = useRegionName();
  const order = useOrder(id);
  const [editing, setEditing] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const data = order.data;
  const notFound = order.isError && isApiError(order.error) && order.error.status === 404;
  const money = (cents: number) => formatMoney(cents, intl.locale, data?.currency ?? 'USD');

  async function onCancel() {
    if (!data) return;
    setCanceling(true);
    try {
      await cancelOrder(client, data.id);
      notify.success({ id: 'orders.canceled' });
      setConfirmCancel(false);
    } catch {
      // The API client has shown why; the order stays as it was.
    } finally {
      setCanceling(false);
    }
  }

  return (
    <DashboardFrame
      titleId="page.dashboard.orderView.title"
      title={data ? intl.formatMessage({ id: 'orders.viewTitle' }, { number: ltr(data.number) }) : undefined}
      error={order.isError && !notFound}
      onRetry={() => void order.refetch()}
    >
      {notFound ? (
        <div className="empty-state" role="alert" data-testid="order-not-found">
          <p>
            <FormattedMessage id="orders.notFound" />
          </p>
          <Link to="/dashboard/order-status" className="btn btn--primary">
            <FormattedMessage id="orders.backToList" />
          </Link>
        </div>
      ) : data ? (
        <div className="order-view" data-testid="order-view">
          <div className="order-view__panel">
            <p>
              <OrderStatusBadge status={data.status} />
            </p>
            <p data-testid="order-explain">
              <FormattedMessage id={data.waitingForStock ? 'orders.explain.waitingForStock' : `orders.explain.${data.status}`} />
            </p>
            <p className="order-card__description">{data.description}</p>
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <FormattedMessage id="invoice.col.description" />
                    </th>
                    <th scope="col" className="num">
                      <FormattedMessage id="invoice.col.quantity" />
                    </th>
                    <th scope="col" className="num">
                      <FormattedMessage id="invoice.col.total" />
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.lines.map((line) => (
                    <tr key={line.id}>
                      <td>
                        {line.name}
                        {line.sim ? (
                          <span className="muted"> · {intl.formatMessage({ id: line.sim === 'physical' ? 'plan.sim.physical' : 'plan.sim.esim' })}</span>
                        ) : null}
                      </td>
                      <td className="num">{intl.formatNumber(line.quantity)}</td>
                      <td className="num">{money(line.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="order-view__facts">
              <dt>
                <FormattedMessage id="checkout.summary.subtotal" />
              </dt>
              <dd>{money(data.subtotal)}</dd>
              {data.simCards > 0 ? (
                <>
                  <dt>
                    <FormattedMessage id="checkout.summary.simCards" />
                  </dt>
                  <dd>{money(data.simCards)}</dd>
                </>
              ) : null}
              {data.shippingAddress ? (
                <>
                  <dt>
                    <FormattedMessage id="checkout.summary.shipping" />
                  </dt>
                  <dd>{money(data.shipping)}</dd>
                </>
              ) : null}
              <dt>
                <FormattedMessage id="checkout.summary.tax" values={{ rate: intl.formatNumber(data.taxRateBps / 10_000, { style: 'percent', maximumFractionDigits: 2 }) }} />
              </dt>
              <dd>{money(data.tax)}</dd>
              <dt>
                <strong>
                  <FormattedMessage id="checkout.summary.total" />
                </strong>
              </dt>
              <dd>
                <strong>{money(data.total)}</strong>
              </dd>
            </dl>
          </div>
          <div className="order-view__panel">
            <dl className="order-view__facts">
              <dt>
                <FormattedMessage id="orders.placed" />
              </dt>
              <dd>
                <FormattedDate value={data.createdAt} dateStyle="medium" timeStyle="short" />
              </dd>
              {data.paidAt ? (
                <>
                  <dt>
                    <FormattedMessage id="orders.paid" />
                  </dt>
                  <dd>
                    <FormattedDate value={data.paidAt} dateStyle="medium" timeStyle="short" />
                  </dd>
                </>
              ) : null}
              {data.shippingMethod ? (
                <>
                  <dt>
                    <FormattedMessage id="checkout.delivery.title" />
                  </dt>
                  <dd>{data.shippingMethod.name}</dd>
                </>
              ) : null}
              {data.trackingNumber ? (
                <>
                  <dt>
                    <FormattedMessage id="orders.trackingLabel" />
                  </dt>
                  <dd>
                    {data.trackingUrl ? <ExternalLink href={data.trackingUrl}>{data.trackingNumber}</ExternalLink> : data.trackingNumber}
                    {data.carrier ? <span className="muted"> ({data.carrier})</span> : null}
                  </dd>
                </>
              ) : null}
            </dl>
            {data.shippingAddress ? (
              <div>
                <h2 className="section-title section-title--sm">
                  <FormattedMessage id="invoice.shipTo" />
                </h2>
                <p data-testid="order-address">
                  {data.shippingAddress.shippingFirstName} {data.shippingAddress.shippingLastName}
                  <br />
                  {data.shippingAddress.shippingAddress1}
                  {data.shippingAddress.shippingAddress2 ? `, ${data.shippingAddress.shippingAddress2}` : ''}
                  <br />
                  {data.shippingAddress.shippingCity}, {data.shippingAddress.shippingState} {data.shippingAddress.shippingZipcode}
                  <br />
                  {regionName(data.shippingAddress.shippingCountry)}
                </p>
              </div>
            ) : (
              <p className="muted">
                <FormattedMessage id="orders.nothingShips" />
              </p>
            )}
            <div className="form-actions">
              {data.invoiceId ? (
                <Link to={`/invoice?id=${encodeURIComponent(data.invoiceId)}`} className="btn btn--outline btn--sm">
                  <FormattedMessage id="confirmation.viewInvoice" />
                </Link>
              ) : null}
              {data.canChangeAddress && data.shippingAddress ? (
                <button type="button" className="btn btn--outline btn--sm" onClick={() => setEditing(true)}>
                  <FormattedMessage id="orders.changeAddress" />
                </button>
              ) : null}
              {data.canCancel ? (
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => setConfirmCancel(true)}>
                  <FormattedMessage id="orders.cancel" />
                </button>
              ) : null}
            </div>
          </div>
          {editing ? <AddressChangeDialog order={data} onClose={() => setEditing(false)} /> : null}
          <ConfirmDialog
            open={confirmCancel}
            danger
            busy={canceling}
            title={<FormattedMessage id="orders.cancelTitle" values={{ number: ltr(data.number) }} />}
            confirmLabel={<FormattedMessage id="orders.cancelConfirm" />}
            onConfirm={() => void onCancel()}
            onClose={() => setConfirmCancel(false)}
          >
            <p>
              <FormattedMessage id="orders.cancelText" />
            </p>
          </ConfirmDialog>
        </div>
      ) : order.isPending ? (
        <div className="order-view" aria-busy="true">
          <div className="order-view__panel">
            <Skeleton lines={6} />
          </div>
          <div className="order-view__panel">
            <Skeleton lines={4} />
          </div>
        </div>
      ) : null}
    </DashboardFrame>
  );
}
