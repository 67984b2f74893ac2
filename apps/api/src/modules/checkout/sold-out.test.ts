import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSchema } from '@app/shared/contracts/checkout';
import { apiErrorSchema } from '@app/shared/contracts/errors';
import type { CartItem } from '@app/shared/contracts/cart';
import { makeIccid } from '../../adapters/carrier/simulator/simulator.js';
import { subscribers } from '../../db/schema/accounts.js';
import { orders } from '../../db/schema/checkout.js';
import { uniqueEmail } from '../../test/fixtures.js';
import { address, newId, pickPlans, planItem, type PickedPlan } from '../../test/checkout-fixtures.js';
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

async function buy(items: CartItem[], email: string) {
  const q = quoteSchema.parse((await t.app.inject({ method: 'POST', url: '/public/sim/purchase/price', payload: { items } })).json());
  return t.app.inject({
    method: 'POST',
    url: '/public/sim/purchase',
    payload: { items, expectedTotal: q.total, requestId: newId(), emailAddress: email, ...(q.needsShipping ? { shippingAddress: address() } : {}) },
  });
}

describe('an order the SIM inventory cannot cover', () => {
  it('is refused before anything is written; what is in stock still sells, and new stock sells again', async () => {
    const carrier = t.container.adapters.carrier;
    // Take every unsold eSIM profile, as other orders would.
    let n = 0;
    while (await carrier.reserve('esim', `drain:${n}`)) n++;
    expect(n).toBeGreaterThan(0);
    expect((await carrier.stock()).esim).toBe(0);

    const email = uniqueEmail('sold-out');
    const refused = await buy([planItem(esim)], email);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(apiErrorSchema.parse(refused.json())).toMatchObject({
      code: 'CART_NOT_SELLABLE',
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
    const placed = await t.db.select().from(orders);
    expect(placed).toHaveLength(2);
  });
});
