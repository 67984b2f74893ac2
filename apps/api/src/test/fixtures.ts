import { randomBytes } from 'node:crypto';
import { makeIccid } from '../adapters/carrier/simulator/simulator.js';
import type { Container } from '../container.js';
import type { SubscriberRow } from '../modules/accounts/accounts.repository.js';
import { insertSubscriber } from '../modules/accounts/accounts.repository.js';
import { hashPassword } from '../modules/accounts/passwords.js';

/**
 * Typed fixtures: records tests need as a starting point, made through the same repositories and
 * services the product uses (not by hand-written SQL), so they stay valid as the schema grows.
 */

export const FIXTURE_PASSWORD = 'Silver-Canyon-Breeze-18';

let seq = 0;

/** A unique address per call, readable in failures: `<tag>.<time>.<n>@example.net`. */
export function uniqueEmail(tag = 'subscriber'): string {
  return `${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${Date.now().toString(36)}.${++seq}.${randomBytes(2).toString('hex')}@example.net`;
}

export interface SubscriberOptions {
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  locale?: string;
  password?: string;
  verified?: boolean;
}

/** A subscriber account (verified unless said otherwise) with a known password. */
export async function createSubscriber(c: Container, opts: SubscriberOptions = {}): Promise<SubscriberRow & { password: string }> {
  const password = opts.password ?? FIXTURE_PASSWORD;
  const firstName = opts.firstName ?? 'Test';
  const row = await insertSubscriber(c.db, {
    email: (opts.email ?? uniqueEmail(firstName)).toLowerCase(),
    emailVerifiedAt: opts.verified === false ? null : new Date(),
    passwordHash: await hashPassword(password),
    passwordChangedAt: new Date(),
    firstName,
    lastName: opts.lastName ?? 'Subscriber',
    phone: opts.phone === undefined ? '+16465550100' : opts.phone,
    locale: opts.locale ?? 'en',
  });
  return { ...row, password };
}

export interface SignedIn {
  id: string;
  email: string;
  password: string;
  token: string;
  sessionId: string;
  /** Headers for app.inject: `{ authorization: 'Bearer …' }`. */
  auth: { authorization: string };
}

/** A verified subscriber with a live session, as if they had just logged in. */
export async function signedInSubscriber(c: Container, opts: SubscriberOptions & { stayLoggedIn?: boolean } = {}): Promise<SignedIn> {
  const s = await createSubscriber(c, opts);
  const session = await c.services.sessions.create(c.db, s, { stayLoggedIn: opts.stayLoggedIn ?? false, method: 'password' });
  return {
    id: s.id,
    email: s.email,
    password: s.password,
    token: session.token,
    sessionId: session.sessionId,
    auth: { authorization: `Bearer ${session.token}` },
  };
}

export interface PaidSimOptions {
  kind?: 'physical' | 'esim';
  /** A plan id; by default the first active plan of the kind. */
  planId?: string;
}

/**
 * A SIM card or eSIM profile put into the carrier's inventory and provisioned for the subscriber with a
 * paid plan waiting for activation, as fulfilment of an order does.
 */
export async function createPaidSim(c: Container, subscriberId: string | null, opts: PaidSimOptions = {}) {
  const kind = opts.kind ?? 'physical';
  const snap = await c.services.catalogue.snapshot();
  const plan = opts.planId
    ? snap.plans.get(opts.planId)
    : [...snap.plans.values()].find((p) => p.isActive && (kind === 'physical') === p.simSource.type.startsWith('sim_'));
  if (!plan) throw new Error('no plan for the fixture SIM');
  const iccid = makeIccid(BigInt(Date.now()) * 1000n + BigInt(++seq % 1000));
  await c.adapters.carrier.importInventory([{ iccid, kind }]);
  const sim = await c.db.transaction((tx) =>
    c.services.sims.provision(tx, { subscriberId, planId: plan.id, reference: `fixture-${iccid}` }),
  );
  return { sim, plan };
}

/** Polls `check` until it returns something truthy (or throws after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
