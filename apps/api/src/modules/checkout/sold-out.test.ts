import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSchema } from '@app/shared/contracts/checkout';
import { apiErrorSchema } from '@app/shared/contracts/errors';
import type { CartItem } from '@app/shared/contracts/cart';
import { makeIccid } from '../../adapters/carrier/simulator/simulator.js';
import { subscribers } from '../../db/schema/accounts.js';
import { orders, sandboxCharges } from '../../db/schema/checkout.js';
import { purchaseResultSchema, type PurchaseResult } from '@app/shared/contracts/orders';
import { paymentSchema } from '@app/shared/contracts/payments';
import { uniqueEmail } from '../../test/fixtures.js';
import { address, card, newId, pickPlans, planItem, type PickedPlan } from '../../test/checkout-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

// Its own app and database: the test empties the eSIM inventory (decision 230).
let t: TestApp;
let esim: PickedPlan;
let physical: PickedPlan;

beforeAll(async () => {
  t = await buildTestApp({ worker: false });
  const plans = await pickPlans(t.container);
  esim = plans.esim[0]!;
  physical = plans.physical[0]!;
});
afterAll(async () => {
  await t?.close();
});

async function buy(items: CartItem[], email: string, requestId = newId()) {
  const q = quoteSchema.parse((await t.app.inject({ method: 'POST', url: '/public/sim/purchase/price', payload: { items } })).json());
  return t.app.inject({
    method: 'POST',
    url: '/public/sim/purchase',
    payload: { items, expectedTotal: q.total, requestId, emailAddress: email, ...(q.needsShipping ? { shippingAddress: address() } : {}) },
  });
}

function pay(p: PurchaseResult) {
  return t.app.inject({
    method: 'POST',
    url: '/public/payment',
    payload: { orderId: p.order.id, accessToken: p.accessToken, gateway: 'sandbox', method: 'card', requestId: newId(), cardToken: card('ok') },
  });
}

/** Takes every unsold eSIM profile, as other orders would. */
async function drainEsims(tag: string) {
  const carrier = t.container.adapters.carrier;
  let n = 0;
  while (await carrier.reserve('esim', `drain:${tag}:${n}`)) n++;
  expect((await carrier.stock()).esim).toBe(0);
  return n;
}

describe('an order the SIM inventory cannot cover', () => {
  it('is checked without holding a connection while the stock is read: more buyers at once than the pool has connections all get their orders', async () => {
    // The test pool has 5 connections. Reading the stock inside the order's transaction took a second
    // one, so five buyers at once held every connection and waited for a sixth for ever (decision 234).
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => buy([planItem(esim)], uniqueEmail(`crowd-${i}`))));
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
    const paid = await Promise.all(results.map((r) => pay(purchaseResultSchema.parse(r.json()))));
    expect(paid.map((r) => r.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
    expect(paid.every((r) => paymentSchema.parse(r.json()).status === 'succeeded')).toBe(true);
  });

  it('is refused before anything is kept or charged; a resent order stays, what is in stock still sells, and new stock sells again', async () => {
    const ordersBefore = (await t.db.select().from(orders)).length;
    const carrier = t.container.adapters.carrier;
    // An order placed while profiles are left, and its request resent after they ran out.
    const earlyEmail = uniqueEmail('early');
    const earlyRequest = newId();
    const early = await buy([planItem(esim)], earlyEmail, earlyRequest);
    expect(early.statusCode, early.body).toBe(200);
    const placedEarly = purchaseResultSchema.parse(early.json());
    expect(await drainEsims('a')).toBeGreaterThan(0);
    const resent = await buy([planItem(esim)], earlyEmail, earlyRequest);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(purchaseResultSchema.parse(resent.json()).order.id).toBe(placedEarly.order.id);
    // Paying it now would take money for a profile nobody has: refused, nothing charged.
    const late = await pay(placedEarly);
    expect(late.statusCode, late.body).toBe(409);
    expect(apiErrorSchema.parse(late.json())).toMatchObject({ code: 'ORDER_NOT_PAYABLE', reason: 'esim_sold_out', errors: [{ field: 'items' }] });
    expect(await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, placedEarly.order.id))).toHaveLength(0);

    // The quote shown at checkout says so before anyone types an address: the line is marked, the
    // order cannot be placed, and the total is the one a purchase would be checked against.
    const shown = quoteSchema.parse(
      (await t.app.inject({ method: 'POST', url: '/public/sim/purchase/price', payload: { items: [planItem(physical), planItem(esim)] } })).json(),
    );
    expect(shown.lines.map((l) => l.problem)).toEqual([undefined, 'sold_out']);
    expect(shown.sellable).toBe(false);
    expect(shown.lines[1]!.total).toBeGreaterThan(0);

    const email = uniqueEmail('sold-out');
    const refused = await buy([planItem(esim)], email);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(apiErrorSchema.parse(refused.json())).toMatchObject({
      code: 'CART_NOT_SELLABLE',
      reason: 'esim_sold_out',
      errors: [{ field: 'items', message: 'No eSIM is left for this order right now. Choose a physical SIM, or try again later.' }],
    });
    // No account and no order for the refused buyer.
    expect(await t.db.select().from(subscribers).where(eq(subscribers.email, email))).toHaveLength(0);
    // A mixed cart is refused too: its eSIM could not be delivered.
    expect((await buy([planItem(physical), planItem(esim)], uniqueEmail('mixed'))).statusCode).toBe(409);

    // Physical SIMs are still in stock.
    const card = await buy([planItem(physical)], uniqueEmail('card'));
    expect(card.statusCode, card.body).toBe(200);

    // One new profile: one eSIM sells, two do not.
    await carrier.importInventory([{ iccid: makeIccid(BigInt(randomInt(1, 2 ** 40)), '778'), kind: 'esim' }]);
    expect((await buy([planItem(esim, 2)], uniqueEmail('two'))).statusCode).toBe(409);
    const one = await buy([planItem(esim)], uniqueEmail('one'));
    expect(one.statusCode, one.body).toBe(200);
    // The early order, the physical SIM and the one eSIM: nothing for the refused buyers.
    expect(await t.db.select().from(orders)).toHaveLength(ordersBefore + 3);
    // With stock back, the early order can be paid.
    await carrier.importInventory([{ iccid: makeIccid(BigInt(randomInt(1, 2 ** 40)), '779'), kind: 'esim' }]);
    const paid = await pay(placedEarly);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paymentSchema.parse(paid.json()).status).toBe('succeeded');
  });
});
