import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sim } from '@app/shared/contracts/sims';
import { recordingTransport, type RecordingTransport } from '../../adapters/mail/recording-transport.js';
import { buildContainer, type Container } from '../../container.js';
import { subscribers } from '../../db/schema/accounts.js';
import { orderLines, orders, payments, sandboxCharges } from '../../db/schema/checkout.js';
import { sims } from '../../db/schema/sims.js';
import { createPaidSim, eventually, signedInSubscriber, type SignedIn } from '../../test/fixtures.js';
import { card, pickPlans } from '../../test/checkout-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { SIM_TEST_ENV } from './test-env.js';

let t: TestApp;
let second: Container;
let mail: RecordingTransport;

beforeAll(async () => {
  mail = recordingTransport();
  t = await buildTestApp({
    env: { ...SIM_TEST_ENV, AUTO_RENEW_AHEAD_SECONDS: String(40 * 86_400), AUTO_PAY_RETRY_SECONDS: '1', AUTO_PAY_MAX_ATTEMPTS: '3', AUTO_PAY_EVERY_SECONDS: '86400' },
    mailTransport: mail,
  });
  // A second API instance on the same database (no worker: the test runs its scheduler tick by hand).
  second = await buildContainer(t.config, { db: t.db, pool: t.pool }, { mailTransport: mail });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const post = (who: SignedIn, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: who.auth, payload });

async function savedCard(who: SignedIn, outcome: Parameters<typeof card>[0], flag: 'auto_renew' | 'auto_extend' | 'auto_top-up') {
  const added = await post(who, '/subscriber/payment_method', { cardToken: card(outcome) });
  expect(added.statusCode, added.body).toBe(200);
  const id = (added.json() as { id: string }).id;
  const flagged = await post(who, `/subscriber/${flag}/enable`, { paymentMethodId: id });
  expect(flagged.statusCode, flagged.body).toBe(200);
  return id;
}

async function activeSimWithAutoRenew(who: SignedIn) {
  const plan = (await pickPlans(t.container)).physical[0]!;
  const { sim } = await createPaidSim(t.container, who.id, { planId: plan.planId });
  expect((await post(who, `/subscriber/sim/${sim.id}/activate`, { zip: '10001' })).statusCode).toBe(202);
  await eventually(async () => {
    const s = (await t.app.inject({ method: 'GET', url: `/subscriber/sim/${sim.id}`, headers: who.auth })).json<Sim>();
    return s.status.status === 'active' && !s.pendingAction;
  }, 10_000, 'activation');
  const on = await post(who, `/subscriber/sim/${sim.id}/plan/auto_renew/enable`, {});
  expect(on.json<Sim>().autoRenew).toBe(true);
  return sim;
}

const ordersOf = (subscriberId: string, kind: string) => t.db.select().from(orders).where(and(eq(orders.subscriberId, subscriberId), eq(orders.kind, kind)));

describe('auto-renew', () => {
  it('renews once before the period ends, with the saved card, even with two instances running the scheduler', async () => {
    const who = await signedInSubscriber(t.container);
    await savedCard(who, 'ok', 'auto_renew');
    const sim = await activeSimWithAutoRenew(who);
    await Promise.all([t.services.autoPay.tick(), second.services.autoPay.tick(), t.services.autoPay.tick()]);
    const renewals = await ordersOf(who.id, 'renewal');
    expect(renewals).toHaveLength(1);
    expect(renewals[0]!.status).not.toBe('unpaid');
    expect(await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, renewals[0]!.id))).toHaveLength(1);
    // Applied at the network: a second period follows the first, and nothing more is bought.
    await eventually(async () => {
      const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, renewals[0]!.id));
      return line?.fulfilledAt;
    }, 10_000, 'renewal fulfilled');
    await Promise.all([t.services.autoPay.tick(), second.services.autoPay.tick()]);
    expect(await ordersOf(who.id, 'renewal')).toHaveLength(1);
    expect((await t.db.select().from(sims).where(eq(sims.id, sim.id)))[0]!.autoRenew).toBe(true);
  });

  it('a declined charge is retried with backoff, mailed each time, and never switches auto-renew off', async () => {
    const who = await signedInSubscriber(t.container, { firstName: 'Dina' });
    await savedCard(who, 'insufficient', 'auto_renew');
    const sim = await activeSimWithAutoRenew(who);
    await t.services.autoPay.tick();
    const [order] = await ordersOf(who.id, 'renewal');
    expect(order!.status).toBe('unpaid');
    // Too early for the second attempt.
    await t.services.autoPay.tick();
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order!.id))).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1100));
    await Promise.all([t.services.autoPay.tick(), second.services.autoPay.tick()]);
    const tries = await t.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(tries).toHaveLength(2);
    expect(tries.every((p) => p.status === 'failed' && p.failureCode === 'insufficient_funds')).toBe(true);
    const mails = await eventually(async () => {
      const m = mail.sent.filter((x) => x.to === who.email && x.kind === 'auto-charge-failed');
      return m.length === 2 ? m : undefined;
    }, 10_000, 'two failure mails');
    expect(mails[0]!.text).toContain('/dashboard/payment');
    expect((await t.db.select().from(sims).where(eq(sims.id, sim.id)))[0]!.autoRenew).toBe(true);
    expect(await ordersOf(who.id, 'renewal')).toHaveLength(1);
  });
});

describe('auto top-up', () => {
  it('fires once when two instances run the scheduler, and not again once the balance is above the threshold', async () => {
    const who = await signedInSubscriber(t.container);
    await savedCard(who, 'ok', 'auto_top-up');
    await t.db.update(subscribers).set({ whenBelow: 1000, topUpAmount: 2000 }).where(eq(subscribers.id, who.id));
    await Promise.all([t.services.autoPay.tick(), second.services.autoPay.tick()]);
    const topUps = await ordersOf(who.id, 'top_up');
    expect(topUps).toHaveLength(1);
    expect(await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, topUps[0]!.id))).toHaveLength(1);
    await eventually(async () => (await t.db.select().from(subscribers).where(eq(subscribers.id, who.id)))[0]!.balance === 2000, 10_000, 'balance topped up');
    await Promise.all([t.services.autoPay.tick(), second.services.autoPay.tick()]);
    expect(await ordersOf(who.id, 'top_up')).toHaveLength(1);
  });
});
