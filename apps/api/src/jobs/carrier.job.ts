import type { Logger } from '../lib/logger.js';
import { CARRIER_RECONCILE_JOB, CARRIER_SEND_JOB, type CarrierActionService } from '../modules/sims/carrier-actions.service.js';
import type { SimsService } from '../modules/sims/sims.service.js';
import { AUTO_PAY_JOB, type AutoPayService } from '../modules/sims/auto-pay.service.js';
import type { JobDefinition } from './queue.js';

export const CARRIER_SYNC_JOB = 'carrier-sync';

/** Sends one recorded carrier action; retried with exponential backoff, then given up (the service decides what that means). */
export function carrierSendJob(actions: CarrierActionService, s: { retryLimit: number; retryDelaySeconds: number; timeoutMs: number }): JobDefinition<{ actionId: string }> {
  return {
    name: CARRIER_SEND_JOB,
    retryLimit: s.retryLimit,
    retryDelaySeconds: s.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: Math.max(30, Math.ceil((s.timeoutMs * 3) / 1000)),
    handle: (data, job) => actions.send(data.actionId, job),
  };
}

/** Periodic: asks the carrier about actions whose outcome never arrived (lost callbacks). */
export function carrierReconcileJob(actions: CarrierActionService, log: Logger): JobDefinition<{ slot?: string }> {
  return {
    name: CARRIER_RECONCILE_JOB,
    retryLimit: 1,
    retryDelaySeconds: 5,
    retryBackoff: false,
    expireInSeconds: 300,
    async handle() {
      const r = await actions.reconcile();
      if (r.applied || r.givenUp) log.info(r, 'carrier reconciliation');
    },
  };
}

/** Periodic: copies usage and balances from the carrier. */
export function carrierSyncJob(sims: SimsService, log: Logger): JobDefinition<{ slot?: string }> {
  return {
    name: CARRIER_SYNC_JOB,
    retryLimit: 1,
    retryDelaySeconds: 10,
    retryBackoff: false,
    expireInSeconds: 600,
    async handle() {
      const r = await sims.syncFromCarrier();
      if (r.records) log.info(r, 'carrier usage synced');
    },
  };
}

/** Periodic (once per period across instances): auto-renew, auto-extend and auto top-up charges. */
export function autoPayJob(autoPay: AutoPayService, log: Logger): JobDefinition<{ slot?: string }> {
  return {
    name: AUTO_PAY_JOB,
    retryLimit: 1,
    retryDelaySeconds: 30,
    retryBackoff: false,
    expireInSeconds: 600,
    async handle() {
      const r = await autoPay.tick();
      if (r.renew || r.extend || r.topUp || r.quota || r.lowBalance || r.planExpired) log.info(r, 'automatic payments and notices');
    },
  };
}
