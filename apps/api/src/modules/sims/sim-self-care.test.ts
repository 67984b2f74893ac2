import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { quoteSchema } from '@app/shared/contracts/checkout';
import { purchaseResultSchema } from '@app/shared/contracts/orders';
import { paymentSchema } from '@app/shared/contracts/payments';
import { addOnActivateResultSchema, heldAddOnListSchema, portOutDetailsSchema, simRefreshResultSchema, type Sim } from '@app/shared/contracts/sims';
import { recordingTransport, type RecordingTransport } from '../../adapters/mail/recording-transport.js';
import { subscribers } from '../../db/schema/accounts.js';
import { carrierActions, heldAddOns, sims } from '../../db/schema/sims.js';
import { createPaidSim, eventually, signedInSubscriber, type SignedIn } from '../../test/fixtures.js';
import { addOnWithPlan, card, newId } from '../../test/checkout-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { PortOutService } from './port-out.service.js';
import { SIM_TEST_ENV } from './test-env.js';

/**
 * The self-care routes issue 10 left: port-out details and transfer PINs, add-ons kept on the
 * account and activated on a SIM, the public add-on purchase, and the mail after an eSIM reissue.
 * Each route's success, its error codes, and someone else's SIM or add-on reading as a missing one.
 */

let t: TestApp;
let mail: RecordingTransport;
let alice: SignedIn;
let bob: SignedIn;
const logLines: string[] = [];

beforeAll(async () => {
  mail = recordingTransport();
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logLines.push(chunk.toString());
      cb();
    },
  });
  t = await buildTestApp({ env: { ...SIM_TEST_ENV, SIM_REFRESH_PRICE_CENTS: '0' }, mailTransport: mail, logger: { level: 'trace', stream } });
  alice = await signedInSubscriber(t.container, { firstName: 'Alice' });
  bob = await signedInSubscriber(t.container, { firstName: 'Bob' });
});
afterAll(async () => {
  await t?.close();
});

const post = (who: SignedIn | null, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: who?.auth ?? {}, payload });
const get = (who: SignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: who.auth });

