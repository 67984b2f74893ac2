import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { balanceTransactions, gatewayEvents, invoices, orderLines, orders, paymentMethods, payments, resellerAccounts } from '../../db/schema/checkout.js';
import { resellers } from '../../db/schema/catalogue.js';

/** Queries of checkout and money; no rules (those are in the services). */

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = typeof orderLines.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type InvoiceRow = typeof invoices.$inferSelect;
export type CardRow = typeof paymentMethods.$inferSelect;
export type BalanceTransactionRow = typeof balanceTransactions.$inferSelect;

export async function insertOrder(exec: Executor, order: NewOrder, lines: Omit<NewOrderLine, 'orderId'>[]): Promise<OrderRow> {
  const [row] = await exec.insert(orders).values(order).returning();
  if (!row) throw new Error('order insert returned nothing');
  if (lines.length) await exec.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: row.id })));
  return row;
}

export async function findOrder(exec: Executor, id: string, opts: { lock?: boolean } = {}): Promise<OrderRow | undefined> {
  const q = exec.select().from(orders).where(eq(orders.id, id));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

export async function findOrderByRequest(exec: Executor, subscriberId: string, requestId: string) {
  const [row] = await exec
    .select()
    .from(orders)
    .where(and(eq(orders.subscriberId, subscriberId), eq(orders.requestId, requestId)));
  return row;
}

export async function findOrderLines(exec: Executor, orderIds: string[]): Promise<OrderLineRow[]> {
  if (!orderIds.length) return [];
  return exec.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.orderId), asc(orderLines.position));
}

export async function listOrders(exec: Executor, subscriberId: string, opts: { page: number; pageSize: number; statuses?: string[] | undefined }) {
  const where = and(eq(orders.subscriberId, subscriberId), opts.statuses ? inArray(orders.status, opts.statuses) : undefined);
  const [total] = await exec.select({ n: count() }).from(orders).where(where);
  const rows = await exec
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
  return { total: total?.n ?? 0, rows };
}

export async function updateOrder(exec: Executor, id: string, values: Partial<NewOrder>, whereStatus?: string[]): Promise<OrderRow | undefined> {
  const [row] = await exec
    .update(orders)
    .set(values)
    .where(and(eq(orders.id, id), whereStatus ? inArray(orders.status, whereStatus) : undefined))
    .returning();
  return row;
}

/** Marks a paid order as waiting for SIM stock; false when it was marked before (its owner was told). */
export async function markFulfilmentDelayed(exec: Executor, id: string): Promise<boolean> {
  const rows = await exec
    .update(orders)
    .set({ fulfilmentDelayedAt: new Date() })
    // Still paid and not yet told: a refund or a cancellation in between is not followed by this mail.
    .where(and(eq(orders.id, id), isNull(orders.fulfilmentDelayedAt), inArray(orders.status, ['paid', 'processing'])))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function countPaidOrders(exec: Executor, subscriberId: string, exceptOrderId: string): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.subscriberId, subscriberId), sql`${orders.paidAt} is not null`, sql`${orders.id} <> ${exceptOrderId}`));
  return row?.n ?? 0;
}

export async function firstPaidOrderId(exec: Executor, subscriberId: string): Promise<string | undefined> {
  const [row] = await exec
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.subscriberId, subscriberId), sql`${orders.paidAt} is not null`))
    .orderBy(asc(orders.paidAt))
    .limit(1);
  return row?.id;
}

export async function markLineFulfilled(exec: Executor, lineId: string) {
  await exec.update(orderLines).set({ fulfilledAt: new Date() }).where(and(eq(orderLines.id, lineId), isNull(orderLines.fulfilledAt)));
}

/** Orders paid and not yet shipped or delivered (the operator's fulfilment list). */
export async function ordersAwaitingFulfilment(exec: Executor) {
  return exec.select().from(orders).where(inArray(orders.status, ['paid', 'processing'])).orderBy(asc(orders.paidAt));
}

/**
 * Lines of orders paid before `paidBefore` that fulfilment has not done yet, of the given types. A plan
 * line that made its SIMs (`details.simIds`) and now waits only for shipping is not listed.
 */
