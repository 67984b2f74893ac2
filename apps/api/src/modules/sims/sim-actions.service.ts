import type { Plan, PlanPricing } from '@app/shared/contracts/catalogue';
import type { LineType, Quote, QuoteLine } from '@app/shared/contracts/checkout';
import type { OrderKind, PurchaseResult } from '@app/shared/contracts/orders';
import type { SimActionEffect, SimActionQuote } from '@app/shared/contracts/sims';
import { basisPoints } from '@app/shared/rules/pricing';
import { recoverability } from '@app/shared/rules/sims';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { appError, fieldError } from '../../lib/errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { OrdersService } from '../checkout/orders.service.js';
import type { PricingSettings, QuoteService } from '../checkout/quote.service.js';
import { bundle, findOwnedSim, openActionOfType, type SimBundle } from './sims.repository.js';

/**
 * The paid SIM actions (renew, extend, change plan, recovery, add-ons for a SIM, balance top-up)
 * as quotes and orders. Nothing here takes money or talks to the carrier: the order goes through
 * checkout's payment machinery like any other, and once it is paid the SIM fulfiller
 * (sim-fulfilment.ts) records the carrier action in the transaction that marks the line fulfilled.
 * The quote answers what the action does and when before the subscriber confirms.
 */

export type SimActionSpec =
  | { kind: 'renew'; mode: 'renew' | 'extend'; priceId?: string | undefined }
  | { kind: 'change'; planId: string; priceId: string }
  | { kind: 'recover'; priceId?: string | undefined }
  | { kind: 'addons'; items: { addonId: string; quantity: number }[] };

export interface PurchaseFields {
  expectedTotal: number;
  requestId: string;
}

/** What goes on the order line of a plan action (read back by the fulfiller). */
export interface PlanActionDetails {
  action: 'renew' | 'extend' | 'change_plan' | 'recover';
  /** Set on orders the schedulers place (auto-renew, auto-extend), with the period they follow. */
  auto?: 'renew' | 'extend' | undefined;
  periodId?: string | undefined;
}

interface Prepared {
  orderKind: OrderKind;
  quote: Quote;
  effect: SimActionEffect;
  details: Record<string, unknown> | null;
}

const DAY = 86_400_000;
const PLAN_ACTIONS = ['renew', 'change_plan', 'recover'];

export class SimActionsService {
  constructor(
    private readonly d: {
      db: Db;
      catalogue: CatalogueService;
      orders: OrdersService;
      quotes: QuoteService;
      pricing: PricingSettings;
    },
  ) {}

  async price(subscriberId: string, simId: string, spec: SimActionSpec, now = new Date()): Promise<SimActionQuote> {
    const p = await this.prepare(this.d.db, subscriberId, simId, spec, now);
    return { quote: p.quote, effect: p.effect };
  }

  async purchase(who: { id: string; email: string }, simId: string, spec: SimActionSpec, req: PurchaseFields, extra: Partial<PlanActionDetails> = {}): Promise<PurchaseResult> {
    const p = await this.prepare(this.d.db, who.id, simId, spec, new Date());
    const details = p.details ? { ...p.details, ...extra } : null;
    return this.d.orders.placeForSubscriber(who, p.orderKind, p.quote, req, null, () => ({ details }));
  }

  async topUpPrice(amount: number): Promise<SimActionQuote> {
    return { quote: this.topUpQuote(amount), effect: { action: 'top_up', when: 'now', startsAt: null, expiresAt: null, replacesCurrentPeriod: false, planName: null } };
  }

  async topUp(who: { id: string; email: string }, amount: number, req: PurchaseFields): Promise<PurchaseResult> {
    return this.d.orders.placeForSubscriber(who, 'top_up', this.topUpQuote(amount), req, null);
  }

  // --- pricing ------------------------------------------------------------------------------------

  private topUpQuote(amount: number): Quote {
    // Stored value: no tax or surcharge now (they apply to what the balance later pays for).
    const line: QuoteLine = {
      key: 'top_up',
      type: 'top_up',
      name: 'Balance top-up',
      planId: null,
      priceId: null,
      addonId: null,
      simId: null,
      sim: null,
      periodDays: null,
      unitPrice: amount,
      quantity: 1,
      total: amount,
    };
    return this.quoteOf([line], { taxable: false });
  }

  private quoteOf(lines: QuoteLine[], opts: { taxable: boolean }): Quote {
    const subtotal = lines.reduce((s, l) => s + l.total, 0);
    const taxRateBps = opts.taxable ? this.d.pricing.taxRateBps : 0;
    const surchargeBps = opts.taxable ? this.d.pricing.surchargeBps : 0;
    const tax = basisPoints(subtotal, taxRateBps);
    const surcharge = basisPoints(subtotal, surchargeBps);
    return {
      lines,
      subtotal,
      physicalSims: 0,
      esims: 0,
      simCardPrice: this.d.pricing.simCardPrice,
      simCards: 0,
      needsShipping: false,
      shippingOptions: [],
      shippingRate: null,
      shipping: 0,
      taxRateBps,
      tax,
      surchargeBps,
      surcharge,
      total: subtotal + tax + surcharge,
      currency: this.d.pricing.currency,
      sellable: true,
    };
  }

  private choosePrice(plan: Plan, prices: PlanPricing[], priceId: string | undefined): PlanPricing {
    const own = prices.filter((p) => p.planId === plan.id && p.isActive);
    if (priceId) {
      const chosen = own.find((p) => p.id === priceId);
      if (!chosen) throw fieldError('priceId', 'This price is not available for the plan', 'PLAN_NOT_FOUND');
      return chosen;
    }
    const first = own.find((p) => p.periodDays === plan.validityDays) ?? own[0];
    if (!first) throw appError('PLAN_NOT_FOUND');
    return first;
  }

