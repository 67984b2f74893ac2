import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { subscribers } from './accounts.js';
import { resellers } from './catalogue.js';

/**
 * Checkout and money: orders and their lines, payment attempts (debits and refunds), verified
 * gateway events, saved cards, invoices, balance transactions, the affiliate's account link and the
 * offline sandbox gateway's own ledger. Money is integer cents. The guards that make money paths
 * exactly-once are constraints here: one idempotency key per attempt, one row per gateway reference,
 * one row per gateway event, one balance credit per source. See docs/decisions/120-*.md.
 */

const ts = () => timestamp({ withTimezone: true });
const createdAt = () => ts().notNull().defaultNow();

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Short reference shown to people (mails, support): 'LW-' + 8 characters. */
    number: text().notNull(),
    /** Every order belongs to an account: a visitor's purchase creates or finds one by e-mail. */
    subscriberId: uuid()
      .notNull()
      .references(() => subscribers.id),
    kind: text().notNull(),
    status: text().notNull().default('pending'),
    email: text().notNull(),
    description: text().notNull(),
    subtotal: integer().notNull(),
    simCards: integer().notNull().default(0),
    shipping: integer().notNull().default(0),
    taxRateBps: integer().notNull().default(0),
    tax: integer().notNull().default(0),
    surchargeBps: integer().notNull().default(0),
    surcharge: integer().notNull().default(0),
    total: integer().notNull(),
    currency: text().notNull(),
    shippingAddress: jsonb(),
    shippingMethod: jsonb(),
    carrier: text(),
    trackingNumber: text(),
    resellerCode: text(),
    /** Refer-a-friend: who referred this customer (credited on their first paid order). */
    referrerId: uuid().references(() => subscribers.id),
    /** SHA-256 of the order's access token (visitors pay and read their order with it). */
    accessTokenHash: text().notNull(),
    /** The browser's id of the purchase request: a repeat answers with this order. */
    requestId: uuid().notNull(),
    /** The payment that paid it. */
    paidPaymentId: uuid(),
    createdAt: createdAt(),
    updatedAt: ts()
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    paidAt: ts(),
    shippedAt: ts(),
    deliveredAt: ts(),
    canceledAt: ts(),
    refundedAt: ts(),
    /** When the customer was told that fulfilment waits for SIM stock (mailed once; decision 235). */
    fulfilmentDelayedAt: ts(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    uniqueIndex('orders_subscriber_request_key').on(t.subscriberId, t.requestId),
    index('orders_subscriber_created_idx').on(t.subscriberId, t.createdAt),
    index('orders_status_idx').on(t.status),
    check(
      'orders_status_valid',
      sql`${t.status} in ('pending','unpaid','paid','processing','shipped','delivered','canceled','refunded')`,
    ),
    check(
      'orders_money_nonnegative',
      sql`${t.subtotal} >= 0 and ${t.simCards} >= 0 and ${t.shipping} >= 0 and ${t.tax} >= 0 and ${t.surcharge} >= 0 and ${t.total} >= 0`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    type: text().notNull(),
    name: text().notNull(),
    planId: uuid(),
    priceId: uuid(),
    addonId: uuid(),
    /** The existing SIM the line acts on (SIM actions, add-ons for a SIM). */
    simId: uuid(),
    sim: text(),
    periodDays: integer(),
    unitPrice: integer().notNull(),
    quantity: integer().notNull(),
    total: integer().notNull(),
    details: jsonb(),
    fulfilledAt: ts(),
  },
  (t) => [
    uniqueIndex('order_lines_order_position_key').on(t.orderId, t.position),
    check('order_lines_money_nonnegative', sql`${t.unitPrice} >= 0 and ${t.total} >= 0 and ${t.quantity} > 0`),
  ],
);

