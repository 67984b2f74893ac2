import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  emailVerificationCodes,
  loginThrottle,
  passwordResetTokens,
  subscriberIdentities,
  subscribers,
} from '../../db/schema/accounts.js';
import type { Executor } from '../../db/executor.js';

/** Queries of the account flows; the rules that use them live in auth.service.ts. */

export type SubscriberRow = typeof subscribers.$inferSelect;
export type NewSubscriber = typeof subscribers.$inferInsert;

export async function findSubscriberByEmail(exec: Executor, email: string, opts: { lock?: boolean } = {}) {
  const q = exec.select().from(subscribers).where(and(eq(subscribers.email, email), isNull(subscribers.deletedAt)));
  const [row] = await (opts.lock ? q.for('update') : q);
  return row;
}

export async function findSubscriberById(exec: Executor, id: string, opts: { lock?: boolean } = {}) {
  const q = exec.select().from(subscribers).where(and(eq(subscribers.id, id), isNull(subscribers.deletedAt)));
  const [row] = await (opts.lock ? q.for('update') : q);
  return row;
}

export async function insertSubscriber(exec: Executor, values: NewSubscriber) {
  const [row] = await exec.insert(subscribers).values(values).returning();
  if (!row) throw new Error('subscriber insert returned nothing');
  return row;
}

export async function markEmailVerified(exec: Executor, subscriberId: string) {
  await exec
    .update(subscribers)
    .set({ emailVerifiedAt: sql`coalesce(${subscribers.emailVerifiedAt}, now())` })
    .where(eq(subscribers.id, subscriberId));
}

/** Sets a new password hash; optionally only if the stored hash is still `expectedHash`. */
export async function setPasswordHash(exec: Executor, subscriberId: string, hash: string, opts: { expectedHash?: string | null; verifyEmail?: boolean } = {}) {
  const rows = await exec
    .update(subscribers)
    .set({
      passwordHash: hash,
      passwordChangedAt: new Date(),
      ...(opts.verifyEmail ? { emailVerifiedAt: sql`coalesce(${subscribers.emailVerifiedAt}, now())` } : {}),
    })
    .where(
      and(
        eq(subscribers.id, subscriberId),
        opts.expectedHash === undefined
          ? undefined
          : opts.expectedHash === null
            ? isNull(subscribers.passwordHash)
            : eq(subscribers.passwordHash, opts.expectedHash),
      ),
    )
    .returning({ id: subscribers.id });
  return rows.length > 0;
}

/** Rehash with today's parameters, without touching passwordChangedAt (nothing changed for the person). */
export async function upgradePasswordHash(exec: Executor, subscriberId: string, oldHash: string, newHash: string) {
  await exec
    .update(subscribers)
    .set({ passwordHash: newHash })
    .where(and(eq(subscribers.id, subscriberId), eq(subscribers.passwordHash, oldHash)));
}

// --- e-mail verification codes ---------------------------------------------------------------

export async function findVerificationCode(exec: Executor, subscriberId: string, opts: { lock?: boolean } = {}) {
  const q = exec.select().from(emailVerificationCodes).where(eq(emailVerificationCodes.subscriberId, subscriberId));
  const [row] = await (opts.lock ? q.for('update') : q);
  return row;
}

/** Replaces the subscriber's code: fresh attempts, fresh expiry, cooldown from now. */
export async function putVerificationCode(exec: Executor, subscriberId: string, codeHash: string, expiresAt: Date) {
  await exec
    .insert(emailVerificationCodes)
    .values({ subscriberId, codeHash, expiresAt, attempts: 0, sentAt: new Date() })
    .onConflictDoUpdate({
      target: emailVerificationCodes.subscriberId,
      set: { codeHash, expiresAt, attempts: 0, sentAt: new Date(), usedAt: null },
    });
}

export async function countCodeAttempt(exec: Executor, subscriberId: string): Promise<number> {
  const [row] = await exec
    .update(emailVerificationCodes)
    .set({ attempts: sql`${emailVerificationCodes.attempts} + 1` })
    .where(eq(emailVerificationCodes.subscriberId, subscriberId))
    .returning({ attempts: emailVerificationCodes.attempts });
  return row?.attempts ?? 0;
}

export async function markCodeUsed(exec: Executor, subscriberId: string) {
  await exec
    .update(emailVerificationCodes)
    .set({ usedAt: new Date() })
    .where(eq(emailVerificationCodes.subscriberId, subscriberId));
}

// --- password reset tokens -------------------------------------------------------------------

export async function insertResetToken(exec: Executor, subscriberId: string, tokenHash: string, expiresAt: Date) {
  await exec.insert(passwordResetTokens).values({ subscriberId, tokenHash, expiresAt });
}

/** Marks the token used if it is unused and unexpired; returns its subscriber, or undefined. */
export async function consumeResetToken(exec: Executor, tokenHash: string) {
  const [row] = await exec
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())),
    )
    .returning({ subscriberId: passwordResetTokens.subscriberId });
  return row;
}

/** Whether the subscriber has an unused link issued after `since`. */
export async function hasResetTokenSince(exec: Executor, subscriberId: string, since: Date): Promise<boolean> {
  const [row] = await exec
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.subscriberId, subscriberId), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.createdAt, since)))
    .limit(1);
  return row !== undefined;
}

export async function findResetToken(exec: Executor, tokenHash: string) {
  const [row] = await exec.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row;
}

/** After a reset, every other outstanding link of the subscriber stops working too. */
export async function retireResetTokens(exec: Executor, subscriberId: string) {
  await exec
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.subscriberId, subscriberId), isNull(passwordResetTokens.usedAt)));
}

