import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalStandin, type PayPalStandin } from '../../../test/standins/paypal-standin.js';
import { InvalidEventError, type ChargeRequest } from '../payment-gateway.js';
import { PayPalGateway } from './paypal-gateway.js';

let standin: PayPalStandin;
let gateway: PayPalGateway;

beforeAll(async () => {
  standin = await startPayPalStandin();
  gateway = new PayPalGateway({
    clientId: standin.clientId,
    clientSecret: standin.clientSecret,
    webhookId: standin.webhookId,
    apiUrl: standin.url,
    brandName: 'Liberty Wave Mobile',
  });
});
afterAll(() => standin.close());

const request = (over: Partial<ChargeRequest> = {}): ChargeRequest => ({
  idempotencyKey: randomUUID(),
  amount: 3450,
  currency: 'USD',
  description: 'eSIM Unlimited 30 days',
  orderId: randomUUID(),
  method: 'wallet',
  returnUrl: 'https://shop.example/payment-confirmation',
  cancelUrl: 'https://shop.example/select-payment',
  ...over,
});

describe('PayPal gateway against the local PayPal stand-in (Orders v2 over fetch)', () => {
  it('happy path: create → redirect to approve → buyer approves at PayPal → complete captures', async () => {
    const req = request();
    const created = await gateway.charge(req);
    expect(created).toMatchObject({ status: 'requires_action', amount: 3450, currency: 'USD', nextAction: { type: 'redirect' } });
    const url = (created.nextAction as { url: string }).url;
    expect(url).toContain(`token=${created.reference}`);

    // The buyer's browser follows the link; PayPal sends it back to our return URL.
    const back = await fetch(url, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toMatch(/^https:\/\/shop\.example\/payment-confirmation\?token=/);
    expect(await gateway.retrieve(created.reference)).toMatchObject({ status: 'pending' });

    const done = await gateway.complete(created.reference, randomUUID());
    expect(done).toMatchObject({ status: 'succeeded', reference: created.reference, amount: 3450, currency: 'USD' });
    const order = standin.order(created.reference) as { purchase_units: { custom_id: string; invoice_id: string; amount: { value: string } }[] };
    expect(order.purchase_units[0]).toMatchObject({ custom_id: req.orderId, invoice_id: req.idempotencyKey, amount: { value: '34.50' } });
  });

  it('failure path: a declined funding source fails the capture with its reason', async () => {
    const created = await gateway.charge(request());
    standin.approve(created.reference, 'declined');
    expect(await gateway.complete(created.reference, randomUUID())).toMatchObject({ status: 'failed', failureCode: 'instrument_declined' });
  });

  it('completing before the buyer approved leaves it waiting for the buyer', async () => {
    const created = await gateway.charge(request());
    expect(await gateway.complete(created.reference, randomUUID())).toMatchObject({ status: 'requires_action', nextAction: { type: 'redirect' } });
  });

  it('a repeat with the same idempotency key is the same order; a repeated capture captures once', async () => {
    const req = request();
    const [a, b] = await Promise.all([gateway.charge(req), gateway.charge(req)]);
    expect(b.reference).toBe(a.reference);
    standin.approve(a.reference);
    const key = randomUUID();
    const first = await gateway.complete(a.reference, key);
    const again = await gateway.complete(a.reference, key);
    const otherKey = await gateway.complete(a.reference, randomUUID());
    expect([first.status, again.status, otherKey.status]).toEqual(['succeeded', 'succeeded', 'succeeded']);
    const caps = standin.events.filter(
      (e) => e.event_type === 'PAYMENT.CAPTURE.COMPLETED' && (e.resource as { supplementary_data: { related_ids: { order_id: string } } }).supplementary_data.related_ids.order_id === a.reference,
    );
    expect(caps).toHaveLength(1);
  });

  it('caches the OAuth token until it expires, and gets a new one after', async () => {
    const before = standin.tokensIssued();
    await gateway.charge(request());
    await gateway.charge(request());
    expect(standin.tokensIssued()).toBe(before);
    standin.expireTokens();
    expect((await gateway.charge(request())).status).toBe('requires_action');
    expect(standin.tokensIssued()).toBe(before + 1);
  });

  it('refunds on the capture, idempotently; more than is left fails with the reason', async () => {
    const created = await gateway.charge(request());
    standin.approve(created.reference);
    await gateway.complete(created.reference, randomUUID());
    const key = randomUUID();
    const first = await gateway.refund({ idempotencyKey: key, reference: created.reference, amount: 1000, currency: 'USD', reason: 'SIM not activated' });
    const again = await gateway.refund({ idempotencyKey: key, reference: created.reference, amount: 1000, currency: 'USD' });
    expect(first.status).toBe('succeeded');
    expect(again.reference).toBe(first.reference);
    expect(await gateway.refund({ idempotencyKey: randomUUID(), reference: created.reference, amount: 2451, currency: 'USD' })).toMatchObject({
      status: 'failed',
      failureCode: 'refund_amount_exceeded',
    });
    const uncaptured = await gateway.charge(request());
    expect(await gateway.refund({ idempotencyKey: randomUUID(), reference: uncaptured.reference, amount: 100, currency: 'USD' })).toMatchObject({
      status: 'failed',
      failureCode: 'not_captured',
    });
  });

  it('findCharge finds a captured attempt through the transaction history; an uncaptured one took no money', async () => {
    const req = request();
    const created = await gateway.charge(req);
    expect(await gateway.findCharge(req.orderId, req.idempotencyKey)).toBeUndefined();
    standin.approve(created.reference);
    await gateway.complete(created.reference, randomUUID());
    expect(await gateway.findCharge(req.orderId, req.idempotencyKey)).toMatchObject({ status: 'succeeded', reference: created.reference });
    expect(await gateway.findCharge(req.orderId, randomUUID())).toBeUndefined();
  });

  it('cancel drops an uncaptured order and leaves a captured one as it is', async () => {
    const open = await gateway.charge(request());
    expect(await gateway.cancel(open.reference)).toMatchObject({ status: 'canceled' });
    const paid = await gateway.charge(request());
    standin.approve(paid.reference);
    await gateway.complete(paid.reference, randomUUID());
    expect(await gateway.cancel(paid.reference)).toMatchObject({ status: 'succeeded' });
  });

  it('another method than the wallet is refused; an unreachable API is GatewayUnavailableError', async () => {
    expect(await gateway.charge(request({ method: 'card' }))).toMatchObject({ status: 'failed', failureCode: 'payment_method_not_supported' });
    const offline = new PayPalGateway({ clientId: 'x', clientSecret: 'y', webhookId: 'z', apiUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(offline.charge(request())).rejects.toMatchObject({ name: 'GatewayUnavailableError' });
  });

  describe('webhooks', () => {
    it('verifies a notification with PayPal and maps a capture to charge.succeeded of the order', async () => {
      const created = await gateway.charge(request());
      standin.approve(created.reference);
      await gateway.complete(created.reference, randomUUID());
      const event = standin.lastEvent('PAYMENT.CAPTURE.COMPLETED')!;
      const { rawBody, headers } = standin.signedEvent(event);
      expect(await gateway.verifyEvent(rawBody, headers)).toEqual({
        id: event.id,
        type: 'charge.succeeded',
        reference: created.reference,
        amount: 3450,
        currency: 'USD',
      });
      const verifyCall = standin.requests.findLast((r) => r.path === '/v1/notifications/verify-webhook-signature')!;
      expect(JSON.parse(verifyCall.body.toString())).toMatchObject({ webhook_id: standin.webhookId, transmission_id: headers['paypal-transmission-id'] });
    });

    it('refuses a bad signature, a changed body, another webhook id, missing headers and a stale transmission', async () => {
      const event = standin.events[0]!;
      const bad = standin.signedEvent(event, { tamperSignature: true });
      await expect(gateway.verifyEvent(bad.rawBody, bad.headers)).rejects.toBeInstanceOf(InvalidEventError);
      const good = standin.signedEvent(event);
      await expect(gateway.verifyEvent(Buffer.from(good.rawBody.toString().replace('1.0', '2.0')), good.headers)).rejects.toBeInstanceOf(InvalidEventError);
      const otherHook = standin.signedEvent(event, { webhookId: 'WH-SOMEONE-ELSE' });
      await expect(gateway.verifyEvent(otherHook.rawBody, otherHook.headers)).rejects.toBeInstanceOf(InvalidEventError);
      await expect(gateway.verifyEvent(good.rawBody, {})).rejects.toBeInstanceOf(InvalidEventError);
      const stale = standin.signedEvent(event, { transmissionTime: new Date(Date.now() - 301_000) });
      await expect(gateway.verifyEvent(stale.rawBody, stale.headers)).rejects.toThrow(/tolerance/);
    });
  });

  it('tells the browser only the client id', () => {
    expect(gateway.publicSettings()).toEqual({ clientId: standin.clientId });
  });
});
