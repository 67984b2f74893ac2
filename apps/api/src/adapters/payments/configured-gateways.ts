import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { BalanceGateway } from './balance/balance-gateway.js';
import type { Logger } from '../../lib/logger.js';
import type { GatewayId, PaymentGateway } from './payment-gateway.js';
import { PaymentGateways, thirdPartyGatewaysFor } from './payment-gateways.js';
import { SandboxGateway } from './sandbox/sandbox-gateway.js';

export interface GatewayDeps {
  config: AppConfig;
  db: Db;
  /** Secret derived from the server secret for a purpose (e.g. the sandbox's signing key). */
  key(purpose: string): Buffer;
  log?: Logger | undefined;
}

/** Our own gateways (no outside party); the third-party ones come from `thirdPartyGatewaysFor`. */
export const gatewayFactories: Partial<Record<GatewayId, (deps: GatewayDeps) => PaymentGateway>> = {
  sandbox: ({ config, db, key }) =>
    new SandboxGateway(db, {
      webhookSecret: config.SANDBOX_WEBHOOK_SECRET ?? key('sandbox-webhook').toString('hex'),
      responseDelayMs: config.SANDBOX_RESPONSE_DELAY_MS,
    }),
  balance: () => new BalanceGateway(),
};

/**
 * The gateways offered: those PAYMENT_GATEWAYS lists, in its order, that can run — ours always,
 * a third-party one only once its settings are complete (docs/decisions/140).
 */
export function gatewaysFromConfig(deps: GatewayDeps): PaymentGateways {
  const ids = [...new Set(deps.config.PAYMENT_GATEWAYS.split(',').map((s) => s.trim()).filter(Boolean))] as GatewayId[];
  const thirdParty = new Map(thirdPartyGatewaysFor(deps.config, { log: deps.log }).map((g) => [g.id, g]));
  const list: PaymentGateway[] = [];
  for (const id of ids) {
    const make = gatewayFactories[id];
    const g = make ? make(deps) : thirdParty.get(id);
    if (g) list.push(g);
  }
  return new PaymentGateways(list);
}
