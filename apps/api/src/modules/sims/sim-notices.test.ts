import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sim } from '@app/shared/contracts/sims';
import { recordingTransport, type RecordingTransport } from '../../adapters/mail/recording-transport.js';
import { buildContainer, type Container } from '../../container.js';
import { subscribers } from '../../db/schema/accounts.js';
import { simInventory } from '../../db/schema/carrier-sim.js';
import { orderLines, orders, sandboxCharges } from '../../db/schema/checkout.js';
import { simAddOns, simPlanPeriods, sims, subscriberNotices } from '../../db/schema/sims.js';
import { creditBalance } from '../checkout/ledger.js';
import { createPaidSim, eventually, signedInSubscriber, type SignedIn } from '../../test/fixtures.js';
import { addOnWithPlan, card } from '../../test/checkout-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { SIM_TEST_ENV } from './test-env.js';

/**
 * The scheduler's notices and quota top-ups (decision 167), with two API instances on one database
 * running the tick at once: each occasion is one mail or one order.
 */

let t: TestApp;
let second: Container;
let mail: RecordingTransport;

beforeAll(async () => {
  mail = recordingTransport();
  t = await buildTestApp({ env: { ...SIM_TEST_ENV, AUTO_PAY_EVERY_SECONDS: '86400', AUTO_RENEW_AHEAD_SECONDS: '0' }, mailTransport: mail });
  second = await buildContainer(t.config, { db: t.db, pool: t.pool }, { mailTransport: mail });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const post = (who: SignedIn, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: who.auth, payload });
const bothTick = () => Promise.all([t.services.autoPay.tick(), second.services.autoPay.tick()]);
const mailsTo = (who: SignedIn, kind: string) => mail.sent.filter((m) => m.to === who.email && m.kind === kind);

async function getSim(who: SignedIn, id: string): Promise<Sim> {
  return (await t.app.inject({ method: 'GET', url: `/subscriber/sim/${id}`, headers: who.auth })).json<Sim>();
}

async function activeSim(who: SignedIn, planId?: string) {
  const { sim } = await createPaidSim(t.container, who.id, planId ? { planId } : {});
  expect((await post(who, `/subscriber/sim/${sim.id}/activate`, { zip: '10001' })).statusCode).toBe(202);
  return eventually(async () => {
    const s = await getSim(who, sim.id);
    return s.status.status === 'active' && !s.pendingAction ? s : undefined;
  }, 15_000, 'activation');
}

describe('low-balance notice', () => {
  it('is mailed once per dip below the threshold, however many instances run the scheduler', async () => {
    const who = await signedInSubscriber(t.container, { firstName: 'Lena' });
    await t.db.update(subscribers).set({ balanceThreshold: 1000 }).where(eq(subscribers.id, who.id));
    await bothTick();
    await bothTick();
    const first = await eventually(async () => (mailsTo(who, 'low-balance').length === 1 ? mailsTo(who, 'low-balance') : undefined), 10_000, 'the notice');
    expect(first[0]!.text).toContain('$10.00');
    expect(first[0]!.text).toContain('/dashboard/payment');
    expect(await t.db.select().from(subscriberNotices).where(eq(subscriberNotices.subscriberId, who.id))).toHaveLength(1);

    // Money came in but the balance is still below: that is a new occasion, mailed once more.
    await creditBalance(t.db, { subscriberId: who.id, amount: 300, reason: 'top_up', description: 'test top-up', sourceKey: `test:${who.id}` });
    await bothTick();
    await eventually(async () => mailsTo(who, 'low-balance').length === 2, 10_000, 'the second notice');
    // Above the threshold: nothing.
    await creditBalance(t.db, { subscriberId: who.id, amount: 5000, reason: 'top_up', description: 'test top-up', sourceKey: `test2:${who.id}` });
    await bothTick();
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(who, 'low-balance')).toHaveLength(2);
  });

  it('is not mailed without a threshold', async () => {
    const who = await signedInSubscriber(t.container);
    await bothTick();
    expect(await t.db.select().from(subscriberNotices).where(eq(subscriberNotices.subscriberId, who.id))).toHaveLength(0);
  });
});

describe('plan-expired notice', () => {
  it('is mailed once per ended period, with the date the number is kept until', async () => {
    const who = await signedInSubscriber(t.container, { firstName: 'Pia' });
    const sim = await activeSim(who);
    const ended = new Date(Date.now() - 2 * 86_400_000);
    await t.db.update(simPlanPeriods).set({ expiresAt: ended }).where(and(eq(simPlanPeriods.simId, sim.id), eq(simPlanPeriods.status, 'active')));
    await t.db.update(sims).set({ status: 'expired' }).where(eq(sims.id, sim.id));
    await bothTick();
    await bothTick();
    const sent = await eventually(async () => (mailsTo(who, 'plan-expired').length ? mailsTo(who, 'plan-expired') : undefined), 10_000, 'the notice');
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(who, 'plan-expired')).toHaveLength(1);
    expect(sent[0]!.text).toContain(sim.mdn!.slice(-4));
    const until = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(ended.getTime() + 30 * 86_400_000));
    expect(sent[0]!.text).toContain(until);
  });
});