export async function linesLeftToFulfil(exec: Executor, types: readonly string[], paidBefore: Date, limit = 500): Promise<OrderLineRow[]> {
  if (!types.length) return [];
  return exec
    .select({ line: orderLines })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        inArray(orders.status, ['paid', 'processing']),
        lt(orders.paidAt, paidBefore),
        isNull(orderLines.fulfilledAt),
        inArray(orderLines.type, [...types]),
        sql`NOT (${orderLines.type} = 'plan' AND coalesce(${orderLines.details} ? 'simIds', false))`,
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orderLines.position))
    .limit(limit)
    .then((rows) => rows.map((r) => r.line));
}

// --- payments ------------------------------------------------------------------------------------

export async function insertPayment(exec: Executor, p: NewPayment): Promise<PaymentRow> {
  const [row] = await exec.insert(payments).values(p).returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

export async function findPayment(exec: Executor, id: string, opts: { lock?: boolean } = {}): Promise<PaymentRow | undefined> {
  const q = exec.select().from(payments).where(eq(payments.id, id));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

export async function findPaymentByRequest(exec: Executor, orderId: string, requestId: string) {
  const [row] = await exec.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.requestId, requestId)));
  return row;
}

export async function findPaymentByReference(exec: Executor, gateway: string, type: 'debit' | 'credit', reference: string) {
  const [row] = await exec
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.type, type), eq(payments.gatewayReference, reference)));
  return row;
}

export async function orderPayments(exec: Executor, orderId: string): Promise<PaymentRow[]> {
  return exec.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
}

export async function updatePayment(exec: Executor, id: string, values: Partial<NewPayment>, whereStatus?: string[]) {
  const [row] = await exec
    .update(payments)
    .set(values)
    .where(and(eq(payments.id, id), whereStatus ? inArray(payments.status, whereStatus) : undefined))
    .returning();
  return row;
}

