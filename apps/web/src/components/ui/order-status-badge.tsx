import './badges.css';
import { FormattedMessage } from 'react-intl';
import type { OrderStatus } from '@app/shared/contracts/orders';

const TONE: Record<OrderStatus, string> = {
  pending: 'badge--info',
  unpaid: 'badge--warning',
  paid: 'badge--success',
  processing: 'badge--info',
  shipped: 'badge--info',
  delivered: 'badge--success',
  canceled: 'badge--muted',
  refunded: 'badge--muted',
};

/** SPEC §4 order badges, in words. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`badge ${TONE[status]}`} data-testid="order-status" data-status={status}>
      <FormattedMessage id={`order.status.${status}`} />
    </span>
  );
}
