import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoinPaymentsStandin, type CoinPaymentsStandin } from '../../../test/standins/coinpayments-standin.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

describe('GET /coinpayments/coins', () => {
  let standin: CoinPaymentsStandin;
  let enabled: TestApp;
  let disabled: TestApp;

  beforeAll(async () => {
    standin = await startCoinPaymentsStandin();
    [enabled, disabled] = await Promise.all([
      buildTestApp({
        worker: false,
        env: {
          COINPAYMENTS_PUBLIC_KEY: standin.publicKey,
          COINPAYMENTS_PRIVATE_KEY: standin.privateKey,
          COINPAYMENTS_IPN_SECRET: standin.ipnSecret,
          COINPAYMENTS_MERCHANT_ID: standin.merchantId,
          COINPAYMENTS_API_URL: standin.apiUrl,
        },
      }),
      buildTestApp({ worker: false }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([enabled?.close(), disabled?.close()]);
    await standin?.close();
  });

  it('lists the accepted coins of the configured CoinPayments account with their USD price', async () => {
    const res = await enabled.app.inject({ method: 'GET', url: '/coinpayments/coins' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { code: 'BTC', name: 'Bitcoin', rate: '100000.00' },
      { code: 'ETH', name: 'Ether', rate: '3800.00' },
      { code: 'LTC', name: 'Litecoin', rate: '120.00' },
    ]);
    // A second read within the minute reuses the rates.
    const calls = standin.requests.length;
    await enabled.app.inject({ method: 'GET', url: '/coinpayments/coins' });
    expect(standin.requests.length).toBe(calls);
  });

  it('answers PAYMENT_OPTION_NOT_AVAILABLE where CoinPayments is not configured', async () => {
    const res = await disabled.app.inject({ method: 'GET', url: '/coinpayments/coins' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_OPTION_NOT_AVAILABLE', message: 'This payment option is not available.' });
  });
});