describe('auto top-up of a quota', () => {
  it('buys one add-on of the low kind with the auto top-up card, once across instances, and not again once it applied', async () => {
    const who = await signedInSubscriber(t.container, { firstName: 'Quinn' });
    const added = await post(who, '/subscriber/payment_method', { cardToken: card('ok') });
    const cardId = (added.json() as { id: string }).id;
    expect((await post(who, '/subscriber/auto_top-up/enable', { paymentMethodId: cardId })).statusCode).toBe(200);
    const { addOn, plan } = await addOnWithPlan(t.container, 'physical');
    const sim = await activeSim(who, plan.planId);
    const q = addOn.bandwidth > 0 ? 'data' : addOn.callMinutes > 0 ? 'call' : 'sms';
    const threshold = { call: { callBelow: 2 }, sms: { smsBelow: 2 }, data: { dataBelow: 2 } }[q];
    // Nothing is bought while the quota is above the threshold.
    const patched = await t.app.inject({ method: 'PATCH', url: '/subscriber/profile', headers: who.auth, payload: threshold });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject(threshold);
    await bothTick();
    expect(await t.db.select().from(orders).where(and(eq(orders.subscriberId, who.id), eq(orders.kind, 'addon')))).toHaveLength(0);

    // The network reported the quota run down (as the carrier sync would copy it).
    await t.db.update(sims).set({ remainingDataMb: 1, remainingVoiceMinutes: 1, remainingSms: 1, balancesAt: new Date() }).where(eq(sims.id, sim.id));
    await t.db.update(simInventory).set({ dataMb: 1, voiceMinutes: 1, sms: 1 }).where(eq(simInventory.iccid, sim.iccid));
    await Promise.all([t.services.autoPay.tick(), second.services.autoPay.tick(), t.services.autoPay.tick()]);
    const bought = await t.db.select().from(orders).where(and(eq(orders.subscriberId, who.id), eq(orders.kind, 'addon')));
    const ours = [];
    for (const o of bought) {
      const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, o.id));
      if (line?.simId === sim.id) ours.push({ o, line });
    }
    // One order, for the quota with a threshold (the others are low too, but have none).
    expect(ours).toHaveLength(1);
    const snap = await t.container.services.catalogue.snapshot();
    const field = { call: 'callMinutes', sms: 'sms', data: 'bandwidth' } as const;
    expect(ours.some(({ line }) => (snap.addOns.find((a) => a.id === line.addonId)?.[field[q]] ?? 0) > 0)).toBe(true);
    for (const { o } of ours) expect(await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, o.id))).toHaveLength(1);
    const count = ours.length;
    await eventually(async () => {
      const rows = await t.db.select().from(simAddOns).where(eq(simAddOns.simId, sim.id));
      return rows.length === count && rows.every((r) => r.status === 'active');
    }, 20_000, 'add-ons applied');
    await bothTick();
    const after = await t.db.select().from(orders).where(and(eq(orders.subscriberId, who.id), eq(orders.kind, 'addon')));
    expect(after).toHaveLength(bought.length);
  });
});

describe('suspension reported by the network', () => {
  it('shows the SIM suspended after the carrier sync, and active again once the network lifts it', async () => {
    const who = await signedInSubscriber(t.container);
    const sim = await activeSim(who);
    await t.db.update(simInventory).set({ state: 'suspended' }).where(eq(simInventory.iccid, sim.iccid));
    await t.services.sims.syncFromCarrier();
    expect((await getSim(who, sim.id)).status.status).toBe('suspended');
    await t.db.update(simInventory).set({ state: 'active' }).where(eq(simInventory.iccid, sim.iccid));
    await t.services.sims.syncFromCarrier();
    expect((await getSim(who, sim.id)).status.status).toBe('active');
  });
});

describe('port-out reported by the network', () => {
  it('closes the SIM after the carrier sync and mails the owner once, in their language', async () => {
    const who = await signedInSubscriber(t.container, { firstName: 'Rosa' });
    await t.db.update(subscribers).set({ locale: 'es' }).where(eq(subscribers.id, who.id));
    const sim = await activeSim(who);
    expect(sim.mdn).toBeTruthy();
    expect(await t.container.adapters.carrierSimulator!.portOut(sim.mdn!)).toBe(true);
    // Two instances sync at once; a third sync later finds nothing new.
    await Promise.all([t.services.sims.syncFromCarrier(), second.services.sims.syncFromCarrier()]);
    await t.services.sims.syncFromCarrier();
    const after = await getSim(who, sim.id);
    // Shown as disconnected (the page explains: released or moved to another carrier).
    expect(after.status.status).toBe('disconnected');
    expect(after.mdn).toBeNull();
    expect((await t.db.select().from(sims).where(eq(sims.id, sim.id)))[0]!.status).toBe('ported_out');
    const mails = await eventually(async () => (mailsTo(who, 'number-ported-out').length > 0 ? mailsTo(who, 'number-ported-out') : undefined), 10_000, 'the port-out mail');
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(who, 'number-ported-out')).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Tu número ha pasado a otro operador');
    expect(mails[0]!.text).toContain('/dashboard/sim');
    // An unknown or already moved number is refused by the simulator.
    expect(await t.container.adapters.carrierSimulator!.portOut(sim.mdn!)).toBe(false);
  });
});
