import type { PaymentService } from '../modules/checkout/payments.service.js';
import { ORDER_FULFIL_JOB, ORDER_FULFIL_RESUME_JOB, PAYMENT_EVENT_JOB, PAYMENT_RECONCILE_JOB, PAYMENT_REFUND_JOB } from '../modules/checkout/payments.service.js';
import type { Logger } from '../lib/logger.js';
import type { JobDefinition } from './queue.js';

/**
 * The money jobs. Each calls the payment service and is idempotent by its business key (event id,
 * payment id, order id), so a retry after a crash changes nothing twice.
 */
export function paymentJobs(payments: PaymentService, s: { fulfilRetryLimit: number; log: Logger }): JobDefinition<never>[] {
  const event: JobDefinition<{ gateway: string; eventId: string }> = {
    name: PAYMENT_EVENT_JOB,
    retryLimit: 8,
    retryDelaySeconds: 15,
    retryBackoff: true,
    expireInSeconds: 120,
    handle: (data) => payments.processEvent(data),
  };
  // With a payment id: that attempt (queued when it starts). Without (the schedule): every open one.
  const reconcile: JobDefinition<{ paymentId?: string; slot?: string }> = {
    name: PAYMENT_RECONCILE_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 300,
    async handle(data) {
      if (data.paymentId) await payments.reconcileOne(data.paymentId);
      else await payments.reconcile();
    },
  };
  const refund: JobDefinition<{ paymentId: string }> = {
    name: PAYMENT_REFUND_JOB,
    retryLimit: 10,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    handle: (data) => payments.processRefund(data.paymentId),
  };
  const fulfil: JobDefinition<{ orderId: string }> = {
    name: ORDER_FULFIL_JOB,
    retryLimit: s.fulfilRetryLimit,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 300,
    handle: (data) => payments.fulfil(data.orderId),
  };
  // Periodic: paid orders whose fulfilment job used up its retries get a new one once stock covers them.
  const resume: JobDefinition<{ slot?: string }> = {
    name: ORDER_FULFIL_RESUME_JOB,
    retryLimit: 1,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: 300,
    async handle() {
      // Ten minutes: an order just paid has its own job, and a sweep must not race the transaction that queued it.
      const r = await payments.resumeFulfilment(600);
      if (r.resumed.length) s.log.info({ orders: r.resumed }, 'fulfilment resumed for paid orders');
      if (r.waitingForStock.length) s.log.warn({ orders: r.waitingForStock }, 'paid orders wait for SIM stock');
    },
  };
  return [event, reconcile, refund, fulfil, resume] as unknown as JobDefinition<never>[];
}
