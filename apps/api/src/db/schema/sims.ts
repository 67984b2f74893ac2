import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { subscribers } from './accounts.js';
import { addOns, planPricing, plans } from './catalogue.js';

/**
 * Our side of the SIM lifecycle: the SIMs subscribers own, their plan periods, add-on balances,
 * port-in requests, usage copied from the carrier, and the durable carrier actions (recorded first,
 * sent by a job, applied when the carrier reports the outcome). The carrier's own view lives in its
 * adapter (the simulator's tables are in schema carrier_sim). See docs/decisions/161-durable-carrier-actions.md.
 */

const ts = () => timestamp({ withTimezone: true });
const createdAt = () => ts().notNull().defaultNow();
const updatedAt = () =>
  ts()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const SIM_STATES = ['inactive', 'pending', 'active', 'suspended', 'expired', 'released', 'ported_out'] as const;

export const sims = pgTable(
  'sims',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriberId: uuid().references(() => subscribers.id, { onDelete: 'set null' }),
    kind: text({ enum: ['physical', 'esim'] }).notNull(),
    iccid: text().notNull(),
    esn: text(),
    mdn: text(),
    /** The plan on the SIM (current or paid and waiting for activation). */
    planId: uuid().references(() => plans.id, { onDelete: 'restrict' }),
    status: text({ enum: SIM_STATES }).notNull().default('inactive'),
    zip: text(),
    activatedAt: ts(),
    releasedAt: ts(),
    autoRenew: boolean().notNull().default(false),
    autoExtend: boolean().notNull().default(false),
    wifiCalling: boolean().notNull().default(false),
    e911Address: jsonb(),
    /** eSIM: `LPA:1$<SM-DP+>$<matching id>`. Shown to the owner only; never in a URL or a log. */
    activationCode: text(),
    profileInstalledAt: ts(),
    /** Remaining as last read from the carrier; null = unlimited (or not known yet). */
    remainingDataMb: integer(),
    remainingVoiceMinutes: integer(),
    remainingSms: integer(),
    balancesAt: ts(),
    /** Last carrier usage record copied. */
    usageCursor: text(),
    /** Set when an action failed for good (e.g. PROBLEM_WITH_ACTIVATION), cleared by the next success. */
    problem: text(),
    /** What happened to the money of a failed paid action, in words for the subscriber. */
    problemNote: text(),
    /**
     * Port-out transfer PIN (decision 179): never stored; derived from the server secret, the SIM and
     * this generation, issued at `portOutPinIssuedAt` (valid 7 days). A new PIN is the next generation.
     */
    portOutPinGeneration: integer().notNull().default(0),
    portOutPinIssuedAt: ts(),
    /** The request that issued the current PIN: the same request again changes nothing. */
    portOutPinRequestId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sims_iccid_key').on(t.iccid),
    uniqueIndex('sims_mdn_key').on(t.mdn),
    index('sims_subscriber_created_idx').on(t.subscriberId, t.createdAt),
  ],
);

export const simPlanPeriods = pgTable(
  'sim_plan_periods',
  {
    id: uuid().primaryKey().defaultRandom(),
    simId: uuid()
      .notNull()
      .references(() => sims.id, { onDelete: 'cascade' }),
    planId: uuid()
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    priceId: uuid().references(() => planPricing.id, { onDelete: 'set null' }),
    source: text({ enum: ['purchase', 'renew', 'change', 'extend', 'recover'] }).notNull(),
    /** scheduled: paid, waiting (activation, or the end of the current period); active; ended. */
    status: text({ enum: ['scheduled', 'active', 'ended', 'canceled'] }).notNull().default('scheduled'),
    days: integer().notNull(),
    startsAt: ts(),
    expiresAt: ts(),
    dataMb: integer(),
    voiceMinutes: integer(),
    sms: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sim_plan_periods_sim_idx').on(t.simId, t.createdAt),
    check('sim_plan_periods_days_positive', sql`${t.days} > 0`),
  ],
);