/** Payment attempts (type debit) and refunds (type credit). */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    subscriberId: uuid()
      .notNull()
      .references(() => subscribers.id),
    gateway: text().notNull(),
    method: text().notNull(),
    type: text().notNull().default('debit'),
    amount: integer().notNull(),
    currency: text().notNull(),
    status: text().notNull().default('pending'),
    /** Sent to the gateway with every call for this attempt; stored before the first call. */
    idempotencyKey: text().notNull(),
    /** The browser's id of the request that started the attempt (a retry finds this row). */
    requestId: uuid(),
    /** The gateway's id of the charge or refund. */
    gatewayReference: text(),
    /** For refunds: the debit they pay back. */
    refundOf: uuid(),
    savedCardId: uuid(),
    saveCard: boolean().notNull().default(false),
    nextAction: jsonb(),
    failureCode: text(),
    failureMessage: text(),
    cardBrand: text(),
    cardLast4: text(),
    createdAt: createdAt(),
    updatedAt: ts()
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    paidAt: ts(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('payments_gateway_reference_key').on(t.gateway, t.type, t.gatewayReference),
    uniqueIndex('payments_order_request_key').on(t.orderId, t.requestId),
    index('payments_order_idx').on(t.orderId),
    index('payments_subscriber_created_idx').on(t.subscriberId, t.createdAt),
    index('payments_open_idx').on(t.status).where(sql`${t.status} in ('pending','requires_action')`),
    check('payments_amount_nonnegative', sql`${t.amount} >= 0`),
    check('payments_type_valid', sql`${t.type} in ('debit','credit')`),
    check('payments_status_valid', sql`${t.status} in ('pending','requires_action','succeeded','failed','canceled','refunded')`),
  ],
);

/** Verified gateway notifications, recorded by event id in the transaction that applies them. */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    gateway: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    reference: text().notNull(),
    amount: integer(),
    currency: text(),
    receivedAt: createdAt(),
    processedAt: ts(),
    outcome: text(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
);

/** Saved cards: only the gateway's references and display fields (never a card number). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriberId: uuid()
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    gateway: text().notNull(),
    customerRef: text().notNull(),
    methodRef: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    nameOnCard: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_methods_gateway_ref_key').on(t.gateway, t.methodRef),
    uniqueIndex('payment_methods_one_default').on(t.subscriberId).where(sql`${t.isDefault}`),
    index('payment_methods_subscriber_idx').on(t.subscriberId),
  ],
);

export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1001 });

/** One per paid order, frozen when the order is paid. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: text().notNull(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    subscriberId: uuid()
      .notNull()
      .references(() => subscribers.id),
    /** Random, unguessable: the visitor's link to the invoice. */
    publicToken: text().notNull(),
    issuedAt: createdAt(),
    /** The invoice as issued (lines, bill-to, ship-to, totals, company, paid with). */
    content: jsonb().notNull(),
    total: integer().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_order_key').on(t.orderId),
    uniqueIndex('invoices_public_token_key').on(t.publicToken),
    index('invoices_subscriber_idx').on(t.subscriberId, t.issuedAt),
  ],
);

/** Every change of a subscriber's balance, with the balance after it. */
export const balanceTransactions = pgTable(
  'balance_transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriberId: uuid()
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    reason: text().notNull(),
    amount: integer().notNull(),
    balanceAfter: integer().notNull(),
    description: text().notNull(),
    orderId: uuid().references(() => orders.id),
    /** What caused it, e.g. 'affiliate:<orderId>': unique, so a credit is never given twice. */
    sourceKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('balance_transactions_source_key').on(t.sourceKey),
    index('balance_transactions_subscriber_idx').on(t.subscriberId, t.createdAt),
    check('balance_transactions_amount_positive', sql`${t.amount} > 0`),
    check('balance_transactions_type_valid', sql`${t.type} in ('debit','credit')`),
  ],
);

/** The account an affiliate partner (reseller code) earns its commission credit on. */
export const resellerAccounts = pgTable('reseller_accounts', {
  resellerId: uuid()
    .primaryKey()
    .references(() => resellers.id, { onDelete: 'cascade' }),
  subscriberId: uuid()
    .notNull()
    .references(() => subscribers.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * The offline sandbox gateway's own ledger: what a real gateway would hold on its side. Written in
 * its own transactions (never ours), so a crash between "charged" and "order completed" leaves the
 * same state as with a real gateway, for reconciliation to find.
 */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    reference: text().primaryKey(),
    idempotencyKey: text().notNull(),
    orderId: text().notNull(),
    amount: integer().notNull(),
    currency: text().notNull(),
    status: text().notNull(),
    outcome: text().notNull(),
    failureCode: text(),
    last4: text(),
    refunded: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_charges_idempotency_key').on(t.idempotencyKey), index('sandbox_charges_order_idx').on(t.orderId)],
);

export const sandboxRefunds = pgTable('sandbox_refunds', {
  idempotencyKey: text().primaryKey(),
  reference: text().notNull(),
  chargeReference: text().notNull(),
  amount: integer().notNull(),
  createdAt: createdAt(),
});
