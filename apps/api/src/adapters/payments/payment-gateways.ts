import type { AppConfig } from '../../config.js';
import type { Logger } from '../../lib/logger.js';
import { CoinPaymentsGateway } from './coinpayments/coinpayments-gateway.js';
import type { GatewayId, PaymentGateway } from './payment-gateway.js';
import { PayPalGateway } from './paypal/paypal-gateway.js';
import { StripeGateway } from './stripe/stripe-gateway.js';

/**
 * The gateways this deployment offers, in the order the web app lists them. The composition root
 * fills it from configuration (`paymentGatewaysFor`). The web app shows only what `enabled()` lists.
 */
export class PaymentGateways {
  private readonly byId = new Map<GatewayId, PaymentGateway>();

  constructor(gateways: readonly PaymentGateway[] = []) {
    for (const g of gateways) this.byId.set(g.id, g);
  }

  enabled(): PaymentGateway[] {
    return [...this.byId.values()];
  }

  get(id: string): PaymentGateway | undefined {
    return this.byId.get(id as GatewayId);
  }
}

export interface GatewayDeps {
  log?: Logger | undefined;
}

/** Where a gateway posts its notifications (the checkout webhook route). */
export const webhookUrl = (config: Pick<AppConfig, 'publicUrl'>, gateway: GatewayId) => `${config.publicUrl}/public/payment/webhook/${gateway}`;

/**
 * The third-party gateways whose settings are complete. A half-configured gateway is left out with
 * a warning instead of failing checkout at the first payment.
 */
export function thirdPartyGatewaysFor(config: AppConfig, deps: GatewayDeps = {}): PaymentGateway[] {
  const out: PaymentGateway[] = [];
  const warnMissing = (name: string, missing: string[]) => {
    if (missing.length) deps.log?.warn({ missing }, `${name} is partly configured and stays off: set ${missing.join(', ')}`);
  };

  const stripe = { STRIPE_SECRET_KEY: config.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: config.STRIPE_WEBHOOK_SECRET };
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    out.push(
      new StripeGateway({
        secretKey: config.STRIPE_SECRET_KEY,
        publishableKey: config.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        apiUrl: config.STRIPE_API_URL,
      }),
    );
  } else if (config.STRIPE_SECRET_KEY || config.STRIPE_WEBHOOK_SECRET) {
    warnMissing('Stripe', unset(stripe));
  }

  const paypal = { PAYPAL_CLIENT_SECRET: config.PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID: config.PAYPAL_WEBHOOK_ID };
  if (config.PAYPAL_CLIENT_SECRET && config.PAYPAL_WEBHOOK_ID) {
    out.push(
      new PayPalGateway({
        clientId: config.PAYPAL_CLIENT_ID,
        clientSecret: config.PAYPAL_CLIENT_SECRET,
        webhookId: config.PAYPAL_WEBHOOK_ID,
        apiUrl: config.PAYPAL_API_URL,
        brandName: config.COMPANY_NAME,
      }),
    );
  } else if (config.PAYPAL_CLIENT_SECRET || config.PAYPAL_WEBHOOK_ID) {
    warnMissing('PayPal', unset(paypal));
  }

  const coin = {
    COINPAYMENTS_PUBLIC_KEY: config.COINPAYMENTS_PUBLIC_KEY,
    COINPAYMENTS_PRIVATE_KEY: config.COINPAYMENTS_PRIVATE_KEY,
    COINPAYMENTS_IPN_SECRET: config.COINPAYMENTS_IPN_SECRET,
    COINPAYMENTS_MERCHANT_ID: config.COINPAYMENTS_MERCHANT_ID,
  };
  if (config.COINPAYMENTS_PUBLIC_KEY && config.COINPAYMENTS_PRIVATE_KEY && config.COINPAYMENTS_IPN_SECRET && config.COINPAYMENTS_MERCHANT_ID) {
    out.push(
      new CoinPaymentsGateway({
        publicKey: config.COINPAYMENTS_PUBLIC_KEY,
        privateKey: config.COINPAYMENTS_PRIVATE_KEY,
        ipnSecret: config.COINPAYMENTS_IPN_SECRET,
        merchantId: config.COINPAYMENTS_MERCHANT_ID,
        apiUrl: config.COINPAYMENTS_API_URL,
        ipnUrl: webhookUrl(config, 'coinpayments'),
        shopCurrency: config.CURRENCY,
      }),
    );
  } else if (Object.values(coin).some(Boolean)) {
    warnMissing('CoinPayments', unset(coin));
  }
  return out;
}

/** Every gateway this deployment offers, built from configuration; the composition root calls it. */
export function paymentGatewaysFor(config: AppConfig, deps: GatewayDeps = {}): PaymentGateways {
  return new PaymentGateways([...thirdPartyGatewaysFor(config, deps)]);
}

function unset(settings: Record<string, string | undefined>): string[] {
  return Object.entries(settings)
    .filter(([, v]) => !v)
    .map(([k]) => k);
}
