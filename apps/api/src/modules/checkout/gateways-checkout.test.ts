import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSchema } from '@app/shared/contracts/checkout';
import { purchaseResultSchema, type PurchaseResult } from '@app/shared/contracts/orders';
import { paymentSchema, type Payment } from '@app/shared/contracts/payments';
import { recordingTransport } from '../../adapters/mail/recording-transport.js';
import { gatewayEvents, orders, payments } from '../../db/schema/checkout.js';
import { startCoinPaymentsStandin, type CoinPaymentsStandin } from '../../test/standins/coinpayments-standin.js';
import { startPayPalStandin, type PayPalStandin } from '../../test/standins/paypal-standin.js';
import { signedInSubscriber, uniqueEmail } from '../../test/fixtures.js';
import { card, newId, pickPlans, planItem, type PickedPlan } from '../../test/checkout-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

/**
 * Checkout end to end with the redirect and crypto gateways, through the routes the browser uses,
 * against the PayPal and CoinPayments stand-ins: the return from PayPal captures even when the
 * approval webhook came first; a crypto payment keeps its address while it confirms; a customer can
 * give up an attempt that waits for them and pay another way straight away.
 */
let t: TestApp;
let paypal: PayPalStandin;
let coins: CoinPaymentsStandin;
let esim: PickedPlan;
const mail = recordingTransport();

beforeAll(async () => {
  [paypal, coins] = await Promise.all([startPayPalStandin(), startCoinPaymentsStandin()]);
  t = await buildTestApp({
    mailTransport: mail,
    env: {
      PAYMENT_GATEWAYS: 'sandbox,paypal,coinpayments',
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      PAYPAL_API_URL: paypal.url,
      COINPAYMENTS_PUBLIC_KEY: coins.publicKey,
      COINPAYMENTS_PRIVATE_KEY: coins.privateKey,
      COINPAYMENTS_IPN_SECRET: coins.ipnSecret,
      COINPAYMENTS_MERCHANT_ID: coins.merchantId,
      COINPAYMENTS_API_URL: coins.apiUrl,
    },
  });
  esim = (await pickPlans(t.container)).esim[0] as PickedPlan;
});
afterAll(async () => {
  await t?.close();
  await Promise.all([paypal?.close(), coins?.close()]);
});

async function visitorOrder(email = uniqueEmail('gw')): Promise<PurchaseResult> {
  const items = [planItem(esim)];
  const q = quoteSchema.parse((await t.app.inject({ method: 'POST', url: '/public/sim/purchase/price', payload: { items } })).json());
  const res = await t.app.inject({
    method: 'POST',
    url: '/public/sim/purchase',
    payload: { items, expectedTotal: q.total, requestId: newId(), emailAddress: email },
  });
  expect(res.statusCode, res.body).toBe(200);
  return purchaseResultSchema.parse(res.json());
}

async function pay(p: PurchaseResult, body: object): Promise<Payment> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/public/payment',
    payload: { orderId: p.order.id, requestId: newId(), accessToken: p.accessToken, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return paymentSchema.parse(res.json());
}

async function call(p: PurchaseResult, paymentId: string, what: 'confirm' | 'cancel') {
  return t.app.inject({ method: 'POST', url: `/public/payment/${paymentId}/${what}`, payload: { accessToken: p.accessToken } });
}

async function read(p: PurchaseResult, paymentId: string): Promise<Payment> {
  const res = await t.app.inject({ method: 'GET', url: `/public/payment/${paymentId}`, headers: { 'x-order-token': p.accessToken } });
  expect(res.statusCode, res.body).toBe(200);
  return paymentSchema.parse(res.json());
}

async function deliver(gateway: string, rawBody: Buffer, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: `/public/payment/webhook/${gateway}`, headers, payload: rawBody });
  expect(res.statusCode, res.body).toBe(200);
}