// --- login lockout ---------------------------------------------------------------------------

/**
 * Counts one password attempt for the address before the password is checked, and returns its
 * number within the window and any lock in force. Counting first, in one atomic upsert, is what
 * holds parallel guesses to the threshold: each gets its own number, and those past the threshold
 * are refused without being checked. A window that has run out, or a lock that has expired, starts
 * the count again, so a lock never outlives `lockMs`. A successful check clears the row.
 */
export async function claimLoginAttempt(
  exec: Executor,
  emailKey: string,
  opts: { windowMs: number },
): Promise<{ attempt: number; lockedUntil: Date | undefined }> {
  const windowSecs = Math.ceil(opts.windowMs / 1000);
  const fresh = sql`(t.window_started_at <= now() - make_interval(secs => ${windowSecs}) or t.locked_until <= now())`;
  const result = await exec.execute<{ failures: number; locked_until: Date | null }>(sql`
    insert into login_throttle as t (email_key, failures, window_started_at, locked_until)
    values (${emailKey}, 1, now(), null)
    on conflict (email_key) do update set
      failures = case when ${fresh} then 1 else t.failures + 1 end,
      window_started_at = case when ${fresh} then now() else t.window_started_at end,
      locked_until = case when t.locked_until <= now() then null else t.locked_until end
    returning failures, locked_until`);
  const row = result.rows[0];
  const until = row?.locked_until ? new Date(row.locked_until) : undefined;
  return { attempt: Number(row?.failures ?? 1), lockedUntil: until && until.getTime() > Date.now() ? until : undefined };
}

/** Locks the address for `lockMs` (a lock already in force stays as it is); returns its end. */
export async function lockLogin(exec: Executor, emailKey: string, lockMs: number): Promise<Date> {
  const lockSecs = Math.ceil(lockMs / 1000);
  const result = await exec.execute<{ locked_until: Date }>(sql`
    insert into login_throttle as t (email_key, failures, window_started_at, locked_until)
    values (${emailKey}, 0, now(), now() + make_interval(secs => ${lockSecs}))
    on conflict (email_key) do update set
      locked_until = case when t.locked_until > now() then t.locked_until else now() + make_interval(secs => ${lockSecs}) end
    returning locked_until`);
  const row = result.rows[0];
  return row ? new Date(row.locked_until) : new Date(Date.now() + lockMs);
}

export async function clearLoginFailures(exec: Executor, emailKey: string) {
  await exec.delete(loginThrottle).where(eq(loginThrottle.emailKey, emailKey));
}

// --- account deletion ------------------------------------------------------------------------

/**
 * Removes everything that identifies the person and keeps the row (orders and invoices point at
 * it). The balance stays: it is an accounting fact, not personal data.
 */
export async function anonymiseSubscriber(exec: Executor, subscriberId: string, placeholderEmail: string) {
  await exec
    .update(subscribers)
    .set({
      email: placeholderEmail,
      emailVerifiedAt: null,
      passwordHash: null,
      passwordChangedAt: null,
      firstName: '',
      lastName: '',
      phone: null,
      country: null,
      birthDate: null,
      shippingAddress1: null,
      shippingAddress2: null,
      city: null,
      state: null,
      zipcode: null,
      whenBelow: null,
      topUpAmount: null,
      balanceThreshold: null,
      callBelow: null,
      smsBelow: null,
      dataBelow: null,
      autoRenewPaymentMethodId: null,
      autoTopUpPaymentMethodId: null,
      autoExtendPaymentMethodId: null,
      lastSeenAt: null,
      deletedAt: new Date(),
    })
    .where(eq(subscribers.id, subscriberId));
  await exec.delete(subscriberIdentities).where(eq(subscriberIdentities.subscriberId, subscriberId));
  await exec.delete(emailVerificationCodes).where(eq(emailVerificationCodes.subscriberId, subscriberId));
  await exec.delete(passwordResetTokens).where(eq(passwordResetTokens.subscriberId, subscriberId));
}

// --- housekeeping ------------------------------------------------------------------------------

/**
 * Deletes what can no longer be used: sessions that ended more than `graceDays` ago, dead
 * verification codes and reset links, lockout rows whose window and lock have both run out, and
 * abandoned social sign-ins. Returns how many rows of each went.
 */
export async function purgeExpired(exec: Executor, graceDays: number): Promise<Record<string, number>> {
  const r = await exec.execute<{ what: string; n: number }>(sql`
    with
      s as (delete from sessions where coalesce(revoked_at, expires_at) < now() - make_interval(days => ${graceDays}) returning 1),
      c as (delete from email_verification_codes where expires_at < now() - make_interval(days => ${graceDays}) returning 1),
      t as (delete from password_reset_tokens where expires_at < now() - make_interval(days => ${graceDays}) returning 1),
      l as (delete from login_throttle where window_started_at < now() - interval '1 day' and coalesce(locked_until, now() - interval '1 second') < now() returning 1),
      o as (delete from oauth_flows where expires_at < now() returning 1),
      r as (delete from rate_counters where window_ends_at < now() - interval '1 hour' returning 1)
    select 'sessions' as what, count(*)::int as n from s
    union all select 'verificationCodes', count(*)::int from c
    union all select 'resetTokens', count(*)::int from t
    union all select 'loginThrottle', count(*)::int from l
    union all select 'oauthFlows', count(*)::int from o
    union all select 'rateCounters', count(*)::int from r`);
  return Object.fromEntries(r.rows.map((row) => [row.what, Number(row.n)]));
}
