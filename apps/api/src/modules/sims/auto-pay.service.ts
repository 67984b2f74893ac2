import { createHash } from 'node:crypto';
import { and, count, eq, gt, inArray, isNotNull, lt, lte, or, sql, type Column } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { subscribers } from '../../db/schema/accounts.js';
import { balanceTransactions, orderLines, paymentMethods } from '../../db/schema/checkout.js';
import type { Executor } from '../../db/executor.js';
import { simAddOns, simPlanPeriods, sims, subscriberNotices } from '../../db/schema/sims.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { findSubscriberById } from '../accounts/accounts.repository.js';
import { findOrderByRequest } from '../checkout/checkout.repository.js';
import type { PaymentService } from '../checkout/payments.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { SimActionsService } from './sim-actions.service.js';

export const AUTO_PAY_JOB = 'sim-auto-pay';

export interface AutoPaySettings {
  /** Renew this long before the period ends (the new period starts at its end). */
  renewAheadSeconds: number;
  /** Wait before the second attempt of a declined charge; doubled for each further one. */
  retrySeconds: number;
  /** Attempts per charge (the first included) before it is left for the subscriber to pay. */
  maxAttempts: number;
  publicUrl: string;
  /** Currency of the low-balance notice. */
  currency: string;
}

type What = 'renew' | 'extend' | 'top_up' | 'quota';
type Quota = 'call' | 'sms' | 'data';
const DAY = 86_400_000;
/** Days an expired SIM keeps its number (recovery window, SPEC §9). */
const RECOVERY_DAYS = 30;
/** A plan-ended notice is news only soon after the end (not, say, for expiries found at a first deployment). */
const PLAN_EXPIRED_NOTICE_DAYS = 3;
const PAID = ['paid', 'processing', 'shipped', 'delivered'];

