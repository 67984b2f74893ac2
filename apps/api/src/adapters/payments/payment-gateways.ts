import type { GatewayId, PaymentGateway } from './payment-gateway.js';

/**
 * The gateways this deployment offers, in the order the web app lists them. The composition root
 * fills it from configuration; the checkout issue adds the implementations (sandbox, stripe, paypal,
 * coinpayments, balance). The web app shows only what `enabled()` lists.
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
