import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { paymentGatewaysFor } from './payment-gateways.js';

const warnings: string[] = [];
const log = { warn: (_: object, msg?: string) => warnings.push(msg ?? ''), info: () => {}, error: () => {}, debug: () => {} };

describe('paymentGatewaysFor', () => {
  it('offers no third-party gateway without its secrets', () => {
    expect(paymentGatewaysFor(loadConfig({}), { log }).enabled().map((g) => g.id)).toEqual([]);
  });

  it('offers Stripe when its secret key and webhook secret are set', () => {
    const gateways = paymentGatewaysFor(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }),
      { log },
    );
    expect(gateways.get('stripe')?.publicSettings()).toEqual({ publishableKey: 'pk_test_abc' });
  });

  it('offers PayPal and CoinPayments when their settings are complete, in a stable order', () => {
    const gateways = paymentGatewaysFor(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh',
        PAYPAL_CLIENT_ID: 'client-abc',
        PAYPAL_CLIENT_SECRET: 'secret-abcdefgh',
        PAYPAL_WEBHOOK_ID: 'WH-12345',
        COINPAYMENTS_PUBLIC_KEY: 'public-key-123',
        COINPAYMENTS_PRIVATE_KEY: 'private-key-123',
        COINPAYMENTS_IPN_SECRET: 'ipn-secret',
        COINPAYMENTS_MERCHANT_ID: 'merchant-123',
      }),
      { log },
    );
    expect(gateways.enabled().map((g) => [g.id, g.methods])).toEqual([
      ['stripe', ['card']],
      ['paypal', ['wallet']],
      ['coinpayments', ['crypto']],
    ]);
    expect(gateways.get('paypal')?.publicSettings()).toEqual({ clientId: 'client-abc' });
    for (const g of gateways.enabled()) expect(JSON.stringify(g.publicSettings())).not.toMatch(/secret|private|sk_test/);
  });

  it('leaves a half-configured gateway off and says what is missing', () => {
    warnings.length = 0;
    expect(paymentGatewaysFor(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' }), { log }).get('stripe')).toBeUndefined();
    expect(warnings.join('\n')).toMatch(/STRIPE_WEBHOOK_SECRET/);
    expect(warnings.join('\n')).not.toMatch(/sk_test_abc/);
    warnings.length = 0;
    expect(paymentGatewaysFor(loadConfig({ COINPAYMENTS_PUBLIC_KEY: 'public-key-123' }), { log }).enabled()).toEqual([]);
    expect(warnings.join('\n')).toMatch(/COINPAYMENTS_PRIVATE_KEY, COINPAYMENTS_IPN_SECRET, COINPAYMENTS_MERCHANT_ID/);
  });

  it('refuses a publishable key given as the secret key', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_live_oops' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