async function getSim(who: SignedIn, id: string): Promise<Sim> {
  const res = await get(who, `/subscriber/sim/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Sim>();
}

async function activeSim(who: SignedIn, kind: 'physical' | 'esim' = 'physical', planId?: string): Promise<Sim> {
  const { sim } = await createPaidSim(t.container, who.id, { kind, ...(planId ? { planId } : {}) });
  const res = await post(who, `/subscriber/sim/${sim.id}/activate`, { zip: '10001' });
  expect(res.statusCode, res.body).toBe(202);
  return eventually(async () => {
    const s = await getSim(who, sim.id);
    return s.status.status === 'active' && !s.pendingAction ? s : undefined;
  }, 15_000, 'activation');
}

describe('port-out: the transfer PIN', () => {
  it('has no PIN until asked; issues one for 7 days; the same request answers the same PIN; a new one retires the old', async () => {
    const sim = await activeSim(alice);
    const first = await get(alice, `/subscriber/sim/port/${sim.id}/port-out`);
    expect(first.statusCode, first.body).toBe(200);
    const none = portOutDetailsSchema.parse(first.json());
    expect(none).toMatchObject({ simId: sim.id, number: sim.mdn, accountNumber: PortOutService.accountNumber(alice.id), pin: null, expired: false });

    const requestId = newId();
    const issued = portOutDetailsSchema.parse((await post(alice, `/subscriber/sim/port/${sim.id}/port-out`, { requestId })).json());
    expect(issued.pin).toMatch(/^\d{6}$/);
    expect(new Date(issued.expiresAt!).getTime() - new Date(issued.issuedAt!).getTime()).toBe(7 * 86_400_000);
    const again = portOutDetailsSchema.parse((await post(alice, `/subscriber/sim/port/${sim.id}/port-out`, { requestId })).json());
    expect(again.pin).toBe(issued.pin);
    expect(portOutDetailsSchema.parse((await get(alice, `/subscriber/sim/port/${sim.id}/port-out`)).json()).pin).toBe(issued.pin);

    const portOut = t.container.services.portOut;
    const ask = (pin: string, accountNumber = issued.accountNumber) => portOut.verify({ number: sim.mdn!, accountNumber, pin });
    expect(await ask(issued.pin!)).toEqual({ ok: true, simId: sim.id });
    expect(await ask(issued.pin!, 'LW0000000000')).toEqual({ ok: false, reason: 'account_number_mismatch' });

    const renewed = portOutDetailsSchema.parse((await post(alice, `/subscriber/sim/port/${sim.id}/port-out`, { requestId: newId() })).json());
    expect(renewed.pin).toMatch(/^\d{6}$/);
    expect(renewed.issuedAt).not.toBe(issued.issuedAt);
    if (renewed.pin !== issued.pin) expect(await ask(issued.pin!)).toEqual({ ok: false, reason: 'wrong_pin' });
    expect(await ask(renewed.pin!)).toEqual({ ok: true, simId: sim.id });
    // Seven days later the PIN is gone: the screen says it expired and the network refuses it.
    const later = new Date(Date.now() + 8 * 86_400_000);
    expect(await portOut.verify({ number: sim.mdn!, accountNumber: renewed.accountNumber, pin: renewed.pin! }, later)).toEqual({ ok: false, reason: 'pin_expired' });
    expect(await portOut.details(alice.id, sim.id, later)).toMatchObject({ pin: null, expired: true });
    // The PIN is derived, never stored.
    const [row] = await t.db.select().from(sims).where(eq(sims.id, sim.id));
    expect(JSON.stringify(row)).not.toContain(renewed.pin!);
  });

  it("someone else's SIM answers 404 like a missing one; a SIM without a number 409; a bad body 400", async () => {
    const theirs = await activeSim(bob);
    for (const method of ['GET', 'POST'] as const) {
      const url = (id: string) => `/subscriber/sim/port/${id}/port-out`;
      const body = method === 'POST' ? { requestId: newId() } : undefined;
      const a = await t.app.inject({ method, url: url(theirs.id), headers: alice.auth, ...(body ? { payload: body } : {}) });
      const b = await t.app.inject({ method, url: url(newId()), headers: alice.auth, ...(body ? { payload: body } : {}) });
      expect(a.statusCode, method).toBe(404);
      expect(a.json()).toEqual(b.json());
      expect(a.json()).toMatchObject({ code: 'SIM_NOT_FOUND' });
    }
    const { sim: waiting } = await createPaidSim(t.container, alice.id, { kind: 'esim' });
    const noNumber = await get(alice, `/subscriber/sim/port/${waiting.id}/port-out`);
    expect(noNumber.statusCode).toBe(409);
    expect(noNumber.json()).toMatchObject({ code: 'SIM_NOT_ACTIVE_OR_EXPIRED' });
    const bad = await post(alice, `/subscriber/sim/port/${theirs.id}/port-out`, { requestId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/subscriber/sim/port/${theirs.id}/port-out` })).statusCode).toBe(401);
  });
});