/** A stable UUID for a business key: the same key gives the same order or payment request id on every instance. */
export function keyedUuid(key: string): string {
  const h = createHash('sha256').update(`auto-pay:${key}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Automatic payments (decision 164), run by the `sim-auto-pay` scheduled job (once per period across
 * instances): auto-renew before a period ends, auto-extend when a quota is used up, auto top-up when
 * the balance falls below the subscriber's threshold. Each is an ordinary checkout order paid with
 * the card chosen for that flag, so money and fulfilment keep their exactly-once rules; the order's
 * request id is derived from what it pays for (the period, or the n-th top-up), so however many
 * instances or runs see the same need, there is one order and one charge per attempt. A declined
 * charge is retried with backoff (`retrySeconds`, doubled) up to `maxAttempts`; each failure is mailed
 * with a link to fix the card, and the flag is never switched off by a failure.
 */
export class AutoPayService {
  constructor(
    private readonly d: {
      db: Db;
      actions: SimActionsService;
      payments: PaymentService;
      mail: MailService;
      catalogue: CatalogueService;
      settings: AutoPaySettings;
      log: Logger;
    },
  ) {}

  async tick(now = new Date()): Promise<{ renew: number; extend: number; topUp: number; quota: number; lowBalance: number; planExpired: number }> {
    const out = { renew: 0, extend: 0, topUp: 0, quota: 0, lowBalance: 0, planExpired: 0 };
    const db = this.d.db;
    const ahead = new Date(now.getTime() + this.d.settings.renewAheadSeconds * 1000);

    const renewals = await db
      .select({ simId: sims.id, subscriberId: sims.subscriberId, periodId: simPlanPeriods.id })
      .from(sims)
      .innerJoin(subscribers, eq(subscribers.id, sims.subscriberId))
      .innerJoin(simPlanPeriods, and(eq(simPlanPeriods.simId, sims.id), eq(simPlanPeriods.status, 'active')))
      .where(
        and(
          eq(sims.autoRenew, true),
          isNotNull(subscribers.autoRenewPaymentMethodId),
          inArray(sims.status, ['active', 'expired']),
          lte(simPlanPeriods.expiresAt, ahead),
          // Nothing paid and waiting already (a renewal bought by hand, or one on its way).
          sql`not exists (select 1 from ${simPlanPeriods} p2 where p2.sim_id = ${sims.id} and p2.status = 'scheduled')`,
        ),
      )
      .limit(200);
    for (const r of renewals) if (await this.settle('renew', r.subscriberId!, r.simId, r.periodId, now)) out.renew++;

    const usedUp = or(
      and(isNotNull(sims.remainingDataMb), lte(sims.remainingDataMb, 0)),
      and(isNotNull(sims.remainingVoiceMinutes), lte(sims.remainingVoiceMinutes, 0)),
      and(isNotNull(sims.remainingSms), lte(sims.remainingSms, 0)),
    );
    const extensions = await db
      .select({ simId: sims.id, subscriberId: sims.subscriberId, periodId: simPlanPeriods.id })
      .from(sims)
      .innerJoin(subscribers, eq(subscribers.id, sims.subscriberId))
      .innerJoin(simPlanPeriods, and(eq(simPlanPeriods.simId, sims.id), eq(simPlanPeriods.status, 'active')))
      .where(and(eq(sims.autoExtend, true), isNotNull(subscribers.autoExtendPaymentMethodId), eq(sims.status, 'active'), usedUp))
      .limit(200);
    for (const r of extensions) if (await this.settle('extend', r.subscriberId!, r.simId, r.periodId, now)) out.extend++;

    const low = await db
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(
        and(
          isNotNull(subscribers.autoTopUpPaymentMethodId),
          isNotNull(subscribers.whenBelow),
          sql`coalesce(${subscribers.topUpAmount}, 0) > 0`,
          lt(subscribers.balance, sql`${subscribers.whenBelow}`),
          sql`${subscribers.deletedAt} is null`,
        ),
      )
      .limit(200);
    for (const s of low) {
      // The n-th top-up: a new one only after the previous one reached the balance.
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(balanceTransactions)
        .where(and(eq(balanceTransactions.subscriberId, s.id), eq(balanceTransactions.reason, 'top_up')));
      if (await this.settle('top_up', s.id, null, `${n}`, now)) out.topUp++;
    }

    out.quota = await this.quotaTopUps(now);
    const notices = await this.notices(now);
    out.lowBalance = notices.lowBalance;
    out.planExpired = notices.planExpired;
    return out;
  }

  /**
   * Auto top-up of a SIM's quota: an active SIM whose minutes, texts or data fell below the owner's
   * threshold gets the cheapest add-on of that kind its plan allows, paid with the auto top-up card.
   * The order's key is the period and the number of such add-ons already on the SIM, so one need is one
   * order (and an add-on becomes active in the same transaction that raises the balance).
   */
  private async quotaTopUps(now: Date): Promise<number> {
    const db = this.d.db;
    const below = (remaining: Column, threshold: Column) =>
      and(isNotNull(threshold), isNotNull(remaining), sql`${remaining} < ${threshold}`);
    const rows = await db
      .select({ sim: sims, periodId: simPlanPeriods.id, callBelow: subscribers.callBelow, smsBelow: subscribers.smsBelow, dataBelow: subscribers.dataBelow })
      .from(sims)
      .innerJoin(subscribers, eq(subscribers.id, sims.subscriberId))
      .innerJoin(simPlanPeriods, and(eq(simPlanPeriods.simId, sims.id), eq(simPlanPeriods.status, 'active')))
      .where(
        and(
          eq(sims.status, 'active'),
          isNotNull(sims.planId),
          isNotNull(subscribers.autoTopUpPaymentMethodId),
          sql`${subscribers.deletedAt} is null`,
          or(
            below(sims.remainingVoiceMinutes, subscribers.callBelow),
            below(sims.remainingSms, subscribers.smsBelow),
            below(sims.remainingDataMb, subscribers.dataBelow),
          ),
        ),
      )
      .limit(200);
    if (rows.length === 0) return 0;
    const addOns = (await this.d.catalogue.snapshot()).addOns.filter((a) => a.isActive);
    const field = { call: 'callMinutes', sms: 'sms', data: 'bandwidth' } as const;
    const rowField = { call: simAddOns.voiceMinutes, sms: simAddOns.sms, data: simAddOns.dataMb } as const;
    let attempted = 0;
    for (const r of rows) {
      const low: Quota[] = [];
      if (r.callBelow !== null && r.sim.remainingVoiceMinutes !== null && r.sim.remainingVoiceMinutes < r.callBelow) low.push('call');
      if (r.smsBelow !== null && r.sim.remainingSms !== null && r.sim.remainingSms < r.smsBelow) low.push('sms');
      if (r.dataBelow !== null && r.sim.remainingDataMb !== null && r.sim.remainingDataMb < r.dataBelow) low.push('data');
      for (const q of low) {
        const addOn = addOns
          .filter((a) => a.allowedForPlans.includes(r.sim.planId!) && a[field[q]] > 0)
          .sort((a, b) => a.price - b.price || b[field[q]] - a[field[q]])[0];
        if (!addOn) continue;
        const [{ n } = { n: 0 }] = await db
          .select({ n: count() })
          .from(simAddOns)
          .where(and(eq(simAddOns.simId, r.sim.id), eq(simAddOns.status, 'active'), sql`${rowField[q]} > 0`));
        if (await this.settle('quota', r.sim.subscriberId!, r.sim.id, `${q}:${r.periodId}:${n}`, now, addOn.id)) attempted++;
      }
    }
    return attempted;
  }

  /**
   * Notices, each mailed once per occasion through the mail queue (the notice row's key is unique and
   * the mail is queued in the transaction that inserts it): the balance fell below the subscriber's
   * notification threshold (once per dip: the key counts the credits so far), and a plan ended (once
   * per period, within a few days of its end; the mail says until when the number can be recovered).
   */
  async notices(now = new Date()): Promise<{ lowBalance: number; planExpired: number }> {
    const db = this.d.db;
    const out = { lowBalance: 0, planExpired: 0 };
    const notify = async (key: string, subscriberId: string, kind: 'low_balance' | 'plan_expired', send: (tx: Executor) => Promise<void>) =>
      db.transaction(async (tx) => {
        const inserted = await tx.insert(subscriberNotices).values({ key, subscriberId, kind }).onConflictDoNothing().returning({ key: subscriberNotices.key });
        if (inserted.length === 0) return false;
        await send(tx);
        return true;
      });

    const low = await db
      .select()
      .from(subscribers)
      .where(and(isNotNull(subscribers.balanceThreshold), sql`${subscribers.balance} < ${subscribers.balanceThreshold}`, sql`${subscribers.deletedAt} is null`))
      .limit(500);
    for (const s of low) {
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(balanceTransactions)
        .where(and(eq(balanceTransactions.subscriberId, s.id), eq(balanceTransactions.type, 'credit')));
      const sent = await notify(`low_balance:${s.id}:${n}`, s.id, 'low_balance', (tx) =>
        this.d.mail.enqueue(tx, s.email, s.locale, {
          kind: 'low-balance',
          firstName: s.firstName,
          balance: s.balance,
          threshold: s.balanceThreshold!,
          currency: this.d.settings.currency,
          link: `${this.d.settings.publicUrl}/dashboard/payment`,
        }),
      );
      if (sent) out.lowBalance++;
    }

    const ended = await db
      .select({ sim: sims, periodId: simPlanPeriods.id, expiresAt: simPlanPeriods.expiresAt, subscriber: subscribers })
      .from(sims)
      .innerJoin(subscribers, eq(subscribers.id, sims.subscriberId))
      .innerJoin(simPlanPeriods, and(eq(simPlanPeriods.simId, sims.id), eq(simPlanPeriods.status, 'active')))
      .where(
        and(
          eq(sims.status, 'expired'),
          lte(simPlanPeriods.expiresAt, now),
          gt(simPlanPeriods.expiresAt, new Date(now.getTime() - PLAN_EXPIRED_NOTICE_DAYS * DAY)),
          sql`${subscribers.deletedAt} is null`,
        ),
      )
      .limit(500);
    for (const e of ended) {
      const sent = await notify(`plan_expired:${e.periodId}`, e.subscriber.id, 'plan_expired', (tx) =>
        this.d.mail.enqueue(tx, e.subscriber.email, e.subscriber.locale, {
          kind: 'plan-expired',
          firstName: e.subscriber.firstName,
          number: e.sim.mdn ?? e.sim.iccid,
          recoverUntil: new Date(e.expiresAt!.getTime() + RECOVERY_DAYS * DAY),
          link: `${this.d.settings.publicUrl}/dashboard/sim`,
        }),
      );
      if (sent) out.planExpired++;
    }
    return out;
  }

  /**
   * One automatic charge: finds or places its order, and pays it when an attempt is due. True when a
   * charge was attempted in this call.
   */
  private async settle(what: What, subscriberId: string, simId: string | null, key: string, now: Date, addonId?: string): Promise<boolean> {
    const subscriber = await findSubscriberById(this.d.db, subscriberId);
    if (!subscriber || subscriber.deletedAt) return false;
    const cardId = {
      renew: subscriber.autoRenewPaymentMethodId,
      extend: subscriber.autoExtendPaymentMethodId,
      top_up: subscriber.autoTopUpPaymentMethodId,
      quota: subscriber.autoTopUpPaymentMethodId,
    }[what];
    if (!cardId) return false;
    const requestId = keyedUuid(`${what}:${simId ?? subscriberId}:${key}`);
    const who = { id: subscriber.id, email: subscriber.email };
    let order = await findOrderByRequest(this.d.db, subscriberId, requestId);
    try {
      if (!order) {
        if (what === 'top_up') {
          const amount = subscriber.topUpAmount ?? 0;
          await this.d.actions.topUp(who, amount, { expectedTotal: (await this.d.actions.topUpPrice(amount)).quote.total, requestId });
        } else if (what === 'quota') {
          const spec = { kind: 'addons' as const, items: [{ addonId: addonId!, quantity: 1 }] };
          const priced = await this.d.actions.price(subscriberId, simId!, spec, now);
          await this.d.actions.purchase(who, simId!, spec, { expectedTotal: priced.quote.total, requestId });
        } else {
          const spec = { kind: 'renew' as const, mode: what };
          const priced = await this.d.actions.price(subscriberId, simId!, spec, now);
          await this.d.actions.purchase(who, simId!, spec, { expectedTotal: priced.quote.total, requestId }, { auto: what, periodId: key });
        }
        order = await findOrderByRequest(this.d.db, subscriberId, requestId);
      }
    } catch (e) {
      // Not possible now (a change on its way, the SIM left the network): the next run looks again.
      if (e instanceof AppError) return false;
      throw e;
    }
    if (!order || PAID.includes(order.status) || order.status === 'canceled' || order.status === 'refunded') return false;

    // Claim the next attempt (one runner wins it), if it is due.
    const [line] = await this.d.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).limit(1);
    if (!line) return false;
    const details = (line.details ?? {}) as { attempts?: number; lastAttemptAt?: string };
    const attempts = details.attempts ?? 0;
    if (attempts >= this.d.settings.maxAttempts) return false;
    if (attempts > 0 && details.lastAttemptAt) {
      const due = new Date(details.lastAttemptAt).getTime() + this.d.settings.retrySeconds * 1000 * 2 ** (attempts - 1);
      if (now.getTime() < due) return false;
    }
    const claimed = await this.d.db
      .update(orderLines)
      .set({ details: sql`coalesce(${orderLines.details}, '{}'::jsonb) || ${JSON.stringify({ attempts: attempts + 1, lastAttemptAt: now.toISOString() })}::jsonb` })
      .where(and(eq(orderLines.id, line.id), sql`coalesce((${orderLines.details}->>'attempts')::int, 0) = ${attempts}`))
      .returning({ id: orderLines.id });
    if (claimed.length === 0) return false;

    const [card] = await this.d.db.select().from(paymentMethods).where(and(eq(paymentMethods.id, cardId), eq(paymentMethods.subscriberId, subscriberId))).limit(1);
    let failed = !card;
    if (card) {
      try {
        const p = await this.d.payments.pay(
          { subscriberId },
          { orderId: order.id, gateway: card.gateway as 'sandbox', method: 'card', paymentMethodId: card.id, requestId: keyedUuid(`${requestId}:attempt:${attempts + 1}`) },
          { offSession: true },
        );
        failed = p.status === 'failed' || p.status === 'canceled';
      } catch (e) {
        // An expired or removed card, or the gateway out of reach: this attempt counts as failed.
        this.d.log.warn({ order: order.id, what, reason: (e as Error).message }, 'automatic charge not made');
        failed = true;
      }
    }
    if (failed) {
      const last = attempts + 1 >= this.d.settings.maxAttempts;
      const retryAt = last ? null : new Date(now.getTime() + this.d.settings.retrySeconds * 1000 * 2 ** attempts);
      const [sim] = simId ? await this.d.db.select({ mdn: sims.mdn, iccid: sims.iccid }).from(sims).where(eq(sims.id, simId)).limit(1) : [];
      await this.d.mail.enqueue(undefined, subscriber.email, subscriber.locale, {
        kind: 'auto-charge-failed',
        firstName: subscriber.firstName,
        what,
        number: sim?.mdn ?? sim?.iccid ?? '',
        amount: order.total,
        currency: order.currency,
        retryAt,
        link: `${this.d.settings.publicUrl}/dashboard/payment`,
      });
    }
    return true;
  }
}
