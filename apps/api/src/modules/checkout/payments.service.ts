import { randomUUID } from 'node:crypto';
import type { GatewayList, Payment, PaymentRequest } from '@app/shared/contracts/payments';
import { basisPoints } from '@app/shared/rules/pricing';
import { isCardExpired } from '@app/shared/rules/sandbox-card';
import {
  InvalidEventError,
  type ChargeResult,
  type PaymentGateway,
} from '../../adapters/payments/payment-gateway.js';
import type { PaymentGateways } from '../../adapters/payments/payment-gateways.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import type { JobQueue } from '../../jobs/queue.js';
import { appError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { findSubscriberById } from '../accounts/accounts.repository.js';
import type { MailService } from '../mail/mail.service.js';
import * as repo from './checkout.repository.js';
import { isOutOfStock, type FulfilmentLine, type FulfilmentOrder, type OrderFulfillers } from './fulfilment.js';
import type { InvoiceService } from './invoices.service.js';
import { creditBalance, debitBalance } from './ledger.js';
import type { OrderCaller, OrdersService } from './orders.service.js';
import { PAYABLE_STATUSES, toPayment, trackingUrl } from './views.js';

export const PAYMENT_EVENT_JOB = 'payment-event';
export const PAYMENT_RECONCILE_JOB = 'payment-reconcile';
export const ORDER_FULFIL_JOB = 'order-fulfil';
export const ORDER_FULFIL_RESUME_JOB = 'order-fulfil-resume';
export const PAYMENT_REFUND_JOB = 'payment-refund';

/** SPEC §1: 5 % affiliate commission, at most 10 USD per order; 10 USD per referred friend's first order. */
export const AFFILIATE_BPS = 500;
export const AFFILIATE_CAP = 1000;
export const REFERRAL_BONUS = 1000;

const OPEN = ['pending', 'requires_action'];
const PAID_STATUSES = ['paid', 'processing', 'shipped', 'delivered'];

export interface PaymentSettings {
  currency: string;
  publicUrl: string;
  reconcileAfterSeconds: number;
  actionTimeoutMinutes: number;
}

export interface PaymentServiceDeps {
  db: Db;
  gateways: PaymentGateways;
  orders: OrdersService;
  invoices: InvoiceService;
  fulfillers: OrderFulfillers;
  queue: JobQueue;
  mail: MailService;
  log: Logger;
  settings: PaymentSettings;
}

/** New SIMs and SIM cards an order's unfulfilled lines take from the carrier's stock. */
function stockNeed(lines: repo.OrderLineRow[]): { esims: number; physicalSims: number } {
  const open = lines.filter((l) => ['plan', 'sim_card', 'sim_reorder'].includes(l.type) && !l.fulfilledAt);
  const units = (kind: 'esim' | 'physical') => open.filter((l) => l.sim === kind).reduce((n, l) => n + l.quantity, 0);
  return { esims: units('esim'), physicalSims: units('physical') };
}

function paidWith(p: repo.PaymentRow): string {
  if (p.gateway === 'balance') return 'Account balance';
  if (p.cardLast4) return `${p.cardBrand ?? 'Card'} •••• ${p.cardLast4}`;
  return p.gateway.charAt(0).toUpperCase() + p.gateway.slice(1);
}

/**
 * Taking money, exactly once. The rules (docs/decisions/121-*.md):
 * - One payment row per attempt, with its own idempotency key, written (and committed) before the
 *   gateway is called; every call for the attempt carries that key, so a retry is the same charge.
 * - A repeat of the same request (`requestId`) answers with the same attempt.
 * - Results, from the request, a confirmation, a webhook or reconciliation, go through one
 *   `applyResult`: order row locked, then the payment row, status changed only by
 *   `UPDATE … WHERE status IN (open states)`, and the order completed only by
 *   `UPDATE orders … WHERE status IN ('pending','unpaid')` in the same transaction. Whichever path
 *   comes first completes; the others find nothing left to change.
 * - A charge that succeeded for an order already paid (or canceled) is refunded, never kept.
 * - Webhook events are stored by id (a replay is a no-op) and applied by a job, which marks them
 *   processed in the transaction that applies them.
 * - Reconciliation asks the gateway about every attempt left open, so a crash or a lost webhook
 *   ends in a paid order or a refund.
 */
export class PaymentService {
  constructor(private readonly deps: PaymentServiceDeps) {}

  private get db() {
    return this.deps.db;
  }

  gatewayList(): GatewayList {
    return {
      currency: this.deps.settings.currency,
      gateways: this.deps.gateways.enabled().map((g) => ({
        id: g.id,
        methods: [...g.methods],
        publicSettings: g.publicSettings(),
        savesCards: g.cards !== undefined,
      })),
    };
  }

  private gateway(id: string): PaymentGateway {
    const g = this.deps.gateways.get(id);
    if (!g) throw appError('PAYMENT_OPTION_NOT_AVAILABLE');
    return g;
  }

  private async view(exec: Executor, p: repo.PaymentRow): Promise<Payment> {
    const order = await repo.findOrder(exec, p.orderId);
    if (!order) throw appError('PAYMENT_NOT_FOUND');
    const invoice = await repo.findInvoice(exec, { orderId: order.id });
    return toPayment(p, order, invoice?.id ?? null);
  }

  private safeReturnUrl(url: string | undefined): string | undefined {
    if (!url) return undefined;
    const base = this.deps.settings.publicUrl;
    return url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : url.startsWith(`${base}/`) ? url : undefined;
  }

  /** Starts (or repeats) paying an order. A decline is an answer: the payment comes back `failed` with its `failureCode`. */
  async pay(caller: OrderCaller, req: PaymentRequest, opts: { offSession?: boolean } = {}): Promise<Payment> {
    const gateway = this.gateway(req.gateway);
    if (!gateway.methods.includes(req.method)) throw appError('PAYMENT_METHOD_NOT_SUPPORTED');
    const subscriberId = 'subscriberId' in caller ? caller.subscriberId : undefined;
    // A visitor's e-mail may belong to an existing account: never spend its balance or its cards.
    if (gateway.id === 'balance' && !subscriberId) throw appError('PAYMENT_OPTION_NOT_AVAILABLE');
    let card: repo.CardRow | undefined;
    if (req.paymentMethodId) {
      card = subscriberId ? await repo.findCard(this.db, subscriberId, req.paymentMethodId) : undefined;
      if (!card) throw appError('PAYMENT_METHOD_NOT_FOUND');
      if (card.gateway !== gateway.id) throw appError('PAYMENT_METHOD_NOT_SUPPORTED');
      if (isCardExpired(card.expMonth, card.expYear)) throw appError('CARD_EXPIRED');
    }

    // The SIMs the order still needs from stock, and the stock, read before the transaction (see
    // OrdersService.stockFor). Lines do not change once an order is placed, and are fulfilled only
    // after it is paid (which the transaction answers before it looks at stock).
    const need = stockNeed(await repo.findOrderLines(this.db, [req.orderId]));
    const stock = await this.deps.orders.stockFor(need);
    const started = await this.db.transaction(async (tx) => {
      const order = await this.deps.orders.load(tx, req.orderId, caller, { lock: true });
      const same = await repo.findPaymentByRequest(tx, order.id, req.requestId);
      if (same) return { payment: same, order };
      if (order.paidPaymentId) {
        const paid = await repo.findPayment(tx, order.paidPaymentId);
        if (paid) return { payment: paid, order };
      }
      if (!PAYABLE_STATUSES.includes(order.status)) throw appError('ORDER_NOT_PAYABLE');
      const all = await repo.orderPayments(tx, order.id);
      if (all.some((p) => p.type === 'debit' && OPEN.includes(p.status))) throw appError('PAYMENT_IN_PROGRESS');
      // The order's new SIMs and SIM cards must still be in stock: an order placed earlier may be paid after the last
      // profile went to someone else (decision 230). Nothing is charged then.
      this.deps.orders.checkStock(need, stock, 'ORDER_NOT_PAYABLE');

      if (gateway.id === 'balance') {
        const id = randomUUID();
        const taken = await debitBalance(tx, {
          subscriberId: order.subscriberId,
          amount: order.total,
          reason: 'order_payment',
          description: `Order ${order.number}`,
          orderId: order.id,
          sourceKey: `order:${order.id}`,
        });
        if (taken !== order.total) throw appError('INSUFFICIENT_BALANCE', { reason: 'insufficient_balance' });
        const payment = await repo.insertPayment(tx, {
          id,
          orderId: order.id,
          subscriberId: order.subscriberId,
          gateway: 'balance',
          method: 'balance',
          amount: order.total,
          currency: order.currency,
          status: 'succeeded',
          idempotencyKey: `balance:${id}`,
          requestId: req.requestId,
          gatewayReference: `bal_${id}`,
          paidAt: new Date(),
        });
        await this.completeOrder(tx, order, payment);
        return { payment, order };
      }

      const payment = await repo.insertPayment(tx, {
        orderId: order.id,
        subscriberId: order.subscriberId,
        gateway: gateway.id,
        method: req.method,
        amount: order.total,
        currency: order.currency,
        status: 'pending',
        idempotencyKey: randomUUID(),
        requestId: req.requestId,
        savedCardId: card?.id ?? null,
        saveCard: req.saveCard === true && subscriberId !== undefined && gateway.cards !== undefined && !card,
      });
      await repo.updateOrder(tx, order.id, { status: 'pending' }, PAYABLE_STATUSES);
      // Should this process die before the answer is stored, the scheduled reconciliation picks the attempt up.
      return { payment, order };
    });

    const { payment, order } = started;
    // Charge only an attempt that has no answer yet (a new one, or a retry of one whose call was lost).
    if (payment.status !== 'pending' || payment.gatewayReference) return this.view(this.db, payment);
    let result: ChargeResult;
    try {
      result = await gateway.charge({
        idempotencyKey: payment.idempotencyKey,
        amount: payment.amount,
        currency: payment.currency,
        description: order.description,
        orderId: order.id,
        method: req.method,
        source: card?.methodRef ?? req.cardToken,
        customerRef: card?.customerRef,
        customerEmail: order.email,
        // Automatic charges (auto-renew, auto top-up): nobody is there to pass 3-D Secure.
        ...(opts.offSession ? { offSession: true } : {}),
        currencyCrypto: req.currencyCrypto,
        returnUrl: this.safeReturnUrl(req.returnUrl),
        cancelUrl: this.safeReturnUrl(req.cancelUrl),
      });
    } catch (e) {
      this.deps.log.warn({ gateway: gateway.id, payment: payment.id, reason: (e as Error).message }, 'charge call failed; reconciliation will settle it');
      throw appError('GATEWAY_UNAVAILABLE');
    }
    const applied = await this.applyResult(payment.id, result);
    if (applied.status === 'succeeded' && payment.saveCard && req.cardToken) await this.saveCardAfterPayment(applied, req.cardToken);
    return this.view(this.db, applied);
  }

  private async saveCardAfterPayment(p: repo.PaymentRow, token: string) {
    const gateway = this.deps.gateways.get(p.gateway);
    const subscriber = await findSubscriberById(this.db, p.subscriberId);
    if (!gateway?.cards || !subscriber) return;
    try {
      const saved = await gateway.cards.save({ token, email: subscriber.email, idempotencyKey: `save:${p.id}` });
      await repo.insertCard(this.db, { subscriberId: p.subscriberId, gateway: p.gateway, ...saved });
    } catch (e) {
      // The payment stands; only the convenience of a saved card is lost.
      this.deps.log.warn({ payment: p.id, reason: (e as Error).message }, 'card not saved after payment');
    }
  }

  /**
   * Applies what the gateway says about a debit. Idempotent and safe under any concurrency: the
   * order row, then the payment row, are locked, and each change is guarded by the current status.
   */
  async applyResult(paymentId: string, result: ChargeResult, outer?: Executor): Promise<repo.PaymentRow> {
    const run = async (tx: Executor): Promise<repo.PaymentRow> => {
      const peek = await repo.findPayment(tx, paymentId);
      if (!peek) throw appError('PAYMENT_NOT_FOUND');
      const order = await repo.findOrder(tx, peek.orderId, { lock: true });
      const p = await repo.findPayment(tx, paymentId, { lock: true });
      if (!order || !p) throw appError('PAYMENT_NOT_FOUND');
      const reference = p.gatewayReference ?? (result.reference || null);
      const card = result.card ? { cardBrand: result.card.brand, cardLast4: result.card.last4 } : {};
      switch (result.status) {
        case 'succeeded': {
          if ((result.amount !== undefined && result.amount !== p.amount) || (result.currency && result.currency.toUpperCase() !== p.currency.toUpperCase())) {
            this.deps.log.error({ payment: p.id, amount: result.amount, expected: p.amount }, 'gateway amount differs from the order: left for the operator');
            return p;
          }
          // A charge can succeed after we gave up on it (late 3-D Secure, late crypto): it still counts.
          const done = await repo.updatePayment(
            tx,
            p.id,
            { status: 'succeeded', paidAt: new Date(), gatewayReference: reference, nextAction: null, failureCode: null, ...card },
            ['pending', 'requires_action', 'failed', 'canceled'],
          );
          if (!done) return p;
          await this.completeOrder(tx, order, done);
          return done;
        }
        case 'requires_action':
        case 'pending': {
          // Coins seen but not yet confirmed: the address stays on the payment, so a reload still shows it.
          const kept = result.status === 'pending' && (p.nextAction as { type?: string } | null)?.type === 'show_address' ? p.nextAction : null;
          const row = await repo.updatePayment(
            tx,
            p.id,
            { status: result.status, gatewayReference: reference, nextAction: result.nextAction ?? kept, ...card },
            OPEN,
          );
          return row ?? p;
        }
        case 'failed':
        case 'canceled': {
          const row = await repo.updatePayment(
            tx,
            p.id,
            {
              status: result.status,
              gatewayReference: reference,
              nextAction: null,
              failureCode: result.failureCode ?? (result.status === 'canceled' ? 'canceled' : 'unknown'),
              failureMessage: result.failureMessage?.slice(0, 300) ?? null,
              ...card,
            },
            OPEN,
          );
          if (!row) return p;
          const others = (await repo.orderPayments(tx, order.id)).some((o) => o.id !== p.id && o.type === 'debit' && OPEN.includes(o.status));
          if (!others) await repo.updateOrder(tx, order.id, { status: 'unpaid' }, ['pending']);
          await this.mailLateFailure(tx, order, p, row);
          return row;
        }
      }
    };
    return outer ? run(outer) : this.db.transaction(run);
  }

  /**
   * A payment that fails after the customer left the page is mailed (in the transaction that records
   * it): a crypto address that ran out, or a payment in process that the gateway refused later. An
   * immediate decline, a failed confirmation step or the customer's own cancel is shown on the page.
   */
  private async mailLateFailure(tx: Executor, order: repo.OrderRow, before: repo.PaymentRow, after: repo.PaymentRow) {
    const late = after.status === 'failed' && before.gatewayReference !== null && (before.status === 'pending' || after.failureCode === 'expired');
    if (!late || PAID_STATUSES.includes(order.status)) return;
    const subscriber = await findSubscriberById(tx, order.subscriberId);
    await this.deps.mail.enqueue(tx, order.email, subscriber?.locale, {
      kind: 'payment-failed',
      firstName: subscriber?.firstName ?? '',
      orderNumber: order.number,
      total: order.total,
      currency: order.currency,
      reason: after.failureCode === 'expired' ? 'expired' : 'failed',
      link: `${this.deps.settings.publicUrl}/dashboard/order-view/${order.id}`,
    });
  }

  /** The order is paid by `payment` (in its transaction): invoice, credits, fulfilment, mail. */
  private async completeOrder(tx: Executor, order: repo.OrderRow, payment: repo.PaymentRow) {
    const paid = await repo.updateOrder(tx, order.id, { status: 'paid', paidAt: new Date(), paidPaymentId: payment.id }, PAYABLE_STATUSES);
    if (!paid) {
      // Paid twice (two attempts both went through) or paid after it was canceled: pay it back.
      this.deps.log.warn({ order: order.id, payment: payment.id }, 'second charge for one order: refunding it');
      await this.startRefund(tx, payment, payment.amount, `refund:${payment.id}`);
      return;
    }
    const subscriber = await findSubscriberById(tx, paid.subscriberId);
    const name = subscriber ? `${subscriber.firstName} ${subscriber.lastName}`.trim() : '';
    const invoice = await this.deps.invoices.issue(tx, paid, paidWith(payment), name);
    await this.grantCredits(tx, paid);
    await this.deps.queue.send(ORDER_FULFIL_JOB, { orderId: paid.id }, { exec: tx });
    await this.deps.mail.enqueue(tx, paid.email, subscriber?.locale, {
      kind: 'order-paid',
      firstName: subscriber?.firstName ?? '',
      orderNumber: paid.number,
      total: paid.total,
      currency: paid.currency,
      link: `${this.deps.settings.publicUrl}/invoice?token=${encodeURIComponent(invoice.publicToken)}`,
    });
  }

  /** Affiliate commission and the refer-a-friend bonus, once each (unique source keys). */
  private async grantCredits(tx: Executor, order: repo.OrderRow) {
    if (order.resellerCode) {
      const affiliate = await repo.affiliateAccount(tx, order.resellerCode);
      if (affiliate && affiliate !== order.subscriberId) {
        const amount = Math.min(AFFILIATE_CAP, basisPoints(order.subtotal, AFFILIATE_BPS));
        await creditBalance(tx, {
          subscriberId: affiliate,
          amount,
          reason: 'affiliate_commission',
          description: 'Affiliate commission (5 % of a referred purchase)',
          sourceKey: `affiliate:${order.id}`,
        });
      }
    }
    if (order.referrerId && (await repo.countPaidOrders(tx, order.subscriberId, order.id)) === 0) {
      await creditBalance(tx, {
        subscriberId: order.referrerId,
        amount: REFERRAL_BONUS,
        reason: 'referral_bonus',
        description: 'Refer-a-friend bonus: your friend placed their first order',
        sourceKey: `referral:${order.subscriberId}`,
      });
    }
  }

  // --- confirmations, webhooks, reconciliation ---------------------------------------------------

  /** After the customer's step (3-D Secure, wallet approval): asks the gateway and applies its answer. */
  async confirm(paymentId: string, caller: OrderCaller): Promise<Payment> {
    const p = await repo.findPayment(this.db, paymentId);
    const order = p ? await repo.findOrder(this.db, p.orderId) : undefined;
    if (!p || !order || p.type !== 'debit' || !this.deps.orders.owns(order, caller)) throw appError('PAYMENT_NOT_FOUND');
    if (!OPEN.includes(p.status)) return this.view(this.db, p);
    const result = await this.ask(p).catch((e: unknown) => {
      this.deps.log.warn({ payment: p.id, reason: (e as Error).message }, 'gateway did not answer a confirmation');
      throw appError('GATEWAY_UNAVAILABLE');
    });
    const applied = result ? await this.applyResult(p.id, result) : p;
    return this.view(this.db, applied);
  }

  async get(paymentId: string, caller: OrderCaller): Promise<Payment> {
    const p = await repo.findPayment(this.db, paymentId);
    const order = p ? await repo.findOrder(this.db, p.orderId) : undefined;
    if (!p || !order || !this.deps.orders.owns(order, caller)) throw appError('PAYMENT_NOT_FOUND');
    return this.view(this.db, p);
  }

  /** What the gateway says about an open debit now (undefined: it has never seen it). */
  private async ask(p: repo.PaymentRow): Promise<ChargeResult | undefined> {
    const gateway = this.deps.gateways.get(p.gateway);
    if (!gateway || p.gateway === 'balance') return undefined;
    // `complete` is idempotent everywhere and moves money only where the customer's step is done (a
    // PayPal order approved, and perhaps already reported `pending` by its webhook, is captured here).
    if (p.gatewayReference) return gateway.complete(p.gatewayReference, p.idempotencyKey);
    return gateway.findCharge(p.orderId, p.idempotencyKey);
  }

  /**
   * The customer gives up an attempt still waiting for them (left PayPal, an unused crypto address, a
   * confirmation step never answered), so they can pay another way at once instead of waiting for
   * reconciliation. The gateway is asked to cancel; a charge that went through meanwhile still counts.
   */
  async cancel(paymentId: string, caller: OrderCaller): Promise<Payment> {
    const p = await repo.findPayment(this.db, paymentId);
    const order = p ? await repo.findOrder(this.db, p.orderId) : undefined;
    if (!p || !order || p.type !== 'debit' || !this.deps.orders.owns(order, caller)) throw appError('PAYMENT_NOT_FOUND');
    if (!OPEN.includes(p.status)) return this.view(this.db, p);
    const gateway = this.deps.gateways.get(p.gateway);
    let result: ChargeResult | undefined;
    try {
      const reference = p.gatewayReference ?? (await gateway?.findCharge(p.orderId, p.idempotencyKey))?.reference;
      result = reference && gateway ? await gateway.cancel(reference) : undefined;
    } catch (e) {
      this.deps.log.warn({ payment: p.id, reason: (e as Error).message }, 'gateway did not answer a cancellation');
      throw appError('GATEWAY_UNAVAILABLE');
    }
    // The gateway never saw it: nothing to stop there. Should the charge still arrive, applyResult takes it.
    const applied = await this.applyResult(p.id, result ?? { status: 'canceled', reference: '', failureCode: 'canceled' });
    return this.view(this.db, applied);
  }

  /** Verifies and records a notification; a job applies it. A replay is recorded once and ignored. */
  async receiveEvent(gatewayId: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<void> {
    const gateway = this.deps.gateways.get(gatewayId);
    if (!gateway?.verifyEvent) throw appError('ROUTE_NOT_FOUND');
    let event;
    try {
      event = await gateway.verifyEvent(rawBody, headers);
    } catch (e) {
      if (e instanceof InvalidEventError) throw appError('INVALID_WEBHOOK');
      throw appError('GATEWAY_UNAVAILABLE');
    }
    await this.db.transaction(async (tx) => {
      const fresh = await repo.recordEvent(tx, {
        gateway: gateway.id,
        eventId: event.id,
        type: event.type,
        reference: event.reference,
        amount: event.amount ?? null,
        currency: event.currency ?? null,
      });
      if (fresh) await this.deps.queue.send(PAYMENT_EVENT_JOB, { gateway: gateway.id, eventId: event.id }, { exec: tx });
    });
  }

  /** The job: applies one recorded event and marks it processed, in one transaction. */
  async processEvent(data: { gateway: string; eventId: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const ev = await repo.findEvent(tx, data.gateway, data.eventId, { lock: true });
      if (!ev || ev.processedAt) return;
      if (ev.type === 'other') {
        await repo.markEventProcessed(tx, ev.gateway, ev.eventId, 'ignored');
        return;
      }
      if (ev.type === 'refund.succeeded') {
        const credit = await repo.findPaymentByReference(tx, ev.gateway, 'credit', ev.reference);
        if (credit) await repo.updatePayment(tx, credit.id, { status: 'succeeded', paidAt: new Date() }, ['pending']);
        await repo.markEventProcessed(tx, ev.gateway, ev.eventId, credit ? 'applied' : 'unmatched');
        return;
      }
      const p = await repo.findPaymentByReference(tx, ev.gateway, 'debit', ev.reference);
      // Not matched yet: the attempt's reference may not be stored (crash); retry after reconciliation.
      if (!p) throw new Error(`no payment for ${ev.gateway} reference yet`);
      const status = ev.type.slice('charge.'.length) as ChargeResult['status'];
      await this.applyResult(
        p.id,
        { status, reference: ev.reference, ...(ev.amount !== null ? { amount: ev.amount } : {}), ...(ev.currency ? { currency: ev.currency } : {}) },
        tx,
      );
      await repo.markEventProcessed(tx, ev.gateway, ev.eventId, 'applied');
    });
  }

  /** Settles every attempt left open longer than the grace period (scheduled). */
  async reconcile(): Promise<number> {
    const before = new Date(Date.now() - this.deps.settings.reconcileAfterSeconds * 1000);
    const open = await repo.unfinishedPayments(this.db, before);
    let settled = 0;
    for (const p of open) {
      try {
        if (await this.reconcileOne(p.id)) settled++;
      } catch (e) {
        this.deps.log.warn({ payment: p.id, reason: (e as Error).message }, 'reconciliation of a payment failed; next round tries again');
      }
    }
    return settled;
  }

  /** Asks the gateway about one open attempt and applies the answer. True when it is no longer open. */
  async reconcileOne(paymentId: string): Promise<boolean> {
    const p = await repo.findPayment(this.db, paymentId);
    if (!p || !OPEN.includes(p.status)) return false;
    if (p.type === 'credit') {
      await this.processRefund(p.id);
      return true;
    }
    const gateway = this.deps.gateways.get(p.gateway);
    if (!gateway) return false;
    const age = Date.now() - p.createdAt.getTime();
    const timedOut = age > this.deps.settings.actionTimeoutMinutes * 60_000;
    let result = await this.ask(p);
    if (!result) {
      // The gateway never saw the attempt: nothing was charged. Close it once it cannot still arrive.
      if (age < Math.max(60_000, this.deps.settings.reconcileAfterSeconds * 1000)) return false;
      const row = await this.applyResult(p.id, { status: 'failed', reference: '', failureCode: 'processing_error' });
      return !OPEN.includes(row.status);
    }
    if (OPEN.includes(result.status) && timedOut && result.reference) result = await gateway.cancel(result.reference);
    const row = await this.applyResult(p.id, result);
    return !OPEN.includes(row.status);
  }

  // --- refunds -----------------------------------------------------------------------------------

  /** Writes a refund (credit) of `amount` against a debit and queues it (in the caller's transaction). */
  private async startRefund(tx: Executor, debit: repo.PaymentRow, amount: number, key: string): Promise<repo.PaymentRow | undefined> {
    if (amount <= 0) return undefined;
    const [existing] = (await repo.orderPayments(tx, debit.orderId)).filter((p) => p.idempotencyKey === key);
    if (existing) return existing;
    const credit = await repo.insertPayment(tx, {
      orderId: debit.orderId,
      subscriberId: debit.subscriberId,
      gateway: debit.gateway,
      method: debit.method,
      type: 'credit',
      amount,
      currency: debit.currency,
      status: 'pending',
      idempotencyKey: key,
      refundOf: debit.id,
    });
    if (debit.gateway === 'balance') {
      await creditBalance(tx, {
        subscriberId: debit.subscriberId,
        amount,
        reason: 'refund',
        description: 'Refund to your balance',
        orderId: debit.orderId,
        sourceKey: key,
      });
      return (await repo.updatePayment(tx, credit.id, { status: 'succeeded', paidAt: new Date(), gatewayReference: `bal_${credit.id}` })) ?? credit;
    }
    await this.deps.queue.send(PAYMENT_REFUND_JOB, { paymentId: credit.id }, { exec: tx });
    return credit;
  }

  /** The refund job: pays a credit back through the gateway that took the money (same key on every try). */
  async processRefund(creditId: string): Promise<void> {
    const credit = await repo.findPayment(this.db, creditId);
    if (!credit || credit.type !== 'credit' || credit.status !== 'pending' || !credit.refundOf) return;
    const debit = await repo.findPayment(this.db, credit.refundOf);
    const gateway = this.deps.gateways.get(credit.gateway);
    if (!debit?.gatewayReference || !gateway) throw new Error(`refund ${credit.id}: gateway ${credit.gateway} or the charge reference is missing`);
    const result = await gateway.refund({
      idempotencyKey: credit.idempotencyKey,
      reference: debit.gatewayReference,
      amount: credit.amount,
      currency: credit.currency,
      reason: 'requested_by_customer',
    });
    if (result.status === 'failed') {
      await repo.updatePayment(this.db, credit.id, { status: 'failed', failureCode: 'processing_error', gatewayReference: result.reference }, ['pending']);
      this.deps.log.error({ payment: credit.id }, 'the gateway refused a refund: the operator must settle it');
      return;
    }
    await repo.updatePayment(
      this.db,
      credit.id,
      result.status === 'succeeded' ? { status: 'succeeded', paidAt: new Date(), gatewayReference: result.reference } : { gatewayReference: result.reference },
      ['pending'],
    );
  }

  /**
   * Refunds an order per SPEC §1: only lines still refundable (a plan whose SIM is not activated, as
   * its fulfiller says), never SIM cards, shipping or add-ons; tax and surcharge of the refunded
   * lines go back with them. Reverses the affiliate and referral credits the order earned.
   * Idempotent: a second call answers the first refund.
   */
  async refundOrder(orderId: string): Promise<{ order: repo.OrderRow; refund: repo.PaymentRow }> {
    const key = `refund:order:${orderId}`;
    const out = await this.db.transaction(async (tx) => {
      const order = await repo.findOrder(tx, orderId, { lock: true });
      if (!order) throw appError('ORDER_NOT_FOUND');
      const prior = (await repo.orderPayments(tx, order.id)).find((p) => p.idempotencyKey === key);
      if (prior) return { order, refund: prior };
      if (!PAID_STATUSES.includes(order.status) || !order.paidPaymentId) throw appError('REFUND_NOT_ALLOWED');
      const debit = await repo.findPayment(tx, order.paidPaymentId, { lock: true });
      if (!debit) throw appError('REFUND_NOT_ALLOWED');
      const lines = await repo.findOrderLines(tx, [order.id]);
      const fOrder = fulfilmentOrder(order);
      let refundable = 0;
      for (const l of lines) {
        if (l.type === 'addon' || l.type === 'sim_card') continue;
        const f = this.deps.fulfillers.for(l.type as FulfilmentLine['type']);
        const ok = f?.refundable ? await f.refundable(fOrder, fulfilmentLine(l), tx) : l.type === 'plan' || !l.fulfilledAt;
        if (ok) refundable += l.total;
      }
      if (refundable === 0) throw appError('REFUND_NOT_ALLOWED');
      const amount = Math.min(debit.amount, refundable + basisPoints(refundable, order.taxRateBps) + basisPoints(refundable, order.surchargeBps));
      const refund = await this.startRefund(tx, debit, amount, key);
      if (!refund) throw appError('REFUND_NOT_ALLOWED');
      const updated = (await repo.updateOrder(tx, order.id, { status: 'refunded', refundedAt: new Date() })) ?? order;
      await this.reverseCredits(tx, order);
      const subscriber = await findSubscriberById(tx, order.subscriberId);
      await this.deps.mail.enqueue(tx, order.email, subscriber?.locale, {
        kind: 'order-refunded',
        firstName: subscriber?.firstName ?? '',
        orderNumber: order.number,
        amount,
        currency: order.currency,
      });
      return { order: updated, refund };
    });
    if (out.refund.status === 'pending') {
      await this.processRefund(out.refund.id).catch((e: unknown) =>
        this.deps.log.warn({ payment: out.refund.id, reason: (e as Error).message }, 'refund call failed; the job retries it'),
      );
      const fresh = await repo.findPayment(this.db, out.refund.id);
      if (fresh) out.refund = fresh;
    }
    return out;
  }

  private async reverseCredits(tx: Executor, order: repo.OrderRow) {
    const earned = await repo.balanceTransactionsOf(tx, [`affiliate:${order.id}`, `referral:${order.subscriberId}`]);
    for (const t of earned) {
      // The referral bonus came with the referred customer's first paid order: reversed with that order only.
      if (t.sourceKey.startsWith('referral:') && (await repo.firstPaidOrderId(tx, order.subscriberId)) !== order.id) continue;
      await debitBalance(
        tx,
        {
          subscriberId: t.subscriberId,
          amount: t.amount,
          reason: 'reversal',
          description: t.reason === 'affiliate_commission' ? 'Affiliate commission reversed: the purchase was refunded' : 'Referral bonus reversed: the order was refunded',
          sourceKey: `reversal:${t.sourceKey}`,
        },
        { partial: true },
      );
    }
  }

  // --- fulfilment --------------------------------------------------------------------------------

  /** The job after payment: runs each unfulfilled line's fulfiller; eSIM-only orders end delivered. */
  async fulfil(orderId: string): Promise<void> {
    const order = await repo.findOrder(this.db, orderId);
    if (!order || !['paid', 'processing'].includes(order.status)) return;
    await repo.updateOrder(this.db, order.id, { status: 'processing' }, ['paid']);
    const lines = await repo.findOrderLines(this.db, [order.id]);
    const fOrder = fulfilmentOrder(order);
    const fLines = lines.map(fulfilmentLine);
    for (const line of lines) {
      if (line.fulfilledAt) continue;
      const f = this.deps.fulfillers.for(line.type as FulfilmentLine['type']);
      if (!f) continue;
      const fLine = fulfilmentLine(line);
      try {
        // The carrier first, outside any transaction (decision 234); then the line's records in one.
        const prepared = f.prepare ? await f.prepare(fOrder, fLine, fLines) : undefined;
        await this.db.transaction(async (tx) => {
          const r = await f.fulfil(fOrder, fLine, tx, prepared);
          if (r.status === 'done') await repo.markLineFulfilled(tx, line.id);
        });
      } catch (e) {
        // No SIM left for it: the customer hears so once, then the job is retried (and resumed, decision 232).
        if (isOutOfStock(e)) {
          // The job's own error is what the retry needs; a failed notice is logged and tried again with it.
          await this.noteDelay(order).catch((err: unknown) => this.deps.log.warn({ order: order.id, reason: String(err) }, 'delay notice not recorded'));
        }
        throw e;
      }
    }
    const after = await repo.findOrderLines(this.db, [order.id]);
    if (!order.shippingAddress && after.length > 0 && after.every((l) => l.fulfilledAt)) {
      await repo.updateOrder(this.db, order.id, { status: 'delivered', deliveredAt: new Date() }, ['processing']);
    }
  }

  /**
   * The periodic sweep for paid orders whose fulfilment job gave up (decision 232): the last eSIM went
   * to another buyer between payment and fulfilment, or the network was down past every retry. Each
   * such order (paid more than `olderThanSeconds` ago, work left that a fulfiller does, no fulfilment
   * job waiting or running) gets a new fulfilment job once there is SIM stock of the kinds its new SIMs
   * need; orders that find none wait for the next sweep, and stock goes to the oldest order first.
   */
  async resumeFulfilment(olderThanSeconds: number): Promise<{ resumed: string[]; waitingForStock: string[] }> {
    const lines = await repo.linesLeftToFulfil(this.db, this.deps.fulfillers.types(), new Date(Date.now() - olderThanSeconds * 1000));
    const resumed: string[] = [];
    const waitingForStock: string[] = [];
    if (lines.length === 0) return { resumed, waitingForStock };
    const live = await this.deps.queue.liveKeys(ORDER_FULFIL_JOB, 'orderId');
    const byOrder = new Map<string, repo.OrderLineRow[]>();
    for (const l of lines) if (!live.has(l.orderId)) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
    if (byOrder.size === 0) return { resumed, waitingForStock };
    const left = await this.deps.orders.stock();
    // Once an order waits for a kind, younger orders that need it wait too: stock goes oldest first.
    const blocked = { esim: false, physical: false };
    for (const [orderId, ls] of byOrder) {
      const need = { esim: 0, physical: 0 };
      for (const l of ls) {
        if (l.type === 'plan' && (l.sim === 'esim' || l.sim === 'physical')) need[l.sim] += l.quantity;
        // A move to eSIM takes a profile too.
        if (l.type === 'sim_refresh' && (l.details as { toEsim?: unknown } | null)?.toEsim === true) need.esim += 1;
      }
      const kinds = (['esim', 'physical'] as const).filter((k) => need[k] > 0);
      // Any stock is enough to go on: fulfilment keeps what it reserved for a line (by reference), so a
      // line of three with two profiles left takes those two now and the third when it comes.
      if (kinds.some((k) => blocked[k] || left[k] === 0)) {
        for (const k of kinds) blocked[k] = true;
        waitingForStock.push(orderId);
        continue;
      }
      for (const k of kinds) left[k] = Math.max(0, left[k] - need[k]);
      await this.deps.queue.send(ORDER_FULFIL_JOB, { orderId });
      resumed.push(orderId);
    }
    return { resumed, waitingForStock };
  }

  /**
   * A paid order whose SIMs the stock cannot cover yet (decision 235): marked once, and its owner is
   * mailed that it is late, why, and that a refund is theirs for the asking. The mark and the mail are
   * one transaction, so however many retries fail, one mail goes out.
   */
  private async noteDelay(order: repo.OrderRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      const marked = await repo.markFulfilmentDelayed(tx, order.id);
      if (!marked) return;
      const subscriber = await findSubscriberById(tx, order.subscriberId);
      await this.deps.mail.enqueue(tx, order.email, subscriber?.locale, {
        kind: 'order-delayed',
        firstName: subscriber?.firstName ?? '',
        orderNumber: order.number,
        link: `${this.deps.settings.publicUrl}/dashboard/order-view/${order.id}`,
      });
    });
  }

  /** Operator: the order left with a carrier; the customer is mailed the tracking link. */
  async ship(orderId: string, carrier: string, trackingNumber: string): Promise<repo.OrderRow> {
    return this.db.transaction(async (tx) => {
      const order = await repo.findOrder(tx, orderId, { lock: true });
      if (!order) throw appError('ORDER_NOT_FOUND');
      if (!order.shippingAddress) throw appError('CONFLICT', { message: 'This order ships nothing.' });
      if (order.status === 'shipped' && order.trackingNumber === trackingNumber) return order;
      if (!['paid', 'processing'].includes(order.status)) throw appError('CONFLICT', { message: `An order that is ${order.status} cannot be shipped.` });
      const updated = await repo.updateOrder(tx, order.id, { status: 'shipped', carrier, trackingNumber, shippedAt: new Date() }, ['paid', 'processing']);
      if (!updated) throw appError('CONFLICT');
      const lines = await repo.findOrderLines(tx, [order.id]);
      for (const l of lines) if (l.sim === 'physical' || l.type === 'sim_card') await repo.markLineFulfilled(tx, l.id);
      const subscriber = await findSubscriberById(tx, order.subscriberId);
      await this.deps.mail.enqueue(tx, order.email, subscriber?.locale, {
        kind: 'order-shipped',
        firstName: subscriber?.firstName ?? '',
        orderNumber: order.number,
        carrier,
        trackingNumber,
        trackingUrl: trackingUrl(carrier, trackingNumber) ?? '',
      });
      return updated;
    });
  }

  async markDelivered(orderId: string): Promise<repo.OrderRow> {
    const updated = await repo.updateOrder(this.db, orderId, { status: 'delivered', deliveredAt: new Date() }, ['shipped']);
    if (!updated) throw appError('CONFLICT', { message: 'Only a shipped order can be marked delivered.' });
    return updated;
  }
}

export function fulfilmentOrder(o: repo.OrderRow): FulfilmentOrder {
  return {
    id: o.id,
    number: o.number,
    kind: o.kind as FulfilmentOrder['kind'],
    subscriberId: o.subscriberId,
    email: o.email,
    shippingAddress: (o.shippingAddress as Record<string, unknown> | null) ?? null,
  };
}

export function fulfilmentLine(l: repo.OrderLineRow): FulfilmentLine {
  return {
    id: l.id,
    type: l.type as FulfilmentLine['type'],
    name: l.name,
    planId: l.planId,
    priceId: l.priceId,
    addonId: l.addonId,
    simId: l.simId,
    sim: l.sim as FulfilmentLine['sim'],
    periodDays: l.periodDays,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    total: l.total,
    details: (l.details as Record<string, unknown> | null) ?? null,
    fulfilled: l.fulfilledAt !== null,
  };
}
