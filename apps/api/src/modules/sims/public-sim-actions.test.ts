import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema } from '@app/shared/contracts/orders';
import { paymentSchema } from '@app/shared/contracts/payments';
import { publicWifiCallingResultSchema, simActionQuoteSchema, type Sim } from '@app/shared/contracts/sims';
import { recordingTransport, type RecordingTransport } from '../../adapters/mail/recording-transport.js';
import { orders } from '../../db/schema/checkout.js';
import { carrierActions, simAddOns } from '../../db/schema/sims.js';
import { createPaidSim, eventually, signedInSubscriber, uniqueEmail, type SignedIn } from '../../test/fixtures.js';
import { addOnWithPlan, card, newId } from '../../test/checkout-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { SIM_TEST_ENV } from './test-env.js';

/**
 * The public SIM actions (spec §7): a visitor names a card by the ICCID printed on it and renews or
 * extends its plan, buys it add-ons, or turns on Wi-Fi calling, without signing in. Paid ones are
 * ordinary checkout orders of the SIM's account, paid with the order's access token.
 */

let t: TestApp;
let mail: RecordingTransport;
let owner: SignedIn;

beforeAll(async () => {
  mail = recordingTransport();
  t = await buildTestApp({ env: SIM_TEST_ENV, mailTransport: mail });
  owner = await signedInSubscriber(t.container, { firstName: 'Olga' });
});
afterAll(async () => {
  await t?.close();
});

const pub = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

async function getSim(id: string): Promise<Sim> {
  const res = await t.app.inject({ method: 'GET', url: `/subscriber/sim/${id}`, headers: owner.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Sim>();
}

async function activeSim(planId?: string) {
  const { sim } = await createPaidSim(t.container, owner.id, planId ? { planId } : {});
  const res = await t.app.inject({ method: 'POST', url: `/subscriber/sim/${sim.id}/activate`, headers: owner.auth, payload: { zip: '10001' } });
  expect(res.statusCode, res.body).toBe(202);
  return eventually(async () => {
    const s = await getSim(sim.id);
    return s.status.status === 'active' && !s.pendingAction ? s : undefined;
  }, 15_000, 'activation');
}

async function payAsVisitor(orderId: string, accessToken: string) {
  const paid = await pub('/public/payment', { orderId, accessToken, gateway: 'sandbox', method: 'card', requestId: newId(), cardToken: card('ok') });
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paymentSchema.parse(paid.json()).status).toBe('succeeded');
}

describe('public renew and purchase by card number', () => {
  it("a visitor renews a card's plan: the order is the SIM account's, the receipt the payer's, charged once", async () => {
    const sim = await activeSim();
    const before = new Date(sim.simSubscription.planSubscription!.expiresAt!);
    const priced = await pub(`/public/sim/${sim.iccid}/purchase/price`, { action: 'renew' });
    expect(priced.statusCode, priced.body).toBe(200);
    const { quote, effect } = simActionQuoteSchema.parse(priced.json());
    expect(effect).toMatchObject({ action: 'renew', when: 'end_of_period' });

    const payer = uniqueEmail('payer');
    const body = { mode: 'renew', emailAddress: payer, expectedTotal: quote.total, requestId: newId() };
    const res = await pub(`/public/sim/${sim.iccid}/renew`, body);
    expect(res.statusCode, res.body).toBe(200);
    const p = purchaseResultSchema.parse(res.json());
    expect(p.account).toBe('existing');
    // A repeat (double tap, retry) answers the same order.
    const again = purchaseResultSchema.parse((await pub(`/public/sim/${sim.iccid}/renew`, body)).json());
    expect(again.order.id).toBe(p.order.id);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, p.order.id));
    expect(row).toMatchObject({ subscriberId: owner.id, email: payer, kind: 'renewal', total: quote.total });

    // The visitor cannot spend the account's balance.
    const balance = await pub('/public/payment', { orderId: p.order.id, accessToken: p.accessToken, gateway: 'balance', method: 'balance', requestId: newId() });
    expect(balance.statusCode).toBeGreaterThanOrEqual(400);
    await payAsVisitor(p.order.id, p.accessToken);
    const renewed = await eventually(async () => {
      const s = await getSim(sim.id);
      return !s.pendingAction && new Date(s.simSubscription.planSubscription!.expiresAt!) > before ? s : undefined;
    }, 15_000, 'renewal applied');
    expect(renewed.status.status).toBe('active');
    expect(await t.db.select().from(carrierActions).where(and(eq(carrierActions.simId, sim.id), eq(carrierActions.type, 'renew')))).toHaveLength(1);
  });

  it('a visitor buys add-ons for a card through purchase, and extends through purchase', async () => {
    const { addOn, plan } = await addOnWithPlan(t.container, 'physical');
    const sim = await activeSim(plan.planId);
    const items = [{ addonId: addOn.id, quantity: 1 }];
    const priced = simActionQuoteSchema.parse((await pub(`/public/sim/${sim.iccid}/purchase/price`, { action: 'addons', items })).json());
    expect(priced.effect.action).toBe('addon');
    const res = await pub(`/public/sim/${sim.iccid}/purchase`, { action: 'addons', items, emailAddress: uniqueEmail('gift'), expectedTotal: priced.quote.total, requestId: newId() });
    expect(res.statusCode, res.body).toBe(200);
    const p = purchaseResultSchema.parse(res.json());
    await payAsVisitor(p.order.id, p.accessToken);
    await eventually(async () => {
      const [row] = await t.db.select().from(simAddOns).where(eq(simAddOns.simId, sim.id));
      return row?.status === 'active';
    }, 15_000, 'add-on applied');

    const ext = simActionQuoteSchema.parse((await pub(`/public/sim/${sim.iccid}/purchase/price`, { action: 'extend' })).json());
    expect(ext.effect).toMatchObject({ action: 'extend', when: 'now', replacesCurrentPeriod: true });
    const stale = await pub(`/public/sim/${sim.iccid}/purchase`, { action: 'extend', emailAddress: uniqueEmail('gift'), expectedTotal: ext.quote.total + 5, requestId: newId() });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'PRICE_CHANGED' });
  });

  it('an unknown card, a card in no account and bad bodies are refused; the rules of the signed-in action apply', async () => {
    const unknown = await pub('/public/sim/8901260999999999999/purchase/price', { action: 'renew' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'SIM_NOT_FOUND' });
    const { sim: unowned } = await createPaidSim(t.container, null);
    const noAccount = await pub(`/public/sim/${unowned.iccid}/purchase/price`, { action: 'renew' });
    expect(noAccount.json()).toEqual(unknown.json());
    // Not on the network yet: nothing to renew.
    const { sim: inactive } = await createPaidSim(t.container, owner.id);
    const notActive = await pub(`/public/sim/${inactive.iccid}/renew`, { emailAddress: uniqueEmail('p'), expectedTotal: 100, requestId: newId() });
    expect(notActive.statusCode).toBe(409);
    expect(notActive.json()).toMatchObject({ code: 'SIM_NOT_ACTIVE' });
    const noEmail = await pub(`/public/sim/${inactive.iccid}/renew`, { expectedTotal: 100, requestId: newId() });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ errors: [{ field: 'emailAddress' }] });
    const badAction = await pub(`/public/sim/${inactive.iccid}/purchase/price`, { action: 'steal' });
    expect(badAction.statusCode).toBe(400);
    // No add-ons for the plan: the spec's message.
    const { plan: withAddOn } = await addOnWithPlan(t.container, 'physical');
    const sim = await activeSim(withAddOn.planId);
    const wrongAddOn = await pub(`/public/sim/${sim.iccid}/purchase/price`, { action: 'addons', items: [{ addonId: newId(), quantity: 1 }] });
    expect(wrongAddOn.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrongAddOn.statusCode).toBeLessThan(500);
  });
});