describe('add-ons kept on the account, then activated on a SIM', () => {
  /** A visitor buys add-ons alone (no ICCID): the order is the e-mail's account's; paid by card. */
  async function buyHeld(email: string, addonId: string, quantity = 1) {
    const items = [{ addonId, quantity }];
    const priced = await post(null, '/public/add-on_plan/purchase/price', { items });
    expect(priced.statusCode, priced.body).toBe(200);
    const quote = quoteSchema.parse(priced.json());
    const bought = await post(null, '/public/add-on_plan/purchase', { items, emailAddress: email, expectedTotal: quote.total, requestId: newId() });
    expect(bought.statusCode, bought.body).toBe(200);
    const p = purchaseResultSchema.parse(bought.json());
    const paid = await post(null, '/public/payment', { orderId: p.order.id, accessToken: p.accessToken, gateway: 'sandbox', method: 'card', requestId: newId(), cardToken: card('ok') });
    expect(paymentSchema.parse(paid.json()).status).toBe('succeeded');
    return p;
  }

  it('a cart of add-ons only waits on the account, then goes on an active SIM once (add_balance), and not twice', async () => {
    const { addOn, plan } = await addOnWithPlan(t.container, 'physical');
    const order = await buyHeld(alice.email, addOn.id, 2);
    expect(order.account).toBe('existing');
    const held = await eventually(async () => {
      const list = heldAddOnListSchema.parse((await get(alice, '/subscriber/add-on_plan/held')).json());
      return list.find((h) => h.status === 'held' && h.addOnId === addOn.id);
    }, 10_000, 'held add-on');
    expect(held).toMatchObject({ quantity: 2, dataMb: addOn.bandwidth * 2, voiceMinutes: addOn.callMinutes * 2, sms: addOn.sms * 2 });

    const sim = await activeSim(alice, 'physical', plan.planId);
    const res = await post(alice, '/subscriber/add-on_plan/activate', { heldAddOnId: held.id, simId: sim.id });
    expect(res.statusCode, res.body).toBe(200);
    const done = addOnActivateResultSchema.parse(res.json());
    expect(done.addOn).toMatchObject({ status: 'activated', simId: sim.id });
    expect(done.sim.pendingAction?.type).toBe('add_balance');
    const after = await eventually(async () => {
      const s = await getSim(alice, sim.id);
      return !s.pendingAction ? s : undefined;
    }, 15_000, 'add-on on the network');
    if (addOn.bandwidth > 0 && sim.sourceDetails.providerDetails.totalData !== null) {
      expect(after.sourceDetails.providerDetails.totalData).toBe(sim.sourceDetails.providerDetails.totalData + addOn.bandwidth * 2);
    }
    // The same activation again answers as the first; another SIM is refused; one action only.
    const again = await post(alice, '/subscriber/add-on_plan/activate', { heldAddOnId: held.id, simId: sim.id });
    expect(again.statusCode, again.body).toBe(200);
    const other = await activeSim(alice, 'physical', plan.planId);
    const elsewhere = await post(alice, '/subscriber/add-on_plan/activate', { heldAddOnId: held.id, simId: other.id });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({ code: 'ADDON_ALREADY_ACTIVATED' });
    const actions = await t.db.select().from(carrierActions).where(and(eq(carrierActions.simId, sim.id), eq(carrierActions.type, 'add_balance')));
    expect(actions).toHaveLength(1);
  });

  it("refuses someone else's add-on or SIM (404 alike), a plan the add-on does not fit (409), and a SIM off the network (409)", async () => {
    const { addOn, plan } = await addOnWithPlan(t.container, 'physical');
    await buyHeld(bob.email, addOn.id);
    const bobsHeld = await eventually(async () => heldAddOnListSchema.parse((await get(bob, '/subscriber/add-on_plan/held')).json()).find((h) => h.status === 'held'), 10_000, "Bob's add-on");
    const mine = await activeSim(alice, 'physical', plan.planId);
    const theirs = await post(alice, '/subscriber/add-on_plan/activate', { heldAddOnId: bobsHeld.id, simId: mine.id });
    const missing = await post(alice, '/subscriber/add-on_plan/activate', { heldAddOnId: newId(), simId: mine.id });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(theirs.json()).toMatchObject({ code: 'ADDON_NOT_FOUND' });

    const alicesSim = await post(bob, '/subscriber/add-on_plan/activate', { heldAddOnId: bobsHeld.id, simId: mine.id });
    expect(alicesSim.statusCode).toBe(404);
    expect(alicesSim.json()).toMatchObject({ code: 'SIM_NOT_FOUND' });

    const snap = await t.container.services.catalogue.snapshot();
    const otherPlan = [...snap.plans.values()].find((p) => p.isActive && !addOn.allowedForPlans.includes(p.id) && p.simSource.type.startsWith('sim_'));
    if (otherPlan) {
      const unfit = await activeSim(bob, 'physical', otherPlan.id);
      const res = await post(bob, '/subscriber/add-on_plan/activate', { heldAddOnId: bobsHeld.id, simId: unfit.id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ADDON_NOT_FOR_THIS_PLAN', errors: [{ field: 'simId' }] });
    }
    const gone = await activeSim(bob, 'physical', plan.planId);
    await t.db.update(sims).set({ status: 'released', mdn: null }).where(eq(sims.id, gone.id));
    const released = await post(bob, '/subscriber/add-on_plan/activate', { heldAddOnId: bobsHeld.id, simId: gone.id });
    expect(released.statusCode).toBe(409);
    expect(released.json()).toMatchObject({ code: 'SIM_NOT_ACTIVE' });
    const [row] = await t.db.select().from(heldAddOns).where(eq(heldAddOns.id, bobsHeld.id));
    expect(row!.status).toBe('held');
  });

  it('on a SIM not activated yet the add-on travels with the activation', async () => {
    const { addOn, plan } = await addOnWithPlan(t.container, 'physical');
    await buyHeld(alice.email, addOn.id);
    const held = await eventually(async () => heldAddOnListSchema.parse((await get(alice, '/subscriber/add-on_plan/held')).json()).find((h) => h.status === 'held'), 10_000, 'held');
    const { sim } = await createPaidSim(t.container, alice.id, { kind: 'physical', planId: plan.planId });
    const before = await getSim(alice, sim.id);
    const res = await post(alice, '/subscriber/add-on_plan/activate', { heldAddOnId: held.id, simId: sim.id });
    expect(res.statusCode, res.body).toBe(200);
    const after = addOnActivateResultSchema.parse(res.json()).sim;
    expect(after.pendingAction).toBeNull();
    if (before.sourceDetails.providerDetails.totalData !== null) expect(after.sourceDetails.providerDetails.totalData).toBe(before.sourceDetails.providerDetails.totalData + addOn.bandwidth);
  });
});

describe('public add-on purchase', () => {
  it("prices and sells add-ons for a card by its ICCID (the SIM's account, the payer's e-mail); an unknown card is 404", async () => {
    const { addOn, plan } = await addOnWithPlan(t.container, 'physical');
    const sim = await activeSim(bob, 'physical', plan.planId);
    const items = [{ addonId: addOn.id, quantity: 1 }];
    const priced = quoteSchema.parse((await post(null, '/public/add-on_plan/purchase/price', { items, iccid: sim.iccid })).json());
    expect(priced.lines[0]).toMatchObject({ type: 'addon', simId: sim.id });
    const bought = await post(null, '/public/add-on_plan/purchase', { items, iccid: sim.iccid, emailAddress: 'friend@example.org', expectedTotal: priced.total, requestId: newId() });
    expect(bought.statusCode, bought.body).toBe(200);
    const p = purchaseResultSchema.parse(bought.json());
    expect(p.order).toMatchObject({ kind: 'addon', email: 'friend@example.org' });
    const [owner] = await t.db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.email, 'friend@example.org'));
    expect(owner).toBeUndefined();

    const unknown = await post(null, '/public/add-on_plan/purchase/price', { items, iccid: '8901260999999999990' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'SIM_NOT_FOUND' });
    const stale = await post(null, '/public/add-on_plan/purchase', { items, emailAddress: 'friend@example.org', expectedTotal: priced.total + 1, requestId: newId() });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'PRICE_CHANGED' });
    const empty = await post(null, '/public/add-on_plan/purchase/price', { items: [] });
    expect(empty.statusCode).toBe(400);
  });
});

