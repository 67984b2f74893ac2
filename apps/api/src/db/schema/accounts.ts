import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Accounts and sessions: subscribers, their server-side sessions (so a token can be revoked), the
 * short-lived secrets of e-mail verification and password reset (stored hashed only), the login
 * lockout counters, linked social identities, pending social sign-ins and the generated signing key.
 */

const ts = () => timestamp({ withTimezone: true });
const createdAt = () => ts().notNull().defaultNow();

export const subscribers = pgTable(
  'subscribers',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Lower-case. Replaced by `deleted-<uuid>@invalid` when the account is deleted. */
    email: text().notNull(),
    emailVerifiedAt: ts(),
    /** argon2id PHC string; null for accounts made by social sign-in that never set a password. */
    passwordHash: text(),
    passwordChangedAt: ts(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    /** International format: '+' and digits. */
    phone: text(),
    /** ISO 3166-1 alpha-2. */
    country: text(),
    /** Cents. Changed by payments only, never by the profile endpoint. */
    balance: integer().notNull().default(0),
    /** Auto top-up: when the balance is below this many cents… */
    whenBelow: integer(),
    /** …top up by this many cents. */
    topUpAmount: integer(),
    /** Notify when the balance falls below this many cents. */
    balanceThreshold: integer(),
    /** Auto top-up of a SIM's quota: when its minutes, texts or data (MB) fall below these, an add-on is bought. */
    callBelow: integer(),
    smsBelow: integer(),
    dataBelow: integer(),
    birthDate: date({ mode: 'string' }),
    shippingAddress1: text(),
    shippingAddress2: text(),
    city: text(),
    state: text(),
    zipcode: text(),
    // Card links are owned by the checkout feature; its migration adds the foreign keys.
    autoRenewPaymentMethodId: uuid(),
    autoTopUpPaymentMethodId: uuid(),
    autoExtendPaymentMethodId: uuid(),
    locale: text().notNull().default('en'),
    resellerCode: text(),
    createdAt: createdAt(),
    updatedAt: ts()
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    lastSeenAt: ts(),
    /** Set when the subscriber deleted the account; the row stays for orders and invoices. */
    deletedAt: ts(),
  },
  (t) => [
    uniqueIndex('subscribers_email_key').on(t.email),
    check('subscribers_email_lower', sql`${t.email} = lower(${t.email})`),
    check('subscribers_balance_nonnegative', sql`${t.balance} >= 0`),
    check(
      'subscribers_money_settings_nonnegative',
      sql`coalesce(${t.whenBelow}, 0) >= 0 and coalesce(${t.topUpAmount}, 0) >= 0 and coalesce(${t.balanceThreshold}, 0) >= 0`,
    ),
    check('subscribers_quota_thresholds_nonnegative', sql`coalesce(${t.callBelow}, 0) >= 0 and coalesce(${t.smsBelow}, 0) >= 0 and coalesce(${t.dataBelow}, 0) >= 0`),
  ],
);

/** One row per sign-in. The token's `sid` points here; revoking the row ends the session. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriberId: uuid()
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    /** 'password' or 'social:<provider>'. */
    method: text().notNull(),
    stayLoggedIn: boolean().notNull(),
    userAgent: text(),
    createdAt: createdAt(),
    expiresAt: ts().notNull(),
    revokedAt: ts(),
    lastSeenAt: ts().notNull().defaultNow(),
  },
  (t) => [index('sessions_subscriber_id_idx').on(t.subscriberId)],
);

/** The current e-mail verification code of an unverified subscriber (one at a time). */
export const emailVerificationCodes = pgTable('email_verification_codes', {
  subscriberId: uuid()
    .primaryKey()
    .references(() => subscribers.id, { onDelete: 'cascade' }),
  /** HMAC-SHA256 of the code under a key derived from the server secret. */
  codeHash: text().notNull(),
  expiresAt: ts().notNull(),
  attempts: integer().notNull().default(0),
  /** When the code was last e-mailed: the resend cooldown counts from here. */
  sentAt: ts().notNull().defaultNow(),
  /** Set once the code verified the address; kept so a repeated submit answers the same. */
  usedAt: ts(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriberId: uuid()
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token sent in the link. */
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: ts().notNull(),
    usedAt: ts(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash),
    index('password_reset_tokens_subscriber_id_idx').on(t.subscriberId),
  ],
);

/**
 * Failed password attempts per e-mail address (keyed by its SHA-256, so unknown addresses are
 * counted the same way as real ones and no address is stored in clear).
 */
export const loginThrottle = pgTable('login_throttle', {
  emailKey: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: ts().notNull().defaultNow(),
  lockedUntil: ts(),
});

/**
 * Request and mail counters shared by every API instance (docs/decisions/073): one row per key
 * (e.g. `login:ip:<address>`, `forgot-mail:<address hash>`), counting hits in a fixed window that
 * starts at the first hit. Kept in PostgreSQL so limits hold across instances and restarts.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text().primaryKey(),
    hits: integer().notNull().default(0),
    windowStartedAt: ts().notNull().defaultNow(),
    windowEndsAt: ts().notNull(),
  },
  (t) => [index('rate_counters_window_ends_idx').on(t.windowEndsAt)],
);

/** A social identity (provider + the provider's subject) linked to a subscriber. */
export const subscriberIdentities = pgTable(
  'subscriber_identities',
  {
    provider: text().notNull(),
    subject: text().notNull(),
    subscriberId: uuid()
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('subscriber_identities_subscriber_id_idx').on(t.subscriberId)],
);

/**
 * A social sign-in between the redirect to the provider and its callback: PKCE verifier, nonce
 * and the hash of a browser-binding cookie, keyed by the hash of `state`. In the database so
 * whichever instance receives the callback can finish it.
 */
export const oauthFlows = pgTable('oauth_flows', {
  stateHash: text().primaryKey(),
  provider: text().notNull(),
  codeVerifier: text().notNull(),
  nonce: text().notNull(),
  bindingHash: text().notNull(),
  stayLoggedIn: boolean().notNull().default(false),
  createdAt: createdAt(),
  expiresAt: ts().notNull(),
});

/** Secrets the server generates once and every instance on the database shares. */
export const appSecret = pgTable('app_secret', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});