/** Debits still waiting on the gateway or the customer, older than `olderThan`. */
export async function unfinishedPayments(exec: Executor, olderThan: Date, limit = 100): Promise<PaymentRow[]> {
  return exec
    .select()
    .from(payments)
    .where(and(inArray(payments.status, ['pending', 'requires_action']), lt(payments.updatedAt, olderThan)))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

export async function listPayments(
  exec: Executor,
  subscriberId: string,
  q: { page: number; pageSize: number; from?: string | undefined; to?: string | undefined; type?: string | undefined },
) {
  const conds: (SQL | undefined)[] = [
    eq(payments.subscriberId, subscriberId),
    // Attempts that never took money are noise in a statement.
    inArray(payments.status, ['succeeded', 'pending', 'requires_action', 'refunded']),
    q.type ? eq(payments.type, q.type) : undefined,
    q.from ? gte(payments.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lte(payments.createdAt, new Date(`${q.to}T23:59:59.999Z`)) : undefined,
  ];
  const where = and(...conds);
  const [total] = await exec.select({ n: count() }).from(payments).where(where);
  const rows = await exec
    .select()
    .from(payments)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { total: total?.n ?? 0, rows };
}

// --- gateway events ------------------------------------------------------------------------------

export async function recordEvent(exec: Executor, e: typeof gatewayEvents.$inferInsert): Promise<boolean> {
  const rows = await exec.insert(gatewayEvents).values(e).onConflictDoNothing().returning({ id: gatewayEvents.eventId });
  return rows.length > 0;
}

export async function findEvent(exec: Executor, gateway: string, eventId: string, opts: { lock?: boolean } = {}) {
  const q = exec
    .select()
    .from(gatewayEvents)
    .where(and(eq(gatewayEvents.gateway, gateway), eq(gatewayEvents.eventId, eventId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

export async function markEventProcessed(exec: Executor, gateway: string, eventId: string, outcome: string) {
  await exec
    .update(gatewayEvents)
    .set({ processedAt: new Date(), outcome })
    .where(and(eq(gatewayEvents.gateway, gateway), eq(gatewayEvents.eventId, eventId)));
}

// --- invoices ------------------------------------------------------------------------------------

export async function nextInvoiceNumber(exec: Executor): Promise<number> {
  const r = await exec.execute(sql`select nextval('invoice_number_seq')::int as n`);
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n);
}

export async function insertInvoice(exec: Executor, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await exec.insert(invoices).values(values).onConflictDoNothing({ target: invoices.orderId }).returning();
  if (row) return row;
  const [existing] = await exec.select().from(invoices).where(eq(invoices.orderId, values.orderId));
  if (!existing) throw new Error('invoice vanished');
  return existing;
}

export async function findInvoice(exec: Executor, by: { id: string } | { publicToken: string } | { orderId: string }) {
  const where =
    'id' in by ? eq(invoices.id, by.id) : 'publicToken' in by ? eq(invoices.publicToken, by.publicToken) : eq(invoices.orderId, by.orderId);
  const [row] = await exec.select().from(invoices).where(where);
  return row;
}

export async function invoiceIdsFor(exec: Executor, orderIds: string[]): Promise<Map<string, string>> {
  if (!orderIds.length) return new Map();
  const rows = await exec.select({ id: invoices.id, orderId: invoices.orderId }).from(invoices).where(inArray(invoices.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r.id]));
}

export async function listInvoices(exec: Executor, subscriberId: string, page: number, pageSize: number) {
  const where = eq(invoices.subscriberId, subscriberId);
  const [total] = await exec.select({ n: count() }).from(invoices).where(where);
  const rows = await exec
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: total?.n ?? 0, rows };
}

// --- saved cards ---------------------------------------------------------------------------------

export async function listCards(exec: Executor, subscriberId: string): Promise<CardRow[]> {
  return exec.select().from(paymentMethods).where(eq(paymentMethods.subscriberId, subscriberId)).orderBy(asc(paymentMethods.createdAt));
}

export async function insertCard(exec: Executor, values: typeof paymentMethods.$inferInsert): Promise<CardRow | undefined> {
  const [row] = await exec.insert(paymentMethods).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findCard(exec: Executor, subscriberId: string, id: string): Promise<CardRow | undefined> {
  const [row] = await exec
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.subscriberId, subscriberId)));
  return row;
}

// --- balance and affiliates ---------------------------------------------------------------------

export async function listBalanceTransactions(
  exec: Executor,
  subscriberId: string,
  q: { page: number; pageSize: number; from?: string | undefined; to?: string | undefined; type?: string | undefined },
) {
  const where = and(
    eq(balanceTransactions.subscriberId, subscriberId),
    q.type ? eq(balanceTransactions.type, q.type) : undefined,
    q.from ? gte(balanceTransactions.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lte(balanceTransactions.createdAt, new Date(`${q.to}T23:59:59.999Z`)) : undefined,
  );
  const [total] = await exec.select({ n: count() }).from(balanceTransactions).where(where);
  const rows = await exec
    .select()
    .from(balanceTransactions)
    .where(where)
    .orderBy(desc(balanceTransactions.createdAt), desc(balanceTransactions.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { total: total?.n ?? 0, rows };
}

export async function balanceTransactionsOf(exec: Executor, sourceKeys: string[]) {
  if (!sourceKeys.length) return [];
  return exec.select().from(balanceTransactions).where(inArray(balanceTransactions.sourceKey, sourceKeys));
}

/** The account an active reseller code earns on, if the partner has one. */
export async function affiliateAccount(exec: Executor, code: string): Promise<string | undefined> {
  const [row] = await exec
    .select({ subscriberId: resellerAccounts.subscriberId })
    .from(resellers)
    .innerJoin(resellerAccounts, eq(resellerAccounts.resellerId, resellers.id))
    .where(and(eq(resellers.code, code), eq(resellers.isActive, true)));
  return row?.subscriberId;
}

/** Takings of one UTC day: money in and money back by gateway. */
export async function takings(exec: Executor, day: string) {
  const from = new Date(`${day}T00:00:00Z`);
  const to = new Date(from.getTime() + 86_400_000);
  return exec
    .select({ gateway: payments.gateway, type: payments.type, currency: payments.currency, count: count(), amount: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(and(inArray(payments.status, ['succeeded', 'refunded']), gte(payments.paidAt, from), lt(payments.paidAt, to)))
    .groupBy(payments.gateway, payments.type, payments.currency)
    .orderBy(asc(payments.gateway), asc(payments.type));
}