describe('the mail after an eSIM reissue', () => {
  it('carries the new code with the delivery mail’s install content, and neither a link of ours nor a log line holds it', async () => {
    const sim = await activeSim(alice, 'esim');
    const res = await post(alice, `/subscriber/sim/${sim.id}/refresh`, { expectedTotal: 0, requestId: newId() });
    expect(res.statusCode, res.body).toBe(200);
    expect(simRefreshResultSchema.parse(res.json()).purchase).toBeNull();
    const fresh = await eventually(async () => {
      const s = await getSim(alice, sim.id);
      return !s.pendingAction && s.esim && s.esim.activationCode !== sim.esim!.activationCode ? s : undefined;
    }, 15_000, 'new profile');
    const sent = await vi.waitFor(
      () => {
        const m = mail.sent.find((x) => x.to === alice.email && x.kind === 'esim-reissued');
        if (!m) throw new Error('no reissue mail yet');
        return m;
      },
      { timeout: 10_000, interval: 100 },
    );
    const code = fresh.esim!.activationCode;
    expect(sent.subject).toContain('Your new eSIM for');
    expect(sent.text).toContain(code);
    expect(sent.text).toContain(fresh.esim!.matchingId);
    expect(sent.text).toContain('On an iPhone (iOS 17.4 or later)');
    expect(sent.html).toContain('Install the eSIM on this iPhone');
    expect(sent.text).toContain('The previous SIM or eSIM no longer works.');
    expect(sent.text).not.toContain(sim.esim!.activationCode);
    // Links of ours lead to the SIM page and carry nothing of the code.
    const ours = [...sent.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).filter((h) => !h.startsWith('https://esimsetup.apple.com/'));
    expect(ours.length).toBeGreaterThan(0);
    for (const href of ours) expect(href).not.toContain(encodeURIComponent(fresh.esim!.matchingId));
    for (const href of ours) expect(href).not.toContain(fresh.esim!.matchingId);
    expect(logLines.join('\n')).not.toContain(fresh.esim!.matchingId);
    // Once, however the outcome arrived.
    expect(mail.sent.filter((x) => x.to === alice.email && x.kind === 'esim-reissued')).toHaveLength(1);
  });
});