  private planLine(type: LineType, plan: Plan, price: PlanPricing, simId: string): QuoteLine {
    return {
      key: type,
      type,
      name: plan.name,
      planId: plan.id,
      priceId: price.id,
      addonId: null,
      simId,
      sim: null,
      periodDays: price.periodDays,
      unitPrice: price.price,
      quantity: 1,
      total: price.price,
    };
  }

  /** Checks the SIM may take the action now and prices it; throws the spec's codes otherwise. */
  async prepare(exec: Executor, subscriberId: string, simId: string, spec: SimActionSpec, now: Date): Promise<Prepared> {
    const sim = await findOwnedSim(exec, subscriberId, simId);
    if (!sim) throw appError('SIM_NOT_FOUND');
    const [b] = (await bundle(exec, [sim])) as [SimBundle];
    const snap = await this.d.catalogue.snapshot();
    const active = b.period?.status === 'active' ? b.period : undefined;
    const currentPlan = sim.planId ? snap.plans.get(sim.planId) : undefined;

    if (spec.kind === 'addons') {
      if (!sim.planId) throw appError('SIM_HAS_NO_ACTIVE_PLAN');
      if (!['active', 'inactive', 'pending'].includes(sim.status)) throw appError('SIM_NOT_ACTIVE');
      const quote = await this.d.quotes.quoteAddOnsForSim(sim.id, sim.planId, spec.items);
      if (!quote.sellable) throw appError('NO_ADDONS_FOR_PLAN');
      return {
        orderKind: 'addon',
        quote,
        effect: { action: 'addon', when: 'now', startsAt: null, expiresAt: active?.expiresAt?.toISOString() ?? null, replacesCurrentPeriod: false, planName: currentPlan?.name ?? null },
        details: null,
      };
    }

    if (await openActionOfType(exec, sim.id, PLAN_ACTIONS)) throw appError('SIM_ACTION_PENDING');

    if (spec.kind === 'change') {
      if (!currentPlan) throw appError('SIM_HAS_NO_ACTIVE_PLAN');
      if (spec.planId === currentPlan.id) throw appError('SAME_PLAN', { errors: [{ field: 'planId', message: 'You cannot change to the same plan' }] });
      if (sim.status !== 'active' && sim.status !== 'expired') throw appError('SIM_NOT_ACTIVE');
      const plan = snap.plans.get(spec.planId);
      if (!plan?.isActive) throw fieldError('planId', 'This plan is not available', 'PLAN_NOT_FOUND');
      const kindOf = (p: Plan) => (p.simSource.type.startsWith('sim_') ? 'physical' : 'esim');
      if (kindOf(plan) !== sim.kind) throw fieldError('planId', sim.kind === 'esim' ? 'This plan is sold for physical SIMs only' : 'This plan is sold for eSIMs only', 'PLAN_NOT_FOUND');
      const price = this.choosePrice(plan, snap.prices, spec.priceId);
      return {
        orderKind: 'plan_change',
        quote: this.quoteOf([this.planLine('plan_change', plan, price, sim.id)], { taxable: true }),
        effect: {
          action: 'change_plan',
          when: 'now',
          startsAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + price.periodDays * DAY).toISOString(),
          replacesCurrentPeriod: active !== undefined,
          planName: plan.name,
        },
        details: { action: 'change_plan' } satisfies PlanActionDetails,
      };
    }

    if (!currentPlan) throw appError('SIM_HAS_NO_ACTIVE_PLAN');
    const price = this.choosePrice(currentPlan, snap.prices, spec.priceId);

    if (spec.kind === 'recover') {
      const verdict = recoverability(
        { state: sim.status, expiresAt: active?.expiresAt ?? null, activatedAt: sim.activatedAt, hasNumber: sim.mdn !== null, portInProgress: b.portInProgress },
        now,
      );
      if (!verdict.recoverable) throw appError(verdict.code);
      return {
        orderKind: 'recovery',
        quote: this.quoteOf([this.planLine('recovery', currentPlan, price, sim.id)], { taxable: true }),
        effect: {
          action: 'recover',
          when: 'now',
          startsAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + price.periodDays * DAY).toISOString(),
          replacesCurrentPeriod: false,
          planName: currentPlan.name,
        },
        details: { action: 'recover' } satisfies PlanActionDetails,
      };
    }

    // renew / extend
    if (spec.mode === 'extend') {
      if (sim.status !== 'active') throw appError('SIM_NOT_ACTIVE');
    } else if (sim.status !== 'active' && sim.status !== 'expired') {
      throw appError(sim.status === 'inactive' || sim.status === 'pending' ? 'SIM_NOT_ACTIVE' : 'SIM_NOT_ACTIVE_OR_EXPIRED');
    }
    const runningUntil = sim.status === 'active' && active?.expiresAt && active.expiresAt > now ? active.expiresAt : undefined;
    const stacks = spec.mode === 'renew' && runningUntil !== undefined;
    const start = stacks ? runningUntil : now;
    return {
      orderKind: 'renewal',
      quote: this.quoteOf([this.planLine('renewal', currentPlan, price, sim.id)], { taxable: true }),
      effect: {
        action: spec.mode,
        when: stacks ? 'end_of_period' : 'now',
        startsAt: start.toISOString(),
        expiresAt: new Date(start.getTime() + price.periodDays * DAY).toISOString(),
        replacesCurrentPeriod: spec.mode === 'extend' && active !== undefined,
        planName: currentPlan.name,
      },
      details: { action: spec.mode } satisfies PlanActionDetails,
    };
  }
}
