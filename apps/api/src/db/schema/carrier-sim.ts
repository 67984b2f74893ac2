import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgSchema, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The carrier simulator's own tables, in their own PostgreSQL schema (`carrier_sim`): what the
 * network knows, kept apart from what we know (our `sims` tables). Only adapters/carrier/simulator
 * reads or writes them; with a real carrier configured they stay empty.
 * See docs/decisions/160-carrier-adapter-and-simulator.md.
 */
export const carrierSim = pgSchema('carrier_sim');

const ts = () => timestamp({ withTimezone: true });

export const simInventory = carrierSim.table(
  'sims',
  {
    iccid: text().primaryKey(),
    kind: text({ enum: ['physical', 'esim'] }).notNull(),
    esn: text(),
    smdpAddress: text(),
    matchingId: text(),
    state: text({ enum: ['available', 'reserved', 'active', 'suspended', 'expired', 'released', 'ported_out'] })
      .notNull()
      .default('available'),
    reservedFor: text(),
    mdn: text(),
    zip: text(),
    planCode: text(),
    planDays: integer(),
    planStartedAt: ts(),
    planExpiresAt: ts(),
    /** Remaining this period; null = unlimited. */
    dataMb: integer(),
    voiceMinutes: integer(),
    sms: integer(),
    profileInstalledAt: ts(),
    /** Bumped by each eSIM refresh: a new matching id, so the old profile cannot be installed. */
    profileVersion: integer().notNull().default(1),
    wifiCalling: boolean().notNull().default(false),
    e911: jsonb(),
    lastUsageAt: ts(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carrier_sim_sims_mdn_key').on(t.mdn),
    uniqueIndex('carrier_sim_sims_reserved_for_key').on(t.reservedFor),
    index('carrier_sim_sims_state_idx').on(t.state, t.kind),
    check('carrier_sim_esim_profile', sql`${t.kind} = 'physical' or (${t.smdpAddress} is not null and ${t.matchingId} is not null)`),
  ],
);

export const simTransactions = carrierSim.table(
  'transactions',
  {
    transactionId: text().primaryKey(),
    /** The operator's request id: a repeat returns the first acknowledgement. */
    requestId: text().notNull(),
    type: text().notNull(),
    iccid: text(),
    request: jsonb().notNull(),
    status: text().notNull(),
    final: boolean().notNull().default(false),
    reason: text(),
    result: jsonb(),
    callbacksSent: integer().notNull().default(0),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carrier_sim_transactions_request_id_key').on(t.requestId)],
);

export const simUsage = carrierSim.table(
  'usage',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    iccid: text().notNull(),
    bucketStart: ts().notNull(),
    dataMb: integer().notNull().default(0),
    voiceInMinutes: integer().notNull().default(0),
    voiceOutMinutes: integer().notNull().default(0),
    voicemailMinutes: integer().notNull().default(0),
    smsIn: integer().notNull().default(0),
    smsOut: integer().notNull().default(0),
    billableUnits: integer().notNull().default(0),
    usageType: text().notNull().default('domestic'),
  },
  (t) => [index('carrier_sim_usage_iccid_idx').on(t.iccid, t.id)],
);

/** Numbers held at other carriers (the "donor" side of a port-in), with what their owner must quote. */
export const donorAccounts = carrierSim.table('donor_accounts', {
  mdn: text().primaryKey(),
  carrierName: text().notNull(),
  accountNumber: text().notNull(),
  pin: text().notNull(),
  authorizedName: text().notNull(),
  zip: text().notNull(),
  portable: boolean().notNull().default(true),
});
