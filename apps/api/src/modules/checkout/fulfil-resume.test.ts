import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSchema } from '@app/shared/contracts/checkout';
import type { CartItem } from '@app/shared/contracts/cart';
import { purchaseResultSchema, type PurchaseResult } from '@app/shared/contracts/orders';
import { paymentSchema } from '@app/shared/contracts/payments';
import { makeIccid } from '../../adapters/carrier/simulator/simulator.js';
import { orderLines, orders } from '../../db/schema/checkout.js';
import { sims } from '../../db/schema/sims.js';
import { uniqueEmail } from '../../test/fixtures.js';
import { address, card, newId, pickPlans, planItem, type PickedPlan } from '../../test/checkout-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { recordingTransport, type RecordingTransport } from '../../adapters/mail/recording-transport.js';
import { orderSchema } from '@app/shared/contracts/orders';
import { ORDER_TOKEN_HEADER } from '@app/shared/contracts/order-token';
import { ORDER_FULFIL_JOB } from './payments.service.js';

// Its own app and database: the test empties the eSIM inventory. Fulfilment gives up at the first
// failure here (no retries), so the order is left the way ten failed retries leave it (decision 232).
let t: TestApp;
let esim: PickedPlan;
let physical: PickedPlan;
let mail: RecordingTransport;

beforeAll(async () => {
  mail = recordingTransport();
  t = await buildTestApp({ worker: false, env: { ORDER_FULFIL_RETRY_LIMIT: '0', JOBS_POLL_SECONDS: '0.5' }, mailTransport: mail });
  const plans = await pickPlans(t.container);
  esim = plans.esim[0]!;
  physical = plans.physical[0]!;
});
afterAll(async () => {
  await t?.close();
});

async function buyAndPay(items: CartItem[]): Promise<PurchaseResult> {
  const q = quoteSchema.parse((await t.app.inject({ method: 'POST', url: '/public/sim/purchase/price', payload: { items } })).json());
  const placed = await t.app.inject({
    method: 'POST',
    url: '/public/sim/purchase',
    payload: { items, expectedTotal: q.total, requestId: newId(), emailAddress: uniqueEmail('resume'), ...(q.needsShipping ? { shippingAddress: address() } : {}) },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const p = purchaseResultSchema.parse(placed.json());
  const paid = await t.app.inject({
    method: 'POST',
    url: '/public/payment',
    payload: { orderId: p.order.id, accessToken: p.accessToken, gateway: 'sandbox', method: 'card', requestId: newId(), cardToken: card('ok') },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paymentSchema.parse(paid.json()).status).toBe('succeeded');
  return p;
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The order as its buyer reads it (with the access token a visitor has). */
async function view(p: PurchaseResult) {
  const res = await t.app.inject({ method: 'GET', url: `/public/order/${p.order.id}`, headers: { [ORDER_TOKEN_HEADER]: p.accessToken } });
  expect(res.statusCode, res.body).toBe(200);
  return orderSchema.parse(res.json());
}

const delayMails = (p: PurchaseResult) => mail.sent.filter((m) => m.kind === 'order-delayed' && m.to === p.order.email);

const orderStatus = async (id: string) => (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;

describe('a paid order whose fulfilment gave up', () => {
  it('gets a new fulfilment job once stock covers it, oldest first; orders with a job of their own or only shipping left are not touched', async () => {
    const payments = t.services.payments;
    const carrier = t.container.adapters.carrier;
    // Two eSIM orders paid while profiles are left, and a physical SIM order.
    const first = await buyAndPay([planItem(esim)]);
    const second = await buyAndPay([planItem(esim)]);
    const card = await buyAndPay([planItem(physical)]);
    // Each has its fulfilment job waiting: the sweep leaves them alone.
    expect(await payments.resumeFulfilment(0)).toEqual({ resumed: [], waitingForStock: [] });

    // Another sale takes every profile before the jobs run; then fulfilment fails for good.
    let n = 0;
    while (await carrier.reserve('esim', `elsewhere:${n}`)) n++;
    await t.container.startWorker();
    await until('the jobs to end', () => t.container.queue.liveKeys(ORDER_FULFIL_JOB, 'orderId'), (live) => live.size === 0);
    expect(await orderStatus(first.order.id)).toBe('processing');
    expect(await orderStatus(second.order.id)).toBe('processing');
    // The physical SIM was made and waits for shipping: not the sweep's business.
    expect(await orderStatus(card.order.id)).toBe('processing');
    const [cardLine] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, card.order.id));
    expect(cardLine?.fulfilledAt).toBeNull();
    expect(cardLine?.details).toHaveProperty('simIds');

    // Each buyer is told once that the order waits for stock, and the order page says so.
    await until('the delay mails', async () => [delayMails(first).length, delayMails(second).length], (n) => n[0] === 1 && n[1] === 1);
    expect(delayMails(first)[0]!.subject).toBe(`Your order ${first.order.number} is taking longer than usual`);
    expect(delayMails(first)[0]!.text).toContain('If you would rather not wait, contact us for a refund of the plan.');
    expect((await view(first)).waitingForStock).toBe(true);
    expect((await view(card)).waitingForStock).toBe(false);

    // No stock: both wait, nothing is queued.
    expect(await payments.resumeFulfilment(0)).toEqual({ resumed: [], waitingForStock: [first.order.id, second.order.id] });
    // A paid order younger than the sweep's margin is not looked at.
    expect(await payments.resumeFulfilment(3600)).toEqual({ resumed: [], waitingForStock: [] });

    // One profile arrives: the older order gets it, the other keeps waiting.
    await carrier.importInventory([{ iccid: makeIccid(BigInt(randomInt(1, 2 ** 40)), '781'), kind: 'esim' }]);
    expect(await payments.resumeFulfilment(0)).toEqual({ resumed: [first.order.id], waitingForStock: [second.order.id] });
    await until('the first order to be delivered', () => orderStatus(first.order.id), (s) => s === 'delivered');
    const [row] = await t.db.select({ subscriberId: orders.subscriberId }).from(orders).where(eq(orders.id, first.order.id));
    const made = await t.db.select().from(sims).where(eq(sims.subscriberId, row!.subscriberId));
    expect(made).toHaveLength(1);
    expect(made[0]?.kind).toBe('esim');
    // A second sweep finds the first order done and nothing new for the second.
    expect(await payments.resumeFulfilment(0)).toEqual({ resumed: [], waitingForStock: [second.order.id] });
    expect(await orderStatus(second.order.id)).toBe('processing');
    expect((await view(first)).waitingForStock).toBe(false);
    expect((await view(second)).waitingForStock).toBe(true);

    // Failing again for want of stock: no second delay mail is even queued.
    await expect(t.services.payments.fulfil(second.order.id)).rejects.toMatchObject({ reason: 'out_of_stock' });
    const { rows } = await t.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail-send' AND data->>'kind' = 'order-delayed'`);
    expect(rows[0]!.n).toBe(2);
    expect(delayMails(second)).toHaveLength(1);
  });
});
