import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema } from '@app/shared/contracts/orders';
import { paymentSchema } from '@app/shared/contracts/payments';
import { simActionQuoteSchema, simRefreshResultSchema, type Sim } from '@app/shared/contracts/sims';
import { makeIccid } from '../../adapters/carrier/simulator/simulator.js';
import { carrierActions, simPlanPeriods, sims } from '../../db/schema/sims.js';
import { orders } from '../../db/schema/checkout.js';
import { createPaidSim, eventually, signedInSubscriber, type SignedIn } from '../../test/fixtures.js';
import { address, card, newId } from '../../test/checkout-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { SIM_TEST_ENV } from './test-env.js';

/**
 * Refresh (a new eSIM profile, or the number onto a new SIM card) and recovery onto a new card:
 * free refreshes are recorded at once, priced ones are checkout orders; the network's old profile
 * stops working; someone else's SIM reads as a missing one.
 */

const post = (t: TestApp, who: SignedIn, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: who.auth, payload });

async function getSim(t: TestApp, who: SignedIn, id: string): Promise<Sim> {
  const res = await t.app.inject({ method: 'GET', url: `/subscriber/sim/${id}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Sim>();
}

const settled = (t: TestApp, who: SignedIn, id: string, check: (s: Sim) => boolean, what: string) =>
  eventually(async () => {
    const s = await getSim(t, who, id);
    return !s.pendingAction && check(s) ? s : undefined;
  }, 15_000, what);

async function activeSim(t: TestApp, who: SignedIn, kind: 'physical' | 'esim') {
  const { sim } = await createPaidSim(t.container, who.id, { kind });
  const res = await post(t, who, `/subscriber/sim/${sim.id}/activate`, { zip: '10001' });
  expect(res.statusCode, res.body).toBe(202);
  return settled(t, who, sim.id, (s) => s.status.status === 'active', 'activation');
}

/** A blank physical card in the network's inventory (as a replacement card bought and shipped). */
async function blankCard(t: TestApp): Promise<string> {
  const iccid = makeIccid(BigInt(randomInt(1, 2 ** 40)));
  await t.container.adapters.carrier.importInventory([{ iccid, kind: 'physical' }]);
  return iccid;
}

describe('refresh, free (SIM_REFRESH_PRICE_CENTS=0)', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ...SIM_TEST_ENV, SIM_REFRESH_PRICE_CENTS: '0' } });
    alice = await signedInSubscriber(t.container, { firstName: 'Alice' });
    bob = await signedInSubscriber(t.container, { firstName: 'Bob' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reissues an eSIM: a new activation code, the old profile no longer installs, a repeat changes nothing', async () => {
    const sim = await activeSim(t, alice, 'esim');
    const oldCode = sim.esim!.activationCode;
    const network = t.container.adapters.carrierSimulator!;
    // The phone installed the profile once; then the phone was replaced.
    expect(await network.installProfile(oldCode)).toMatchObject({ installed: true });
    const priced = simActionQuoteSchema.parse((await post(t, alice, `/subscriber/sim/${sim.id}/refresh/price`, {})).json());
    expect(priced.quote.total).toBe(0);
    expect(priced.quote.lines[0]).toMatchObject({ type: 'sim_refresh', simId: sim.id, total: 0 });
    expect(priced.effect).toMatchObject({ action: 'refresh', when: 'now' });

    const requestId = newId();
    const res = await post(t, alice, `/subscriber/sim/${sim.id}/refresh`, { expectedTotal: 0, requestId });
    expect(res.statusCode, res.body).toBe(200);
    const first = simRefreshResultSchema.parse(res.json());
    expect(first.purchase).toBeNull();
    expect(first.sim.pendingAction?.type).toBe('refresh');
    // The same confirmation again (a double tap or a retry) answers without a second refresh.
    const again = await post(t, alice, `/subscriber/sim/${sim.id}/refresh`, { expectedTotal: 0, requestId });
    expect(again.statusCode, again.body).toBe(200);

    const after = await settled(t, alice, sim.id, (s) => s.esim?.activationCode !== oldCode, 'new profile');
    expect(after.esim!.activationCode).toMatch(/^LPA:1\$[^$]+\$.+$/);
    expect(after.esim!.installed).toBe(false);
    expect(after.mdn).toBe(sim.mdn);
    expect(after.status.status).toBe('active');
    const actions = await t.db.select().from(carrierActions).where(and(eq(carrierActions.simId, sim.id), eq(carrierActions.type, 'refresh')));
    expect(actions).toHaveLength(1);
    const again2 = await post(t, alice, `/subscriber/sim/${sim.id}/refresh`, { expectedTotal: 0, requestId });
    expect(again2.statusCode, again2.body).toBe(200);
    expect(await t.db.select().from(carrierActions).where(and(eq(carrierActions.simId, sim.id), eq(carrierActions.type, 'refresh')))).toHaveLength(1);

    expect(await network.installProfile(oldCode)).toMatchObject({ installed: false });
    expect(await network.installProfile(after.esim!.activationCode)).toMatchObject({ installed: true });
    // A profile installs once: the next phone needs the next refresh.
    expect(await network.installProfile(after.esim!.activationCode)).toMatchObject({ installed: false });
  });

  it('refuses a refresh while another is on its way, and a stale total', async () => {
    const sim = await activeSim(t, alice, 'esim');
    const stale = await post(t, alice, `/subscriber/sim/${sim.id}/refresh`, { expectedTotal: 100, requestId: newId() });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'PRICE_CHANGED' });
    t.container.adapters.carrierSimulator!.injectFault({ operation: 'callback', mode: 'lost_callback', requestType: 'refresh' });
    expect((await post(t, alice, `/subscriber/sim/${sim.id}/refresh`, { expectedTotal: 0, requestId: newId() })).statusCode).toBe(200);
    const second = await post(t, alice, `/subscriber/sim/${sim.id}/refresh`, { expectedTotal: 0, requestId: newId() });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'SIM_ACTION_PENDING' });
    // The lost callback is reconciled: the refresh completes all the same.
    await settled(t, alice, sim.id, (s) => s.esim?.activationCode !== sim.esim!.activationCode, 'reconciled refresh');
  });

  it("someone else's SIM answers 404 exactly like a missing one", async () => {
    const sim = await activeSim(t, bob, 'esim');
    for (const path of ['refresh/price', 'refresh', 'refresh/esn/activate']) {
      const body = path === 'refresh/price' ? {} : { expectedTotal: 0, requestId: newId(), ...(path.includes('esn') ? { esn: makeIccid(7n) } : {}) };
      const theirs = await post(t, alice, `/subscriber/sim/${sim.id}/${path}`, body);
      const missing = await post(t, alice, `/subscriber/sim/${newId()}/${path}`, body);
      expect(theirs.statusCode, path).toBe(404);
      expect(theirs.json()).toEqual(missing.json());
      expect(theirs.json()).toMatchObject({ code: 'SIM_NOT_FOUND' });
    }
    expect((await getSim(t, bob, sim.id)).pendingAction).toBeNull();
  });

  it('a SIM without a number is not refreshed; a physical SIM needs its new card', async () => {
    const { sim: waiting } = await createPaidSim(t.container, alice.id, { kind: 'esim' });
    const inactive = await post(t, alice, `/subscriber/sim/${waiting.id}/refresh/price`, {});
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toMatchObject({ code: 'SIM_NOT_ACTIVE' });

    const physical = await activeSim(t, alice, 'physical');
    const noCard = await post(t, alice, `/subscriber/sim/${physical.id}/refresh`, { expectedTotal: 0, requestId: newId() });
    expect(noCard.statusCode).toBe(409);
    expect(noCard.json()).toMatchObject({ code: 'ESIM_ONLY' });
    const esim = await activeSim(t, alice, 'esim');
    const cardForEsim = await post(t, alice, `/subscriber/sim/${esim.id}/refresh/esn/activate`, { esn: await blankCard(t), expectedTotal: 0, requestId: newId() });
    expect(cardForEsim.statusCode).toBe(409);
    expect(cardForEsim.json()).toMatchObject({ code: 'PHYSICAL_SIM_ONLY', errors: [{ field: 'esn' }] });
  });

  it('moves the number of a physical SIM onto a new card; cards that cannot take it are refused', async () => {
    const sim = await activeSim(t, alice, 'physical');
    const badFormat = await post(t, alice, `/subscriber/sim/${sim.id}/refresh/esn/activate`, { esn: '12345', expectedTotal: 0, requestId: newId() });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json()).toMatchObject({ errors: [{ field: 'esn' }] });
    // A card the network does not know, one already in someone's account, and the SIM's own card.
    const { sim: bobs } = await createPaidSim(t.container, bob.id);
    for (const esn of [makeIccid(BigInt(randomInt(1, 2 ** 40)), '999'), bobs.iccid, sim.iccid]) {
      const res = await post(t, alice, `/subscriber/sim/${sim.id}/refresh/esn/activate`, { esn, expectedTotal: 0, requestId: newId() });
      expect(res.statusCode, esn).toBe(409);
      expect(res.json()).toMatchObject({ code: 'SIM_CARD_NOT_AVAILABLE', errors: [{ field: 'esn' }] });
    }

    const fresh = await blankCard(t);
    const priced = simActionQuoteSchema.parse((await post(t, alice, `/subscriber/sim/${sim.id}/refresh/price`, { esn: fresh })).json());
    expect(priced.quote.total).toBe(0);
    const res = await post(t, alice, `/subscriber/sim/${sim.id}/refresh/esn/activate`, { esn: fresh, expectedTotal: 0, requestId: newId() });
    expect(res.statusCode, res.body).toBe(200);
    const moved = await settled(t, alice, sim.id, (s) => s.iccid === fresh, 'number on the new card');
    expect(moved.mdn).toBe(sim.mdn);
    expect(moved.status.status).toBe('active');
    const network = t.container.adapters.carrier;
    expect(await network.lookup(sim.iccid)).toMatchObject({ state: 'released' });
    expect(await network.lookup(fresh)).toMatchObject({ state: 'active', mdn: sim.mdn });
  });
});

describe('sim source change, free', () => {
  let t: TestApp;
  let alice: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ...SIM_TEST_ENV, SIM_REFRESH_PRICE_CENTS: '0' } });
    alice = await signedInSubscriber(t.container, { firstName: 'Alice' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('moves a physical SIM to a new eSIM profile with the same number; an eSIM cannot change to eSIM', async () => {
    const sim = await activeSim(t, alice, 'physical');
    await t.container.adapters.carrier.importInventory([{ iccid: makeIccid(BigInt(randomInt(1, 2 ** 40)), '777'), kind: 'esim' }]);
    const priced = simActionQuoteSchema.parse((await post(t, alice, `/subscriber/sim/${sim.id}/sim_source/change/purchase/price`, {})).json());
    expect(priced.effect.action).toBe('sim_source_change');
    expect(priced.quote.total).toBe(0);
    const res = await post(t, alice, `/subscriber/sim/${sim.id}/sim_source/change/purchase`, { expectedTotal: 0, requestId: newId() });
    expect(res.statusCode, res.body).toBe(200);
    expect(simRefreshResultSchema.parse(res.json()).purchase).toBeNull();
    const moved = await settled(t, alice, sim.id, (s) => s.kind === 'esim', 'on the eSIM');
    expect(moved.mdn).toBe(sim.mdn);
    expect(moved.iccid).not.toBe(sim.iccid);
    expect(moved.esim?.activationCode).toMatch(/^LPA:1\$[^$]+\$.+$/);
    expect(await t.container.adapters.carrier.lookup(sim.iccid)).toMatchObject({ state: 'released' });

    const again = await post(t, alice, `/subscriber/sim/${sim.id}/sim_source/change/purchase/price`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PHYSICAL_SIM_ONLY' });
  });

  it('many moves of one SIM at once (more than the pool has connections) make one move and every request is answered', async () => {
    const sim = await activeSim(t, alice, 'physical');
    await t.container.adapters.carrier.importInventory(
      Array.from({ length: 12 }, (_, i) => ({ iccid: makeIccid(BigInt(randomInt(1, 2 ** 40)), String(700 + i)), kind: 'esim' as const })),
    );
    // Each request waited under the SIM's lock while the first one, holding the lock, waited for a
    // connection to reserve its profile: the tests' 5-connection pool was held up (decision 234).
    const before = (await t.container.adapters.carrier.stock()).esim;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post(t, alice, `/subscriber/sim/${sim.id}/sim_source/change/purchase`, { expectedTotal: 0, requestId: newId() })),
    );
    const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : (r.json() as { code: string }).code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(new Set(codes.filter((c) => c !== 'ok')), codes.join()).toEqual(new Set(['SIM_ACTION_PENDING']));
    const moves = await t.db.select().from(carrierActions).where(and(eq(carrierActions.simId, sim.id), eq(carrierActions.type, 'refresh')));
    expect(moves).toHaveLength(1);
    // One profile taken: the refused requests reserved none of their own.
    expect((await t.container.adapters.carrier.stock()).esim).toBe(before - 1);
    await settled(t, alice, sim.id, (s) => s.kind === 'esim', 'on the eSIM');
  }, 30_000);
});

describe('refresh with a fee, and recovery onto a new card', () => {
  let t: TestApp;
  let alice: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ...SIM_TEST_ENV, SIM_REFRESH_PRICE_CENTS: '300' } });
    alice = await signedInSubscriber(t.container, { firstName: 'Alice' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function payOrder(orderId: string) {
    const paid = await post(t, alice, '/subscriber/payment', { orderId, gateway: 'sandbox', method: 'card', requestId: newId(), cardToken: card('ok') });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paymentSchema.parse(paid.json()).status).toBe('succeeded');
  }

  it('a priced eSIM reissue is a checkout order: the same order for a repeat, the new profile once paid', async () => {
    const sim = await activeSim(t, alice, 'esim');
    const priced = simActionQuoteSchema.parse((await post(t, alice, `/subscriber/sim/${sim.id}/refresh/price`, {})).json());
    expect(priced.quote.subtotal).toBe(300);
    expect(priced.quote.total).toBe(priced.quote.subtotal + priced.quote.tax + priced.quote.surcharge);
    const requestId = newId();
    const body = { expectedTotal: priced.quote.total, requestId };
    const first = simRefreshResultSchema.parse((await post(t, alice, `/subscriber/sim/${sim.id}/refresh`, body)).json());
    const second = simRefreshResultSchema.parse((await post(t, alice, `/subscriber/sim/${sim.id}/refresh`, body)).json());
    expect(first.purchase?.order.id).toBeDefined();
    expect(second.purchase?.order.id).toBe(first.purchase!.order.id);
    expect(first.sim.pendingAction).toBeNull();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, first.purchase!.order.id));
    expect(order).toMatchObject({ kind: 'sim_refresh', total: priced.quote.total });
    // Nothing reaches the network before the order is paid.
    expect(await t.db.select().from(carrierActions).where(and(eq(carrierActions.simId, sim.id), eq(carrierActions.type, 'refresh')))).toHaveLength(0);
    await payOrder(first.purchase!.order.id);
    const after = await settled(t, alice, sim.id, (s) => s.esim?.activationCode !== sim.esim!.activationCode, 'new profile');
    expect(after.mdn).toBe(sim.mdn);
    expect(await t.db.select().from(carrierActions).where(and(eq(carrierActions.simId, sim.id), eq(carrierActions.type, 'refresh')))).toHaveLength(1);
  });

  it('prices and orders a replacement card for a physical SIM, shipped to the address given', async () => {
    const sim = await activeSim(t, alice, 'physical');
    const priced = simActionQuoteSchema.parse((await post(t, alice, `/subscriber/sim/${sim.id}/reorder/purchase/price`, { shippingCountry: 'US' })).json());
    expect(priced.effect.action).toBe('reorder');
    expect(priced.quote.lines[0]).toMatchObject({ type: 'sim_reorder', simId: sim.id, quantity: 1 });
    expect(priced.quote.needsShipping).toBe(true);
    expect(priced.quote.total).toBe(priced.quote.simCards + priced.quote.shipping + priced.quote.tax);
    const body = { shippingAddress: address('US'), expectedTotal: priced.quote.total, requestId: newId() };
    const res = await post(t, alice, `/subscriber/sim/${sim.id}/reorder/purchase`, body);
    expect(res.statusCode, res.body).toBe(200);
    const p = purchaseResultSchema.parse(res.json());
    const [order] = await t.db.select().from(orders).where(eq(orders.id, p.order.id));
    expect(order).toMatchObject({ kind: 'sim_reorder', total: priced.quote.total });
    expect(order!.shippingAddress).toMatchObject({ shippingCountry: 'US' });
    expect(purchaseResultSchema.parse((await post(t, alice, `/subscriber/sim/${sim.id}/reorder/purchase`, body)).json()).order.id).toBe(p.order.id);

    const esim = await activeSim(t, alice, 'esim');
    const refused = await post(t, alice, `/subscriber/sim/${esim.id}/reorder/purchase/price`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PHYSICAL_SIM_ONLY' });
    const bob = await signedInSubscriber(t.container, { firstName: 'Bob' });
    const theirs = await post(t, bob, `/subscriber/sim/${sim.id}/reorder/purchase/price`, {});
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual((await post(t, bob, `/subscriber/sim/${newId()}/reorder/purchase/price`, {})).json());
  });

  async function expiredPhysical(daysAgo: number) {
    const sim = await activeSim(t, alice, 'physical');
    const when = new Date(Date.now() - daysAgo * 86_400_000 - 3_600_000);
    await t.db.update(simPlanPeriods).set({ expiresAt: when }).where(and(eq(simPlanPeriods.simId, sim.id), eq(simPlanPeriods.status, 'active')));
    await t.db.update(sims).set({ status: 'expired' }).where(eq(sims.id, sim.id));
    await t.container.adapters.carrierSimulator!.setPlanExpiry(sim.iccid, when);
    await t.container.adapters.carrierSimulator!.tick();
    return sim;
  }

  it('recovers an expired number onto a new card at 29 days, not at 31, and only onto a usable card', async () => {
    const late = await expiredPhysical(31);
    const refused = await post(t, alice, `/subscriber/sim/${late.id}/recovery/esn/activate`, { esn: await blankCard(t), expectedTotal: 100, requestId: newId() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SIM_IS_EXPIRED_OVER_30_DAYS' });

    const sim = await expiredPhysical(29);
    const taken = await post(t, alice, `/subscriber/sim/${sim.id}/recovery/esn/activate`, { esn: late.iccid, expectedTotal: 100, requestId: newId() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SIM_CARD_NOT_AVAILABLE' });

    const fresh = await blankCard(t);
    const priced = simActionQuoteSchema.parse((await post(t, alice, `/subscriber/sim/${sim.id}/recovery/purchase/price`, {})).json());
    const bought = await post(t, alice, `/subscriber/sim/${sim.id}/recovery/esn/activate`, { esn: fresh, expectedTotal: priced.quote.total, requestId: newId() });
    expect(bought.statusCode, bought.body).toBe(200);
    const p = purchaseResultSchema.parse(bought.json());
    expect(p.order.lines[0]).toMatchObject({ type: 'recovery' });
    await payOrder(p.order.id);
    const back = await settled(t, alice, sim.id, (s) => s.status.status === 'active' && s.iccid === fresh, 'recovered onto the new card');
    expect(back.mdn).toBe(sim.mdn);
    expect(await t.container.adapters.carrier.lookup(sim.iccid)).toMatchObject({ state: 'released' });
  });
});
