import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema, type PurchaseResult } from '@app/shared/contracts/orders';
import { paymentSchema } from '@app/shared/contracts/payments';
import { simActionQuoteSchema, simListSchema, type Sim } from '@app/shared/contracts/sims';
import { recordingTransport, type RecordingTransport } from '../../adapters/mail/recording-transport.js';
import { subscribers } from '../../db/schema/accounts.js';
import { orderLines, payments, sandboxCharges } from '../../db/schema/checkout.js';
import { carrierActions, simAddOns, simPlanPeriods, sims } from '../../db/schema/sims.js';
import { createPaidSim, eventually, signedInSubscriber, type SignedIn } from '../../test/fixtures.js';
import { addOnWithPlan, card, newId, pickPlans, planItem } from '../../test/checkout-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { SIM_TEST_ENV } from './test-env.js';

let t: TestApp;
let mail: RecordingTransport;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  mail = recordingTransport();
  t = await buildTestApp({ env: { ...SIM_TEST_ENV, CARRIER_RETRY_LIMIT: '1' }, mailTransport: mail });
  alice = await signedInSubscriber(t.container, { firstName: 'Alice' });
  bob = await signedInSubscriber(t.container, { firstName: 'Bob' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => t.container.adapters.carrierSimulator!.clearFaults());

const post = (who: SignedIn, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: who.auth, payload });

