import type { Order, OrderLine } from '@app/shared/contracts/orders';
import type { Payment, PaymentOutcome, SavedCardInfo, BalanceTransaction } from '@app/shared/contracts/payments';
import { paymentFailureCodeSchema } from '@app/shared/contracts/payments';
import type { ShippingAddress } from '@app/shared/contracts/checkout';
import { isCardExpired } from '@app/shared/rules/sandbox-card';
import type { BalanceTransactionRow, CardRow, OrderLineRow, OrderRow, PaymentRow } from './checkout.repository.js';

/** Rows → the API's contracts (one place, so every endpoint shows an order the same way). */

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const PAYABLE_STATUSES = ['pending', 'unpaid'];
export const ADDRESS_CHANGE_STATUSES = ['pending', 'unpaid', 'paid', 'processing'];

/** Tracking links of the carriers we ship with; anything else shows the number alone. */
export function trackingUrl(carrier: string | null, number: string | null): string | null {
  if (!carrier || !number) return null;
  const n = encodeURIComponent(number);
  switch (carrier.toLowerCase()) {
    case 'usps':
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
    case 'ups':
      return `https://www.ups.com/track?tracknum=${n}`;
    case 'fedex':
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    case 'dhl':
      return `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}`;
    default:
      return null;
  }
}

export function toOrderLine(l: OrderLineRow): OrderLine {
  return {
    id: l.id,
    type: l.type as OrderLine['type'],
    name: l.name,
    planId: l.planId,
    priceId: l.priceId,
    addonId: l.addonId,
    simId: l.simId,
    sim: l.sim as OrderLine['sim'],
    periodDays: l.periodDays,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    total: l.total,
    details: (l.details as Record<string, unknown> | null) ?? null,
    fulfilledAt: iso(l.fulfilledAt),
  };
}

/** Told it waits for SIM stock (decision 235), and a plan line has still not made its SIMs (or a move to eSIM is not done). */
export function waitsForStock(o: OrderRow, lines: OrderLineRow[]): boolean {
  return (
    o.fulfilmentDelayedAt !== null &&
    ['paid', 'processing'].includes(o.status) &&
    lines.some((l) => l.orderId === o.id && !l.fulfilledAt && ((l.type === 'plan' && !(l.details as { simIds?: unknown } | null)?.simIds) || l.type === 'sim_refresh'))
  );
}

export function toOrder(o: OrderRow, lines: OrderLineRow[], invoiceId: string | null): Order {
  const shippingAddress = (o.shippingAddress as ShippingAddress | null) ?? null;
  return {
    id: o.id,
    number: o.number,
    kind: o.kind as Order['kind'],
    description: o.description,
    status: o.status as Order['status'],
    email: o.email,
    lines: lines.map(toOrderLine),
    subtotal: o.subtotal,
    simCards: o.simCards,
    shipping: o.shipping,
    taxRateBps: o.taxRateBps,
    tax: o.tax,
    surchargeBps: o.surchargeBps,
    surcharge: o.surcharge,
    total: o.total,
    currency: o.currency,
    shippingAddress,
    shippingMethod: (o.shippingMethod as Order['shippingMethod']) ?? null,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    trackingUrl: trackingUrl(o.carrier, o.trackingNumber),
    resellerCode: o.resellerCode,
    invoiceId,
    createdAt: o.createdAt.toISOString(),
    paidAt: iso(o.paidAt),
    shippedAt: iso(o.shippedAt),
    canceledAt: iso(o.canceledAt),
    refundedAt: iso(o.refundedAt),
    canPay: PAYABLE_STATUSES.includes(o.status),
    canCancel: PAYABLE_STATUSES.includes(o.status),
    canChangeAddress: shippingAddress !== null && ADDRESS_CHANGE_STATUSES.includes(o.status),
    waitingForStock: waitsForStock(o, lines),
  };
}

export function paymentOutcome(status: string): PaymentOutcome {
  switch (status) {
    case 'succeeded':
    case 'refunded':
      return 'success';
    case 'pending':
      return 'in_process';
    case 'requires_action':
      return 'pending';
    default:
      return 'failure';
  }
}

/** Our catalogue's failure codes; anything else the gateway said reads as 'unknown'. */
export function failureCode(code: string | null | undefined): Payment['failureCode'] {
  if (!code) return null;
  const mapped = code === 'authentication_required' ? 'authentication_failed' : code === 'generic_decline' ? 'card_declined' : code;
  const parsed = paymentFailureCodeSchema.safeParse(mapped);
  return parsed.success ? parsed.data : 'unknown';
}

export function toPayment(p: PaymentRow, order: Pick<OrderRow, 'status' | 'description'>, invoiceId: string | null): Payment {
  return {
    id: p.id,
    orderId: p.orderId,
    gateway: p.gateway as Payment['gateway'],
    method: p.method as Payment['method'],
    amount: p.amount,
    currency: p.currency,
    type: p.type as Payment['type'],
    status: p.status as Payment['status'],
    outcome: paymentOutcome(p.status),
    description: p.type === 'credit' ? `Refund: ${order.description}` : order.description,
    nextAction: p.status === 'requires_action' || p.status === 'pending' ? ((p.nextAction as Payment['nextAction']) ?? null) : null,
    failureCode: p.status === 'failed' || p.status === 'canceled' ? failureCode(p.failureCode ?? (p.status === 'canceled' ? 'canceled' : 'unknown')) : null,
    card: p.cardBrand && p.cardLast4 ? { brand: p.cardBrand, last4: p.cardLast4 } : null,
    createdAt: p.createdAt.toISOString(),
    paidAt: iso(p.paidAt),
    orderStatus: order.status,
    invoiceId,
  };
}

export function toSavedCard(c: CardRow, flags: { autoRenew: string | null; autoExtend: string | null; autoTopUp: string | null }): SavedCardInfo {
  return {
    id: c.id,
    gateway: c.gateway as SavedCardInfo['gateway'],
    brand: c.brand,
    last4: c.last4,
    expiryMonth: c.expMonth,
    expiryYear: c.expYear,
    nameOnCard: c.nameOnCard,
    isDefault: c.isDefault,
    isExpired: isCardExpired(c.expMonth, c.expYear),
    autoRenew: flags.autoRenew === c.id,
    autoExtend: flags.autoExtend === c.id,
    autoTopUp: flags.autoTopUp === c.id,
    createdAt: c.createdAt.toISOString(),
  };
}

export function toBalanceTransaction(t: BalanceTransactionRow): BalanceTransaction {
  return {
    id: t.id,
    type: t.type as BalanceTransaction['type'],
    reason: t.reason as BalanceTransaction['reason'],
    amount: t.amount,
    balanceAfter: t.balanceAfter,
    description: t.description,
    orderId: t.orderId,
    createdAt: t.createdAt.toISOString(),
  };
}