async function eventsProcessed(reference: string, n: number) {
  for (let i = 0; i < 100; i++) {
    const evs = await t.db.select().from(gatewayEvents).where(eq(gatewayEvents.reference, reference));
    if (evs.length >= n && evs.every((e) => e.processedAt)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`events of ${reference} not processed`);
}

const reference = async (paymentId: string) => (await t.db.select().from(payments).where(eq(payments.id, paymentId)))[0]?.gatewayReference as string;
const orderStatus = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;

describe('PayPal through checkout', () => {
  it('the buyer approves at PayPal, the approval webhook arrives first, and the return page captures: paid once', async () => {
    const p = await visitorOrder();
    const started = await pay(p, { gateway: 'paypal', method: 'wallet', returnUrl: '/payment?paypal=return', cancelUrl: '/payment?paypal=cancel' });
    expect(started).toMatchObject({ status: 'requires_action', nextAction: { type: 'redirect' } });

    // The browser at PayPal: approving sends it back to our return URL with PayPal's order id.
    const back = await fetch((started.nextAction as { url: string }).url, { redirect: 'manual' });
    expect(back.headers.get('location')).toMatch(/\/payment\?paypal=return&token=/);
    const ref = await reference(started.id);
    const approved = paypal.lastEvent('CHECKOUT.ORDER.APPROVED')!;
    const signed = paypal.signedEvent(approved);
    await deliver('paypal', signed.rawBody, signed.headers);
    await eventsProcessed(ref, 1);
    expect((await read(p, started.id)).status).toBe('pending');

    // Only the capture moves money: the return page's confirmation does it.
    const done = paymentSchema.parse((await call(p, started.id, 'confirm')).json());
    expect(done).toMatchObject({ status: 'succeeded', outcome: 'success' });
    expect(await orderStatus(p.order.id)).toMatch(/paid|processing|delivered/);
    const again = paymentSchema.parse((await call(p, started.id, 'confirm')).json());
    expect(again.status).toBe('succeeded');
    expect(paypal.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/capture'))).toHaveLength(1);
  });

  it('a buyer who comes back without approving cancels the attempt and pays by card at once', async () => {
    const p = await visitorOrder();
    const started = await pay(p, { gateway: 'paypal', method: 'wallet', returnUrl: '/payment?paypal=return', cancelUrl: '/payment?paypal=cancel' });
    // While it waits for the buyer, another attempt is refused…
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/public/payment',
      payload: { orderId: p.order.id, requestId: newId(), accessToken: p.accessToken, gateway: 'sandbox', method: 'card', cardToken: card('ok') },
    });
    expect(blocked.json()).toMatchObject({ code: 'PAYMENT_IN_PROGRESS' });
    // …until the buyer gives it up.
    const canceled = paymentSchema.parse((await call(p, started.id, 'cancel')).json());
    expect(canceled).toMatchObject({ status: 'canceled', failureCode: 'canceled' });
    expect(mail.sent.filter((m) => m.kind === 'payment-failed' && m.subject.includes(p.order.number))).toEqual([]);
    expect(await orderStatus(p.order.id)).toBe('unpaid');
    const paid = await pay(p, { gateway: 'sandbox', method: 'card', cardToken: card('ok') });
    expect(paid.status).toBe('succeeded');
    // Canceling again, or canceling the paid attempt, changes nothing.
    expect(paymentSchema.parse((await call(p, started.id, 'cancel')).json()).status).toBe('canceled');
    expect(paymentSchema.parse((await call(p, paid.id, 'cancel')).json()).status).toBe('succeeded');
  });
});

describe('CoinPayments through checkout', () => {
  it('shows the address, keeps it while the coins confirm, and ends paid by IPN', async () => {
    const p = await visitorOrder();
    const started = await pay(p, { gateway: 'coinpayments', method: 'crypto', currencyCrypto: 'LTC' });
    expect(started).toMatchObject({ status: 'requires_action', nextAction: { type: 'show_address', coin: 'LTC' } });
    const ref = await reference(started.id);

    coins.setStatus(ref, 'confirming');
    const confirming = coins.ipn(ref);
    await deliver('coinpayments', confirming.rawBody, confirming.headers);
    await eventsProcessed(ref, 1);
    const waiting = await read(p, started.id);
    expect(waiting).toMatchObject({ status: 'pending', outcome: 'in_process', nextAction: { type: 'show_address', address: coins.tx(ref)!.address } });

    coins.setStatus(ref, 'paid');
    const paid = coins.ipn(ref);
    await deliver('coinpayments', paid.rawBody, paid.headers);
    await deliver('coinpayments', paid.rawBody, paid.headers);
    await eventsProcessed(ref, 2);
    const done = await read(p, started.id);
    expect(done).toMatchObject({ status: 'succeeded', nextAction: null });
    expect(await orderStatus(p.order.id)).toMatch(/paid|processing|delivered/);
  });

  it('an expired address fails as expired when the customer checks, mails the customer once; another attempt may follow', async () => {
    const email = uniqueEmail('expired');
    const p = await visitorOrder(email);
    const started = await pay(p, { gateway: 'coinpayments', method: 'crypto', currencyCrypto: 'BTC' });
    coins.setStatus(await reference(started.id), 'expired');
    const expired = paymentSchema.parse((await call(p, started.id, 'confirm')).json());
    expect(expired).toMatchObject({ status: 'failed', failureCode: 'expired', outcome: 'failure' });
    expect(await orderStatus(p.order.id)).toBe('unpaid');
    expect(paymentSchema.parse((await call(p, started.id, 'confirm')).json()).status).toBe('failed');
    await expect.poll(() => mail.sent.filter((m) => m.to === email && m.kind === 'payment-failed').length, { timeout: 10_000 }).toBe(1);
    const sent = mail.sent.find((m) => m.to === email && m.kind === 'payment-failed')!;
    expect(sent.subject).toContain(p.order.number);
    expect(sent.text).toContain('ran out');
    expect((await pay(p, { gateway: 'coinpayments', method: 'crypto', currencyCrypto: 'BTC' })).status).toBe('requires_action');
  });
});

describe('canceling an attempt', () => {
  it("answers someone else's payment like a missing one", async () => {
    const p = await visitorOrder();
    const other = await visitorOrder();
    const started = await pay(p, { gateway: 'sandbox', method: 'card', cardToken: card('confirm') });
    const res = await t.app.inject({ method: 'POST', url: `/public/payment/${started.id}/cancel`, payload: { accessToken: other.accessToken } });
    expect(res.statusCode).toBe(404);
    const stranger = await signedInSubscriber(t.container);
    const asSubscriber = await t.app.inject({ method: 'POST', url: `/subscriber/payment/${started.id}/cancel`, headers: stranger.auth });
    expect(asSubscriber.statusCode).toBe(404);
    expect((await read(p, started.id)).status).toBe('requires_action');
    // The owner's cancel stops the sandbox's confirmation step too.
    expect(paymentSchema.parse((await call(p, started.id, 'cancel')).json()).status).toBe('canceled');
  });
});