async function getSim(who: SignedIn, id: string): Promise<Sim> {
  const res = await t.app.inject({ method: 'GET', url: `/subscriber/sim/${id}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Sim>();
}

async function activeSim(who: SignedIn, kind: 'physical' | 'esim' = 'physical', planId?: string) {
  const { sim, plan } = await createPaidSim(t.container, who.id, { kind, ...(planId ? { planId } : {}) });
  const res = await post(who, `/subscriber/sim/${sim.id}/activate`, { zip: '10001' });
  expect(res.statusCode, res.body).toBe(202);
  const active = await eventually(async () => {
    const s = await getSim(who, sim.id);
    return s.status.status === 'active' && !s.pendingAction ? s : undefined;
  }, 10_000, 'activation');
  return { sim: active, plan };
}

/** Prices an action, buys it at that total and pays with a sandbox card. */
async function buyAndPay(who: SignedIn, base: string, body: object, outcome: Parameters<typeof card>[0] = 'ok'): Promise<PurchaseResult> {
  const priced = await post(who, `${base}/price`, body);
  expect(priced.statusCode, priced.body).toBe(200);
  const { quote } = simActionQuoteSchema.parse(priced.json());
  const bought = await post(who, base, { ...body, expectedTotal: quote.total, requestId: newId() });
  expect(bought.statusCode, bought.body).toBe(200);
  const p = purchaseResultSchema.parse(bought.json());
  const paid = await post(who, '/subscriber/payment', { orderId: p.order.id, gateway: 'sandbox', method: 'card', requestId: newId(), cardToken: card(outcome) });
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paymentSchema.parse(paid.json()).status).toBe(outcome === 'ok' ? 'succeeded' : 'failed');
  return p;
}

const settled = (who: SignedIn, id: string, check: (s: Sim) => boolean, what: string) =>
  eventually(async () => {
    const s = await getSim(who, id);
    return !s.pendingAction && check(s) ? s : undefined;
  }, 15_000, what);

describe('buying a plan delivers the SIM', () => {
  it('an eSIM plan paid by card makes an eSIM with its activation code and mails the install details once', async () => {
    const who = await signedInSubscriber(t.container, { firstName: 'Esme' });
    const esim = (await pickPlans(t.container)).esim[0]!;
    const priced = await post(who, '/subscriber/sim/purchase/price', { items: [planItem(esim)] });
    const total = (priced.json() as { total: number }).total;
    const bought = purchaseResultSchema.parse((await post(who, '/subscriber/sim/purchase', { items: [planItem(esim)], expectedTotal: total, requestId: newId() })).json());
    const paid = await post(who, '/subscriber/payment', { orderId: bought.order.id, gateway: 'sandbox', method: 'card', requestId: newId(), cardToken: card('ok') });
    expect(paymentSchema.parse(paid.json()).status).toBe('succeeded');
    const list = await eventually(async () => {
      const l = simListSchema.parse((await t.app.inject({ method: 'GET', url: '/subscriber/sim', headers: who.auth })).json());
      return l.total === 1 ? l : undefined;
    }, 10_000, 'the new eSIM');
    const sim = list.data[0]!;
    expect(sim.kind).toBe('esim');
    expect(sim.simPlan?.id).toBe(esim.planId);
    expect(sim.status.status).toBe('inactive');
    expect(sim.esim?.activationCode).toMatch(/^LPA:1\$[^$]+\$.+$/);
    const delivered = await eventually(async () => mail.sent.find((m) => m.to === who.email && m.kind === 'esim-ready'), 10_000, 'the eSIM mail');
    expect(delivered.text).toContain(sim.esim!.activationCode);
    expect(delivered.text).toContain(`https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(sim.esim!.activationCode)}`);
    expect(delivered.text).toContain(sim.esim!.smdpAddress);
    // The order ends delivered; nothing is delivered twice.
    await eventually(async () => (await t.services.orders.get(bought.order.id, { subscriberId: who.id })).status === 'delivered', 10_000, 'order delivered');
    expect(mail.sent.filter((m) => m.to === who.email && m.kind === 'esim-ready')).toHaveLength(1);
  });
});

describe('renew and extend', () => {
  it("someone else's SIM answers 404 exactly like a missing one, for the price and the purchase", async () => {
    const { sim } = await createPaidSim(t.container, bob.id);
    const price = await post(alice, `/subscriber/sim/${sim.id}/plan/renew/price`, {});
    const missing = await post(alice, `/subscriber/sim/${newId()}/plan/renew/price`, {});
    expect(price.statusCode).toBe(404);
    expect(price.json()).toEqual(missing.json());
    expect(price.json()).toMatchObject({ code: 'SIM_NOT_FOUND' });
    const buy = await post(alice, `/subscriber/sim/${sim.id}/plan/renew`, { expectedTotal: 100, requestId: newId() });
    expect(buy.statusCode).toBe(404);
  });

  it('a renewal of an active SIM starts at the end of the current period, is charged once and extends the plan', async () => {
    const { sim } = await activeSim(alice);
    const before = new Date(sim.simSubscription.planSubscription!.expiresAt!);
    const priced = simActionQuoteSchema.parse((await post(alice, `/subscriber/sim/${sim.id}/plan/renew/price`, {})).json());
    expect(priced.effect).toMatchObject({ action: 'renew', when: 'end_of_period', replacesCurrentPeriod: false, startsAt: before.toISOString() });
    expect(priced.quote.lines[0]).toMatchObject({ type: 'renewal', simId: sim.id });
    expect(priced.quote.total).toBe(priced.quote.subtotal + priced.quote.tax + priced.quote.surcharge);
    // A stale total is refused before anything is created.
    const stale = await post(alice, `/subscriber/sim/${sim.id}/plan/renew`, { expectedTotal: priced.quote.total + 1, requestId: newId() });
    expect(stale.json()).toMatchObject({ code: 'PRICE_CHANGED' });

    const p = await buyAndPay(alice, `/subscriber/sim/${sim.id}/plan/renew`, {});
    const after = await settled(alice, sim.id, (s) => new Date(s.simSubscription.planSubscription!.expiresAt!) > before, 'renewal applied');
    expect(after.status.status).toBe('active');
    const renewals = await t.db.select().from(carrierActions).where(and(eq(carrierActions.simId, sim.id), eq(carrierActions.type, 'renew')));
    expect(renewals).toHaveLength(1);
    expect(renewals[0]!.status).toBe('completed');
    const charges = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, p.order.id));
    expect(charges).toHaveLength(1);
    // The job ran the line once: a second run of fulfilment changes nothing.
    await t.services.payments.fulfil(p.order.id);
    expect(await t.db.select().from(carrierActions).where(and(eq(carrierActions.simId, sim.id), eq(carrierActions.type, 'renew')))).toHaveLength(1);
  });

  it('extend starts a fresh period now, and says it replaces the current one', async () => {
    const { sim } = await activeSim(alice);
    const priced = simActionQuoteSchema.parse((await post(alice, `/subscriber/sim/${sim.id}/plan/renew/price`, { mode: 'extend' })).json());
    expect(priced.effect).toMatchObject({ action: 'extend', when: 'now', replacesCurrentPeriod: true });
    await buyAndPay(alice, `/subscriber/sim/${sim.id}/plan/renew`, { mode: 'extend' });
    const periods = await eventually(async () => {
      const rows = await t.db.select().from(simPlanPeriods).where(eq(simPlanPeriods.simId, sim.id));
      return rows.some((x) => x.source === 'extend' && x.status === 'active') ? rows : undefined;
    }, 15_000, 'extension applied');
    expect(periods.filter((x) => x.status === 'active').map((x) => x.source)).toEqual(['extend']);
  });

  it('an inactive SIM cannot be renewed (it has a paid plan waiting)', async () => {
    const { sim } = await createPaidSim(t.container, alice.id);
    const res = await post(alice, `/subscriber/sim/${sim.id}/plan/renew/price`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SIM_NOT_ACTIVE' });
  });

  it('a renewal the network refuses for good is credited to the balance, said on the SIM, and mailed', async () => {
    const who = await signedInSubscriber(t.container, { firstName: 'Rita' });
    const { sim } = await activeSim(who, 'physical', (await pickPlans(t.container)).physical[0]!.planId);
    t.container.adapters.carrierSimulator!.injectFault({ operation: 'submit', mode: 'error', requestType: 'renew', times: 5 });
    const p = await buyAndPay(who, `/subscriber/sim/${sim.id}/plan/renew`, {});
    const failed = await eventually(async () => {
      const s = await getSim(who, sim.id);
      return s.problem ? s : undefined;
    }, 20_000, 'the renewal to fail');
    const [action] = await t.db.select().from(carrierActions).where(and(eq(carrierActions.simId, sim.id), eq(carrierActions.type, 'renew')));
    expect(action, JSON.stringify(action)).toMatchObject({ status: "failed", context: { paid: true } });
    expect(failed.problem?.code).toBe('CARRIER_ACTION_FAILED');
    expect(failed.problem?.note).toContain('on your account balance');
    const [me] = await t.db.select().from(subscribers).where(eq(subscribers.id, who.id));
    expect(p.order.lines[0]!.total).toBeGreaterThan(0);
    expect(me!.balance).toBe(p.order.lines[0]!.total);
    await eventually(async () => mail.sent.find((m) => m.to === who.email && m.kind === 'sim-action-failed'), 10_000, 'failure mail');
  });
});

describe('change plan', () => {
  it("refuses the same plan with the spec's message, and states when another plan takes effect", async () => {
    const { sim, plan } = await activeSim(alice);
    const same = await post(alice, `/subscriber/sim/${sim.id}/plan/change/price`, { planId: plan.id, priceId: newId() });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: 'SAME_PLAN', message: 'You cannot change to the same plan' });
    const other = (await pickPlans(t.container)).physical.find((p) => p.planId !== plan.id)!;
    const priced = simActionQuoteSchema.parse((await post(alice, `/subscriber/sim/${sim.id}/plan/change/price`, { planId: other.planId, priceId: other.priceId })).json());
    expect(priced.effect).toMatchObject({ action: 'change_plan', when: 'now', replacesCurrentPeriod: true });
    expect(priced.quote.subtotal).toBe(other.price);
    // An eSIM plan is not for a physical SIM.
    const esim = (await pickPlans(t.container)).esim[0]!;
    const wrongKind = await post(alice, `/subscriber/sim/${sim.id}/plan/change/price`, { planId: esim.planId, priceId: esim.priceId });
    expect(wrongKind.statusCode).toBe(404);
    await buyAndPay(alice, `/subscriber/sim/${sim.id}/plan/change`, { planId: other.planId, priceId: other.priceId });
    const changed = await settled(alice, sim.id, (s) => s.simPlan?.id === other.planId, 'plan changed');
    expect(changed.simSubscription.planSubscription?.plan.id).toBe(other.planId);
  });
});

describe('recovery', () => {
  async function expiredSim(daysAgo: number) {
    const { sim } = await activeSim(alice);
    const when = new Date(Date.now() - daysAgo * 86_400_000 - 3_600_000);
    await t.db.update(simPlanPeriods).set({ expiresAt: when }).where(and(eq(simPlanPeriods.simId, sim.id), eq(simPlanPeriods.status, 'active')));
    await t.db.update(sims).set({ status: 'expired' }).where(eq(sims.id, sim.id));
    await t.container.adapters.carrierSimulator!.setPlanExpiry(sim.iccid, when);
    await t.container.adapters.carrierSimulator!.tick();
    return sim;
  }

  it('recovers a SIM expired 29 days ago (paid, number kept) and refuses one expired 31 days ago', async () => {
    const late = await expiredSim(31);
    const refused = await post(alice, `/subscriber/sim/${late.id}/recovery/purchase/price`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SIM_IS_EXPIRED_OVER_30_DAYS' });

    const sim = await expiredSim(29);
    const priced = simActionQuoteSchema.parse((await post(alice, `/subscriber/sim/${sim.id}/recovery/purchase/price`, {})).json());
    expect(priced.effect).toMatchObject({ action: 'recover', when: 'now' });
    await buyAndPay(alice, `/subscriber/sim/${sim.id}/recovery/purchase`, {});
    const back = await settled(alice, sim.id, (s) => s.status.status === 'active', 'recovered');
    expect(back.mdn).toBe(sim.mdn);
  });
});

describe('add-ons and top-up', () => {
  it('a data add-on for an active SIM grows its balance after the network confirms', async () => {
    const { addOn, plan } = await addOnWithPlan(t.container, 'physical');
    const { sim } = await activeSim(alice, 'physical', plan.planId);
    const before = sim.sourceDetails.providerDetails;
    await buyAndPay(alice, `/subscriber/sim/${sim.id}/addons/purchase`, { items: [{ addonId: addOn.id, quantity: 1 }] });
    await eventually(async () => {
      const [row] = await t.db.select().from(simAddOns).where(eq(simAddOns.simId, sim.id));
      return row?.status === 'active';
    }, 15_000, 'add-on applied');
    const after = (await getSim(alice, sim.id)).sourceDetails.providerDetails;
    const grew = (b: number | null, a: number | null, by: number) => (b === null ? a === null : a === b + by);
    expect(grew(before.totalData, after.totalData, addOn.bandwidth)).toBe(true);
    expect(grew(before.totalVoice, after.totalVoice, addOn.callMinutes)).toBe(true);
    expect(grew(before.data, after.data, addOn.bandwidth)).toBe(true);
  });

  it('an add-on in the same order as a new plan, named without its plan, goes on that plan\'s new SIM', async () => {
    const who = await signedInSubscriber(t.container, { firstName: 'Ada' });
    const { addOn, plan } = await addOnWithPlan(t.container, 'esim');
    // As the add-ons list puts it in the cart: no planId.
    const items = [planItem(plan), { _type: 'addon' as const, quantity: 1, addonId: addOn.id, categoryId: plan.categoryId }];
    const priced = await post(who, '/subscriber/sim/purchase/price', { items });
    expect(priced.statusCode, priced.body).toBe(200);
    const total = (priced.json() as { total: number }).total;
    const bought = await post(who, '/subscriber/sim/purchase', { items, expectedTotal: total, requestId: newId() });
    expect(bought.statusCode, bought.body).toBe(200);
    const p = purchaseResultSchema.parse(bought.json());
    const paid = await post(who, '/subscriber/payment', { orderId: p.order.id, gateway: 'sandbox', method: 'card', requestId: newId(), cardToken: card('ok') });
    expect(paymentSchema.parse(paid.json()).status).toBe('succeeded');
    const lines = await eventually(async () => {
      const rows = await t.db.select().from(orderLines).where(eq(orderLines.orderId, p.order.id));
      return rows.length === 2 && rows.every((r) => r.fulfilledAt) ? rows : undefined;
    }, 15_000, 'both lines fulfilled');
    const simIds = (lines.find((l) => l.type === 'plan')!.details as { simIds: string[] }).simIds;
    expect(simIds).toHaveLength(1);
    const [period] = await t.db.select().from(simPlanPeriods).where(eq(simPlanPeriods.simId, simIds[0]!));
    const base = (await t.container.services.catalogue.snapshot()).plans.get(plan.planId)!;
    expect(period!.dataMb).toBe(base.dataMb === null ? null : base.dataMb + addOn.bandwidth);
    expect(period!.voiceMinutes).toBe(base.voiceMinutes === null ? null : base.voiceMinutes + addOn.callMinutes);
    // Nothing went to the balance: the add-on found its SIM.
    const [me] = await t.db.select().from(subscribers).where(eq(subscribers.id, who.id));
    expect(me!.balance).toBe(0);
  });

  it('an add-on bought for a SIM not on the network yet travels with its activation', async () => {
    const { addOn, plan } = await addOnWithPlan(t.container, 'physical');
    const { sim } = await createPaidSim(t.container, alice.id, { planId: plan.planId });
    const [period] = await t.db.select().from(simPlanPeriods).where(eq(simPlanPeriods.simId, sim.id));
    const p = await buyAndPay(alice, `/subscriber/sim/${sim.id}/addons/purchase`, { items: [{ addonId: addOn.id, quantity: 2 }] });
    await eventually(async () => (await t.db.select().from(orderLines).where(eq(orderLines.orderId, p.order.id)))[0]?.fulfilledAt, 10_000, 'add-on line fulfilled');
    const [grown] = await t.db.select().from(simPlanPeriods).where(eq(simPlanPeriods.id, period!.id));
    expect(grown!.voiceMinutes).toBe(period!.voiceMinutes === null ? null : period!.voiceMinutes + 2 * addOn.callMinutes);
    expect(grown!.dataMb).toBe(period!.dataMb === null ? null : period!.dataMb + 2 * addOn.bandwidth);
    // Activation carries the grown quotas to the network.
    await post(alice, `/subscriber/sim/${sim.id}/activate`, { zip: '10001' });
    const active = await settled(alice, sim.id, (s) => s.status.status === 'active', 'activated');
    expect(active.sourceDetails.providerDetails.totalData).toBe(grown!.dataMb);
    expect(active.sourceDetails.providerDetails.data).toBe(grown!.dataMb);
  });

  it('a top-up puts the amount on the balance once, with no tax; amounts outside 5–500 are refused', async () => {
    const who = await signedInSubscriber(t.container);
    const low = await post(who, '/subscriber/top_up/price', { amount: 100 });
    expect(low.statusCode).toBe(400);
    const priced = simActionQuoteSchema.parse((await post(who, '/subscriber/top_up/price', { amount: 2500 })).json());
    expect(priced.quote.total).toBe(2500);
    const p = await buyAndPay(who, '/subscriber/top_up', { amount: 2500 });
    await eventually(async () => {
      const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, p.order.id));
      return line?.fulfilledAt;
    }, 10_000, 'top-up fulfilled');
    await t.services.payments.fulfil(p.order.id);
    const [me] = await t.db.select().from(subscribers).where(eq(subscribers.id, who.id));
    expect(me!.balance).toBe(2500);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, p.order.id))).toHaveLength(1);
  });
});
