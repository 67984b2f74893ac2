import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoinPaymentsStandin, type CoinPaymentsStandin } from '../../../test/standins/coinpayments-standin.js';
import { InvalidEventError, type ChargeRequest } from '../payment-gateway.js';
import { CoinPaymentsGateway } from './coinpayments-gateway.js';

let standin: CoinPaymentsStandin;
let gateway: CoinPaymentsGateway;

beforeAll(async () => {
  standin = await startCoinPaymentsStandin({ timeoutSeconds: 3600 });
  gateway = new CoinPaymentsGateway({
    publicKey: standin.publicKey,
    privateKey: standin.privateKey,
    ipnSecret: standin.ipnSecret,
    merchantId: standin.merchantId,
    apiUrl: standin.apiUrl,
    ipnUrl: 'https://shop.example/public/payment/webhook/coinpayments',
    shopCurrency: 'USD',
  });
});
afterAll(() => standin.close());

const request = (over: Partial<ChargeRequest> = {}): ChargeRequest => ({
  idempotencyKey: randomUUID(),
  amount: 5000,
  currency: 'USD',
  description: 'Unlimited 30 days',
  orderId: randomUUID(),
  method: 'crypto',
  currencyCrypto: 'BTC',
  customerEmail: 'ana@example.com',
  ...over,
});

