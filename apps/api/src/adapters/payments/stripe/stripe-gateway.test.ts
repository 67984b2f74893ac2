import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandin, type StripeStandin } from '../../../test/standins/stripe-standin.js';
import { InvalidEventError, type ChargeRequest } from '../payment-gateway.js';
import { StripeGateway } from './stripe-gateway.js';

let standin: StripeStandin;
let gateway: StripeGateway;

beforeAll(async () => {
  standin = await startStripeStandin();
  gateway = new StripeGateway({
    secretKey: standin.secretKey,
    publishableKey: 'pk_test_standin',
    webhookSecret: standin.webhookSecret,
    apiUrl: standin.url,
  });
});
afterAll(() => standin.close());

const request = (over: Partial<ChargeRequest> = {}): ChargeRequest => ({
  idempotencyKey: randomUUID(),
  amount: 2599,
  currency: 'USD',
  description: 'Unlimited 30 days',
  orderId: randomUUID(),
  method: 'card',
  source: standin.createPaymentMethod('pm_card_visa'),
  customerEmail: 'ana@example.com',
  ...over,
});

describe('Stripe gateway against the local Stripe stand-in, through the real stripe SDK', () => {
  it('charges a good card: the PaymentIntent succeeds, with the order id in its metadata', async () => {
    const req = request();
    const result = await gateway.charge(req);
    expect(result).toMatchObject({ status: 'succeeded', amount: 2599, currency: 'USD', card: { brand: 'visa', last4: '4242' } });
    expect(result.reference).toMatch(/^pi_/);
    const pi = standin.paymentIntent(result.reference);
    expect(pi).toMatchObject({ status: 'succeeded', amount: 2599, currency: 'usd', metadata: { orderId: req.orderId, attempt: req.idempotencyKey } });
    const create = standin.requests.find((r) => r.path === '/v1/payment_intents' && r.headers['idempotency-key'] === req.idempotencyKey);
    expect(create).toBeDefined();
  });

  it.each([
    ['pm_card_chargeDeclined', 'card_declined', '0002'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds', '9995'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', '0069'],
  ] as const)('answers a decline of %s as failed with the code %s, not as an exception', async (method, code, last4) => {
    const result = await gateway.charge(request({ source: standin.createPaymentMethod(method) }));
    expect(result.status).toBe('failed');
    expect(result.failureCode).toBe(code);
    expect(result.failureMessage).toBeTruthy();
    expect(result.reference).toMatch(/^pi_/);
    expect(standin.paymentIntent(result.reference)?.status).toBe('requires_payment_method');
    const failed = standin.lastEvent('payment_intent.payment_failed') as { data: { object: { last_payment_error: { payment_method: { card: { last4: string } } } } } };
    expect(failed.data.object.last_payment_error.payment_method.card.last4).toBe(last4);
  });

  it('a repeat with the same idempotency key is the same PaymentIntent, charged once', async () => {
    const req = request();
    const [a, b] = await Promise.all([gateway.charge(req), gateway.charge(req)]);
    const c = await gateway.charge(req);
    expect(a.reference).toBe(b.reference);
    expect(c.reference).toBe(a.reference);
    expect(c.status).toBe('succeeded');
    const charges = standin.events.filter(
      (e) => e.type === 'charge.succeeded' && (e.data as { object: { payment_intent: string } }).object.payment_intent === a.reference,
    );
    expect(charges).toHaveLength(1);
    expect(standin.idempotentCalls(req.idempotencyKey)).toBe(3);
  });

  it('a repeated declined attempt replays the same decline', async () => {
    const req = request({ source: standin.createPaymentMethod('pm_card_chargeDeclined') });
    const a = await gateway.charge(req);
    const b = await gateway.charge(req);
    expect(b).toEqual(a);
  });

  it('3-D Secure: requires_action with the client secret, then complete() after the customer authenticates', async () => {
    const result = await gateway.charge(request({ source: standin.createPaymentMethod('pm_card_threeDSecure2Required') }));
    expect(result.status).toBe('requires_action');
    expect(result.nextAction).toEqual({ type: 'confirm_card', clientSecret: expect.stringMatching(/^pi_.+_secret_/) });
    expect(await gateway.complete(result.reference, randomUUID())).toMatchObject({ status: 'requires_action' });
    standin.authenticate(result.reference, true);
    expect(await gateway.complete(result.reference, randomUUID())).toMatchObject({ status: 'succeeded', card: { last4: '3220' } });
  });

  it('3-D Secure failed by the customer ends as failed; an abandoned one can be canceled', async () => {
    const failed = await gateway.charge(request({ source: standin.createPaymentMethod('pm_card_threeDSecure2Required') }));
    standin.authenticate(failed.reference, false);
    expect(await gateway.retrieve(failed.reference)).toMatchObject({ status: 'failed', failureCode: 'payment_intent_authentication_failure' });

    const abandoned = await gateway.charge(request({ source: standin.createPaymentMethod('pm_card_threeDSecure2Required') }));
    expect(await gateway.cancel(abandoned.reference)).toMatchObject({ status: 'canceled' });
    // Canceling a paid charge does not fail; it says how it stands.
    const paid = await gateway.charge(request());
    expect(await gateway.cancel(paid.reference)).toMatchObject({ status: 'succeeded' });
  });

  it('saved cards: save creates the customer, an off-session charge works, a 3-D Secure card off-session fails, remove detaches', async () => {
    const saved = await gateway.cards.save({ token: standin.createPaymentMethod('pm_card_visa'), email: 'ana@example.com', idempotencyKey: randomUUID() });
    expect(saved).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12 });
    expect(saved.customerRef).toMatch(/^cus_/);
    const renewal = await gateway.charge(request({ source: saved.methodRef, customerRef: saved.customerRef, offSession: true }));
    expect(renewal.status).toBe('succeeded');

    const strict = await gateway.cards.save({
      token: standin.createPaymentMethod('pm_card_threeDSecure2Required'),
      email: 'ana@example.com',
      customerRef: saved.customerRef,
      idempotencyKey: randomUUID(),
    });
    expect(strict.customerRef).toBe(saved.customerRef);
    const offSession = await gateway.charge(request({ source: strict.methodRef, customerRef: saved.customerRef, offSession: true }));
    expect(offSession).toMatchObject({ status: 'failed', failureCode: 'authentication_required' });

    await gateway.cards.remove(saved);
    await gateway.cards.remove(saved);
    const after = await gateway.charge(request({ source: saved.methodRef, customerRef: saved.customerRef }));
    expect(after.status).toBe('succeeded');
  });

  it('a card that declines cannot be saved', async () => {
    await expect(
      gateway.cards.save({ token: standin.createPaymentMethod('pm_card_chargeDeclined'), email: 'b@example.com', idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ name: 'CardDeclinedError', failureCode: 'generic_decline' });
  });

  it('refunds on the PaymentIntent, idempotently; more than is left is a failed refund', async () => {
    const paid = await gateway.charge(request());
    const key = randomUUID();
    const first = await gateway.refund({ idempotencyKey: key, reference: paid.reference, amount: 1000, currency: 'USD' });
    const again = await gateway.refund({ idempotencyKey: key, reference: paid.reference, amount: 1000, currency: 'USD' });
    expect(first).toMatchObject({ status: 'succeeded' });
    expect(first.reference).toMatch(/^re_/);
    expect(again.reference).toBe(first.reference);
    const tooMuch = await gateway.refund({ idempotencyKey: randomUUID(), reference: paid.reference, amount: 2000, currency: 'USD' });
    expect(tooMuch).toMatchObject({ status: 'failed', failureCode: 'amount_too_large' });
    const rest = await gateway.refund({ idempotencyKey: randomUUID(), reference: paid.reference, amount: 1599, currency: 'USD' });
    expect(rest.status).toBe('succeeded');
  });

  it('findCharge finds the PaymentIntent of an order attempt by its metadata, and nothing for another attempt', async () => {
    const req = request();
    const made = await gateway.charge(req);
    expect(await gateway.findCharge(req.orderId, req.idempotencyKey)).toMatchObject({ reference: made.reference, status: 'succeeded' });
    expect(await gateway.findCharge(req.orderId, randomUUID())).toBeUndefined();
    expect(await gateway.findCharge(randomUUID(), req.idempotencyKey)).toBeUndefined();
  });

  it('an unknown token is a failed charge, an unreachable API is GatewayUnavailableError', async () => {
    expect(await gateway.charge(request({ source: 'pm_made_up' }))).toMatchObject({ status: 'failed', failureCode: 'invalid_payment_method' });
    const offline = new StripeGateway({ secretKey: 'sk_test_x', publishableKey: 'pk', webhookSecret: 'whsec', apiUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(offline.charge(request())).rejects.toMatchObject({ name: 'GatewayUnavailableError' });
  });

  describe('webhooks', () => {
    it('verifies a signed event on the raw body and maps it to a gateway event', async () => {
      const paid = await gateway.charge(request());
      const event = standin.events.find(
        (e) => e.type === 'payment_intent.succeeded' && (e.data as { object: { id: string } }).object.id === paid.reference,
      );
      expect(event).toBeDefined();
      const { rawBody, headers } = standin.signedEvent(event!);
      expect(await gateway.verifyEvent(rawBody, headers)).toEqual({
        id: event!.id,
        type: 'charge.succeeded',
        reference: paid.reference,
        amount: 2599,
        currency: 'USD',
      });
    });

    it('maps a refund to refund.succeeded on the PaymentIntent', async () => {
      const paid = await gateway.charge(request());
      await gateway.refund({ idempotencyKey: randomUUID(), reference: paid.reference, amount: 500, currency: 'USD' });
      const { rawBody, headers } = standin.signedEvent(standin.lastEvent('charge.refunded')!);
      expect(await gateway.verifyEvent(rawBody, headers)).toMatchObject({ type: 'refund.succeeded', reference: paid.reference, amount: 500 });
    });

    it('refuses a bad signature, a changed body, a missing header and a stale timestamp', async () => {
      const event = standin.events[0]!;
      const wrongSecret = standin.signedEvent(event, { secret: 'whsec_someone_else' });
      await expect(gateway.verifyEvent(wrongSecret.rawBody, wrongSecret.headers)).rejects.toBeInstanceOf(InvalidEventError);

      const good = standin.signedEvent(event);
      const tampered = Buffer.from(good.rawBody.toString().replace('"livemode": false', '"livemode": true'));
      await expect(gateway.verifyEvent(tampered, good.headers)).rejects.toBeInstanceOf(InvalidEventError);
      await expect(gateway.verifyEvent(good.rawBody, {})).rejects.toBeInstanceOf(InvalidEventError);

      const stale = standin.signedEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
      await expect(gateway.verifyEvent(stale.rawBody, stale.headers)).rejects.toThrow(/tolerance/i);
      const recent = standin.signedEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 200 });
      await expect(gateway.verifyEvent(recent.rawBody, recent.headers)).resolves.toMatchObject({ id: event.id });
    });
  });

  it('tells the browser only the publishable key and the origins Stripe.js needs', () => {
    expect(gateway.publicSettings()).toEqual({ publishableKey: 'pk_test_standin' });
    expect(gateway.browserOrigins().script).toEqual(['https://js.stripe.com']);
  });
});