export const simAddOns = pgTable(
  'sim_add_ons',
  {
    id: uuid().primaryKey().defaultRandom(),
    simId: uuid()
      .notNull()
      .references(() => sims.id, { onDelete: 'cascade' }),
    addOnId: uuid()
      .notNull()
      .references(() => addOns.id, { onDelete: 'restrict' }),
    dataMb: integer().notNull().default(0),
    voiceMinutes: integer().notNull().default(0),
    sms: integer().notNull().default(0),
    status: text({ enum: ['pending', 'active', 'failed'] }).notNull().default('pending'),
    actionId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [index('sim_add_ons_sim_idx').on(t.simId)],
);

/**
 * Add-ons bought without a SIM to go on (a cart of add-ons only, or a visitor's add-on purchase):
 * kept on the account until the subscriber activates them on one of their SIMs (decision 180).
 * One row per order line; `orderLineId` makes fulfilment write it once.
 */
export const heldAddOns = pgTable(
  'held_add_ons',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriberId: uuid()
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    addOnId: uuid()
      .notNull()
      .references(() => addOns.id, { onDelete: 'restrict' }),
    orderLineId: uuid().notNull(),
    quantity: integer().notNull(),
    dataMb: integer().notNull().default(0),
    voiceMinutes: integer().notNull().default(0),
    sms: integer().notNull().default(0),
    /** What was paid for it, in cents (credited back if the network refuses it for good). */
    amount: integer().notNull(),
    status: text({ enum: ['held', 'activated'] }).notNull().default('held'),
    simId: uuid().references(() => sims.id, { onDelete: 'set null' }),
    activatedAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('held_add_ons_order_line_key').on(t.orderLineId), index('held_add_ons_subscriber_idx').on(t.subscriberId, t.createdAt)],
);

export const CARRIER_ACTION_STATES = ['queued', 'sent', 'completed', 'failed'] as const;

/**
 * One request to the carrier. Its id is the request id the carrier sees, so a resend after a timeout
 * is recognised there; the transaction id the carrier gives back is unique here, so an outcome is
 * applied once whichever way it arrives (callback or reconciliation).
 */
export const carrierActions = pgTable(
  'carrier_actions',
  {
    id: uuid().primaryKey().defaultRandom(),
    simId: uuid().references(() => sims.id, { onDelete: 'set null' }),
    subscriberId: uuid().references(() => subscribers.id, { onDelete: 'set null' }),
    type: text().notNull(),
    request: jsonb().notNull(),
    /** Our own bookkeeping for the result (e.g. the plan period or add-on row it starts). */
    context: jsonb().notNull().default({}),
    status: text({ enum: CARRIER_ACTION_STATES }).notNull().default('queued'),
    transactionId: text(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    outcome: jsonb(),
    createdAt: createdAt(),
    sentAt: ts(),
    finishedAt: ts(),
  },
  (t) => [
    uniqueIndex('carrier_actions_transaction_id_key').on(t.transactionId),
    index('carrier_actions_sim_idx').on(t.simId, t.createdAt),
    index('carrier_actions_open_idx').on(t.status).where(sql`${t.status} in ('queued', 'sent')`),
  ],
);

export const PORT_STATES = ['submitted', 'pending', 'completed', 'resolution_required', 'rejected', 'canceled'] as const;

export const portRequests = pgTable(
  'port_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriberId: uuid()
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    simId: uuid()
      .notNull()
      .references(() => sims.id, { onDelete: 'cascade' }),
    mode: text({ enum: ['to_inactive_sim', 'to_active_sim'] }).notNull(),
    mdn: text().notNull(),
    authorizedName: text().notNull(),
    accountNumber: text().notNull(),
    /** Never returned by the API. */
    pin: text().notNull(),
    billingAddress: text().notNull(),
    zip: text().notNull(),
    status: text({ enum: PORT_STATES }).notNull().default('submitted'),
    reason: text(),
    /** The carrier action of the latest submission. */
    actionId: uuid(),
    transactionId: text(),
    submissions: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: ts(),
  },
  (t) => [
    index('port_requests_subscriber_idx').on(t.subscriberId, t.createdAt),
    // One open port per number.
    uniqueIndex('port_requests_open_mdn_key')
      .on(t.mdn)
      .where(sql`${t.status} in ('submitted', 'pending', 'resolution_required')`),
  ],
);

export const usageRecords = pgTable(
  'usage_records',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    simId: uuid()
      .notNull()
      .references(() => sims.id, { onDelete: 'cascade' }),
    carrierRecordId: text().notNull(),
    bucketStart: ts().notNull(),
    dataMb: integer().notNull(),
    voiceInMinutes: integer().notNull(),
    voiceOutMinutes: integer().notNull(),
    voicemailMinutes: integer().notNull(),
    smsIn: integer().notNull(),
    smsOut: integer().notNull(),
    billableUnits: integer().notNull(),
    usageType: text().notNull(),
  },
  (t) => [
    uniqueIndex('usage_records_carrier_key').on(t.simId, t.carrierRecordId),
    index('usage_records_sim_bucket_idx').on(t.simId, t.bucketStart),
  ],
);

/**
 * Notices mailed by the scheduler (low balance, plan ended), one row per occasion: the key names
 * it (`low_balance:<subscriber>:<n-th credit>`, `plan_expired:<period>`), so however many instances
 * run the scheduler, each occasion is mailed once (the mail is queued in the transaction that
 * inserts the row).
 */
export const subscriberNotices = pgTable(
  'subscriber_notices',
  {
    key: text().primaryKey(),
    subscriberId: uuid()
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['low_balance', 'plan_expired'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('subscriber_notices_subscriber_idx').on(t.subscriberId, t.createdAt)],
);