describe('CoinPayments gateway against the local CoinPayments stand-in (HMAC-signed API v1)', () => {
  it('happy path: an address to pay before the timeout, then paid by IPN and by get_tx_info', async () => {
    const req = request();
    const before = Date.now();
    const created = await gateway.charge(req);
    expect(created).toMatchObject({ status: 'requires_action', amount: 5000, currency: 'USD' });
    expect(created.reference).toMatch(/^CP/);
    const next = created.nextAction as { type: string; address: string; amount: string; coin: string; expiresAt: string; qrUrl: string; statusUrl: string };
    expect(next).toMatchObject({ type: 'show_address', coin: 'BTC', amount: '0.00050000' });
    expect(next.address).toBe(standin.tx(created.reference)!.address);
    expect(Date.parse(next.expiresAt) - before).toBeGreaterThanOrEqual(3599_000);
    expect(next.qrUrl).toContain(created.reference);
    expect(next.statusUrl).toContain(created.reference);
    expect(standin.tx(created.reference)).toMatchObject({ invoice: req.orderId, custom: req.idempotencyKey, ipn_url: 'https://shop.example/public/payment/webhook/coinpayments', amount1: '50.00' });

    standin.setStatus(created.reference, 'confirming');
    expect(await gateway.retrieve(created.reference)).toMatchObject({ status: 'pending' });
    const confirming = standin.ipn(created.reference);
    expect(await gateway.verifyEvent(confirming.rawBody, confirming.headers)).toMatchObject({ type: 'charge.pending', reference: created.reference });

    standin.setStatus(created.reference, 'paid');
    const { rawBody, headers } = standin.ipn(created.reference);
    const event = await gateway.verifyEvent(rawBody, headers);
    expect(event).toEqual({ id: new URLSearchParams(rawBody.toString()).get('ipn_id'), type: 'charge.succeeded', reference: created.reference, amount: 5000, currency: 'USD' });
    expect(await gateway.retrieve(created.reference)).toMatchObject({ status: 'succeeded', amount: 5000, currency: 'USD' });
    expect(await gateway.complete(created.reference)).toMatchObject({ status: 'succeeded' });
  });

  it('status 2 (queued for payout) counts as paid', async () => {
    const created = await gateway.charge(request());
    standin.setStatus(created.reference, 'queued');
    const { rawBody, headers } = standin.ipn(created.reference);
    expect((await gateway.verifyEvent(rawBody, headers)).type).toBe('charge.succeeded');
    expect((await gateway.retrieve(created.reference)).status).toBe('succeeded');
  });

  it('failure path: a timed-out address fails as expired; a coin not accepted is refused', async () => {
    const created = await gateway.charge(request({ currencyCrypto: 'LTC' }));
    standin.setStatus(created.reference, 'expired');
    expect(await gateway.retrieve(created.reference)).toMatchObject({ status: 'failed', failureCode: 'expired' });
    const { rawBody, headers } = standin.ipn(created.reference);
    expect(await gateway.verifyEvent(rawBody, headers)).toMatchObject({ type: 'charge.failed' });
    expect(await gateway.cancel(created.reference)).toMatchObject({ status: 'failed' });

    expect(await gateway.charge(request({ currencyCrypto: 'DOGE' }))).toMatchObject({ status: 'failed', failureCode: 'coin_not_accepted' });
    expect(await gateway.charge(request({ currencyCrypto: undefined }))).toMatchObject({ status: 'failed', failureCode: 'coin_required' });
    expect(await gateway.charge(request({ method: 'card' }))).toMatchObject({ status: 'failed', failureCode: 'payment_method_not_supported' });
  });

  it('a repeat with the same idempotency key is the same transaction (CoinPayments has no key: we look first)', async () => {
    const req = request();
    const a = await gateway.charge(req);
    const b = await gateway.charge(req);
    expect(b.reference).toBe(a.reference);
    expect(b).toMatchObject({ status: 'requires_action', nextAction: { type: 'show_address', address: (a.nextAction as { address: string }).address } });
    const mine = standin.requests.filter((r) => r.body.toString().includes('cmd=create_transaction') && r.body.toString().includes(req.idempotencyKey));
    expect(mine).toHaveLength(1);
  });

  it('findCharge finds the attempt by invoice and custom; nothing for another attempt', async () => {
    const req = request({ currencyCrypto: 'ETH' });
    const made = await gateway.charge(req);
    expect(await gateway.findCharge(req.orderId, req.idempotencyKey)).toMatchObject({ reference: made.reference, status: 'requires_action' });
    expect(await gateway.findCharge(req.orderId, randomUUID())).toBeUndefined();
  });

  it('refunds are not possible through CoinPayments: a failed answer with the reason', async () => {
    const created = await gateway.charge(request());
    standin.setStatus(created.reference, 'paid');
    expect(await gateway.refund({ idempotencyKey: randomUUID(), reference: created.reference, amount: 5000, currency: 'USD' })).toMatchObject({
      status: 'failed',
      failureCode: 'refund_not_supported',
    });
  });

  it('lists only accepted coins, with their price in the shop currency', async () => {
    expect(await gateway.listCoins()).toEqual([
      { code: 'BTC', name: 'Bitcoin', rate: '100000.00' },
      { code: 'ETH', name: 'Ether', rate: '3800.00' },
      { code: 'LTC', name: 'Litecoin', rate: '120.00' },
    ]);
  });

  it('signs every call with the private key; a wrong key pair is refused and reported as unavailable', async () => {
    const call = standin.requests.find((r) => r.body.toString().includes('cmd=create_transaction'))!;
    expect(call.headers.hmac).toMatch(/^[0-9a-f]{128}$/);
    const wrong = new CoinPaymentsGateway({
      publicKey: standin.publicKey,
      privateKey: 'prv_not_the_right_one',
      ipnSecret: 'x',
      merchantId: 'y',
      apiUrl: standin.apiUrl,
      ipnUrl: 'https://shop.example/ipn',
      shopCurrency: 'USD',
    });
    await expect(wrong.charge(request())).rejects.toMatchObject({ name: 'GatewayUnavailableError', message: /HMAC signature does not match/ });
  });

  it('refuses an IPN with a bad HMAC, a changed body, another merchant or no HMAC', async () => {
    const created = await gateway.charge(request());
    standin.setStatus(created.reference, 'paid');
    const wrongSecret = standin.ipn(created.reference, { secret: 'someone-else' });
    await expect(gateway.verifyEvent(wrongSecret.rawBody, wrongSecret.headers)).rejects.toBeInstanceOf(InvalidEventError);
    const good = standin.ipn(created.reference);
    await expect(gateway.verifyEvent(Buffer.from(good.rawBody.toString().replace('status=100', 'status=101')), good.headers)).rejects.toBeInstanceOf(InvalidEventError);
    const otherMerchant = standin.ipn(created.reference, { merchant: 'f'.repeat(32) });
    await expect(gateway.verifyEvent(otherMerchant.rawBody, otherMerchant.headers)).rejects.toThrow(/another merchant/);
    await expect(gateway.verifyEvent(good.rawBody, {})).rejects.toBeInstanceOf(InvalidEventError);
    // A resent IPN keeps its id, so checkout's event table makes the replay a no-op.
    const again = standin.ipn(created.reference);
    expect((await gateway.verifyEvent(again.rawBody, again.headers)).id).toBe((await gateway.verifyEvent(good.rawBody, good.headers)).id);
  });
});