describe('public Wi-Fi calling', () => {
  it('turns Wi-Fi calling on with a validated 911 address, answering nothing about the SIM', async () => {
    const sim = await activeSim();
    const bad = await pub(`/public/sim/${sim.iccid}/wfc`, { enabled: true, address: { street: 'PO Box 12', city: 'New York', state: 'NY', zip: '10118' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'E911_ADDRESS_INVALID' });
    const none = await pub(`/public/sim/${sim.iccid}/wfc`, { enabled: true });
    expect(none.json()).toMatchObject({ code: 'E911_ADDRESS_REQUIRED' });

    const res = await pub(`/public/sim/${sim.iccid}/wfc`, { enabled: true, address: { street: '1355 Market Street', city: 'San Francisco', state: 'CA', zip: '94103' } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual(publicWifiCallingResultSchema.parse({ iccid: sim.iccid, status: 'pending', enabled: true }));
    expect(res.body).not.toContain(sim.mdn!);
    const on = await eventually(async () => {
      const s = await getSim(sim.id);
      return s.wifiCalling && !s.pendingAction ? s : undefined;
    }, 15_000, 'Wi-Fi calling on');
    expect(on.e911Address).toMatchObject({ city: 'San Francisco', state: 'CA', zip: '94103' });

    const unknown = await pub('/public/sim/8901260999999999999/wfc', { enabled: false });
    expect(unknown.statusCode).toBe(404);
    const { sim: inactive } = await createPaidSim(t.container, owner.id);
    const notActive = await pub(`/public/sim/${inactive.iccid}/wfc`, { enabled: false });
    expect(notActive.json()).toMatchObject({ code: 'SIM_NOT_ACTIVE' });
  });
});
