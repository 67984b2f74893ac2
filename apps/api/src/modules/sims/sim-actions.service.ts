import type { CartItem } from '@app/shared/contracts/cart';
import type { Plan, PlanPricing } from '@app/shared/contracts/catalogue';
import type { LineType, Quote, QuoteLine, ShippingAddress } from '@app/shared/contracts/checkout';
import type { OrderKind, PurchaseResult } from '@app/shared/contracts/orders';
import type { SimActionEffect, SimActionQuote, SimRefreshResult } from '@app/shared/contracts/sims';
import { ERRORS } from '@app/shared/errors';
import { basisPoints } from '@app/shared/rules/pricing';
import { recoverability } from '@app/shared/rules/sims';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Carrier } from '../../adapters/carrier/carrier.js';
import { carrierActions } from '../../db/schema/sims.js';
import { AppError, appError, fieldError } from '../../lib/errors.js';
import { OUT_OF_STOCK } from '../checkout/fulfilment.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { OrdersService } from '../checkout/orders.service.js';
import type { PricingSettings, QuoteService } from '../checkout/quote.service.js';
import type { CarrierActionService } from './carrier-actions.service.js';
import { bundle, findOwnedSim, findSimByIccid, openActionOfType, type SimBundle, type SimRow } from './sims.repository.js';
import { isValidIccid } from '@app/shared/rules/sim-numbers';
import type { SimsService } from './sims.service.js';

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
  | { kind: 'recover'; priceId?: string | undefined; newIccid?: string | undefined }
  | { kind: 'addons'; items: { addonId: string; quantity: number }[] }
  /** eSIM: a new profile. Physical: the number onto the new card `newIccid`. */
  | { kind: 'refresh'; newIccid?: string | undefined; toEsim?: boolean | undefined }
  /** A replacement physical card shipped for the SIM (then `refresh/esn/activate` with it). */
  | { kind: 'reorder'; shippingCountry?: string | undefined; shippingRateId?: string | undefined };

export interface PurchaseFields {
  expectedTotal: number;
  requestId: string;
}

/** What goes on the order line of a plan action (read back by the fulfiller). */
export interface PlanActionDetails {
  action: 'renew' | 'extend' | 'change_plan' | 'recover' | 'refresh';
  /** Recovery or refresh onto a new physical card. */
  newIccid?: string | undefined;
  /** A physical SIM's number onto a new eSIM profile from inventory (sim_source change). */
  toEsim?: boolean | undefined;
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

/** Add-ons as cart items of their own (no plan: they are kept on the account until activated). */
function addOnCart(items: { addonId: string; quantity: number }[]): CartItem[] {
  return items.map((i) => ({ _type: 'addon', quantity: i.quantity, addonId: i.addonId, categoryId: 'add-ons' }));
}
const PLAN_ACTIONS = ['renew', 'change_plan', 'recover'];
/** Actions that change which card or profile carries the number: one at a time, and not during a plan action. */
const CARD_ACTIONS = ['refresh', 'recover'];

export class SimActionsService {
  constructor(
    private readonly d: {
      db: Db;
      catalogue: CatalogueService;
      orders: OrdersService;
      quotes: QuoteService;
      pricing: PricingSettings;
      carrier: Carrier;
      sims: SimsService;
      actions: CarrierActionService;
      /** Fee of a refresh in cents; 0 = free (recorded at once, no order). */
      refreshPrice: number;
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

  /**
   * A refresh: with a fee, an order like any paid action (the fulfiller records the carrier action
   * once paid); free, the carrier action at once. Either way a repeated `requestId` changes nothing
   * twice: the same order, or the action recorded for that request.
   */
  async refresh(who: { id: string; email: string }, simId: string, spec: Extract<SimActionSpec, { kind: 'refresh' }>, req: PurchaseFields): Promise<SimRefreshResult> {
    const p = await this.prepare(this.d.db, who.id, simId, spec, new Date()).catch(async (e: unknown) => {
      // A repeat of a free refresh already recorded answers as the first did (the pending check would refuse it).
      if (e instanceof AppError && e.code === 'SIM_ACTION_PENDING' && (await this.recordedRefresh(this.d.db, simId, req.requestId))) return undefined;
      throw e;
    });
    if (p && p.quote.total > 0) {
      const purchase = await this.d.orders.placeForSubscriber(who, 'sim_refresh', p.quote, req, null, () => ({ details: p.details }));
      return { sim: await this.d.sims.get(who.id, simId), purchase };
    }
    if (req.expectedTotal !== 0) throw appError('PRICE_CHANGED');
    // The profile is taken before the transaction: the carrier is never asked inside one (decision 234).
    // Its reference is the SIM and the card it is on now, so requests racing for one SIM share one
    // profile (those refused under the lock take none of their own), and a retry after a refusal by
    // the network takes the same one again. A repeat of a recorded refresh needs none.
    let esim: string | undefined;
    if (spec.toEsim && p) {
      const current = await findOwnedSim(this.d.db, who.id, simId);
      if (!current) throw appError('SIM_NOT_FOUND');
      esim = await this.reserveEsim(`source-change:${current.id}:${current.iccid}`);
    }
    await this.d.db.transaction(async (tx) => {
      const sim = await findOwnedSim(tx, who.id, simId, true);
      if (!sim) throw appError('SIM_NOT_FOUND');
      if (await this.recordedRefresh(tx, sim.id, req.requestId)) return;
      // Checked again under the SIM's lock: two different requests at once make one refresh.
      await this.prepare(tx, who.id, simId, spec, new Date(), false);
      const newIccid = esim ?? spec.newIccid;
      await this.d.actions.record(tx, {
        simId: sim.id,
        subscriberId: who.id,
        request: { type: 'refresh', iccid: sim.iccid, ...(newIccid ? { newIccid } : {}) },
        context: { requestId: req.requestId, paid: false },
      });
    });
    return { sim: await this.d.sims.get(who.id, simId), purchase: null };
  }

  /** An eSIM profile from inventory for a SIM moving to eSIM (the same reference takes the same profile). */
  async reserveEsim(reference: string): Promise<string> {
    const profile = await this.d.carrier.reserve('esim', reference);
    if (!profile) throw appError('SERVICE_UNAVAILABLE', { message: 'No eSIM profile is left in inventory', reason: OUT_OF_STOCK });
    return profile.iccid;
  }

  /** A replacement card for the SIM, shipped (order kind sim_reorder; the operator's shipping completes it). */
  async reorder(
    who: { id: string; email: string },
    simId: string,
    req: PurchaseFields & { shippingAddress: ShippingAddress; shippingRateId?: string | undefined },
  ): Promise<PurchaseResult> {
    const spec = { kind: 'reorder' as const, shippingCountry: req.shippingAddress.shippingCountry, shippingRateId: req.shippingRateId };
    const p = await this.prepare(this.d.db, who.id, simId, spec, new Date());
    return this.d.orders.placeForSubscriber(who, 'sim_reorder', p.quote, req, req.shippingAddress);
  }

  private async recordedRefresh(exec: Executor, simId: string, requestId: string): Promise<boolean> {
    const [row] = await exec
      .select({ id: carrierActions.id })
      .from(carrierActions)
      .where(and(eq(carrierActions.simId, simId), eq(carrierActions.type, 'refresh'), sql`${carrierActions.context}->>'requestId' = ${requestId}`))
      .limit(1);
    return row !== undefined;
  }

  /** A replacement card: a valid ICCID the network has unsold (or reserved), a physical card, in nobody's account. */
  private async checkNewCard(exec: Executor, sim: SimRow, newIccid: string, askCarrier = true): Promise<void> {
    if (sim.kind !== 'physical') throw appError('PHYSICAL_SIM_ONLY', { errors: [{ field: 'esn', message: 'An eSIM is refreshed with a new profile, not a SIM card' }] });
    const unusable = () => appError('SIM_CARD_NOT_AVAILABLE', { errors: [{ field: 'esn', message: ERRORS.SIM_CARD_NOT_AVAILABLE.message }] });
    if (!isValidIccid(newIccid) || newIccid === sim.iccid) throw unusable();
    if (await findSimByIccid(exec, newIccid)) throw unusable();
    if (!askCarrier) return;
    const card = await this.d.carrier.lookup(newIccid);
    if (!card || card.kind !== 'physical' || !['available', 'reserved'].includes(card.state)) throw unusable();
  }

  // --- public variants (spec §7): the SIM named by the ICCID printed on its card ---------------------

  /** The SIM behind a card number, with its owner (a SIM in no account answers like an unknown one). */
  private async publicSim(iccid: string): Promise<SimRow & { subscriberId: string }> {
    const sim = await findSimByIccid(this.d.db, iccid.trim());
    if (!sim?.subscriberId) throw appError('SIM_NOT_FOUND');
    return sim as SimRow & { subscriberId: string };
  }

  /** What a renewal, extension or add-ons for the card would cost and do (no sign-in: the /extend-your-sim and /top-up-sim pages). */
  async publicPrice(iccid: string, spec: Extract<SimActionSpec, { kind: 'renew' | 'addons' }>): Promise<SimActionQuote> {
    const sim = await this.publicSim(iccid);
    return this.price(sim.subscriberId, sim.id, spec);
  }

  /**
   * A visitor pays for the card's renewal or add-ons: the order belongs to the SIM's account (its
   * fulfilment, invoice and refunds follow that SIM), the receipt goes to the payer's e-mail, and the
   * payer pays it with the order's access token (never with the account's balance or cards).
   */
  async publicPurchase(
    iccid: string,
    spec: Extract<SimActionSpec, { kind: 'renew' | 'addons' }>,
    req: PurchaseFields & { emailAddress: string },
  ): Promise<PurchaseResult> {
    const sim = await this.publicSim(iccid);
    const result = await this.purchase({ id: sim.subscriberId, email: req.emailAddress }, sim.id, spec, req);
    return { ...result, account: 'existing' };
  }

  /**
   * A visitor's add-ons (decision 180): for the card whose ICCID is given, as the card's other public
   * actions (the SIM's account, the payer's e-mail); without one, a cart of add-ons only for the
   * account of `emailAddress` (made if new), kept there until activated on a SIM.
   */
  async publicAddOnPrice(req: { items: { addonId: string; quantity: number }[]; iccid?: string | undefined }): Promise<Quote> {
    if (req.iccid) return (await this.publicPrice(req.iccid, { kind: 'addons', items: req.items })).quote;
    return (await this.d.quotes.quoteCart({ items: addOnCart(req.items) })).quote;
  }

  async publicAddOnPurchase(
    req: PurchaseFields & { items: { addonId: string; quantity: number }[]; iccid?: string | undefined; emailAddress: string },
  ): Promise<PurchaseResult> {
    if (req.iccid) return this.publicPurchase(req.iccid, { kind: 'addons', items: req.items }, req);
    return this.d.orders.purchase(null, { items: addOnCart(req.items), expectedTotal: req.expectedTotal, requestId: req.requestId, emailAddress: req.emailAddress });
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
  /**
   * `askCarrier` false: inside a transaction, where the carrier must not be asked (its stock or a
   * card's state: a second pooled connection in the simulator, an HTTP call at a real carrier;
   * decision 234). The caller asked it in an earlier preparation outside the transaction.
   */
  async prepare(exec: Executor, subscriberId: string, simId: string, spec: SimActionSpec, now: Date, askCarrier = true): Promise<Prepared> {
    const sim = await findOwnedSim(exec, subscriberId, simId);
    if (!sim) throw appError('SIM_NOT_FOUND');
    const [b] = (await bundle(exec, [sim])) as [SimBundle];
    const snap = await this.d.catalogue.snapshot();
    const active = b.period?.status === 'active' ? b.period : undefined;
    const currentPlan = sim.planId ? snap.plans.get(sim.planId) : undefined;

    if (spec.kind === 'reorder') {
      if (sim.kind !== 'physical') throw appError('PHYSICAL_SIM_ONLY', { message: 'An eSIM is replaced by a refresh (a new profile), not by a card.' });
      if (['released', 'ported_out'].includes(sim.status)) throw appError('SIM_NOT_ACTIVE_OR_EXPIRED');
      const cards = await this.d.quotes.quoteSimCards(1, spec.shippingCountry, spec.shippingRateId);
      const quote = { ...cards, lines: cards.lines.map((l) => ({ ...l, key: 'sim_reorder', type: 'sim_reorder' as const, name: 'Replacement SIM card', simId: sim.id })) };
      return {
        orderKind: 'sim_reorder',
        quote,
        effect: { action: 'reorder', when: 'now', startsAt: null, expiresAt: active?.expiresAt?.toISOString() ?? null, replacesCurrentPeriod: false, planName: currentPlan?.name ?? null },
        details: null,
      };
    }

    if (spec.kind === 'refresh') {
      if (await openActionOfType(exec, sim.id, [...CARD_ACTIONS, ...PLAN_ACTIONS])) throw appError('SIM_ACTION_PENDING');
      if (spec.toEsim) {
        if (sim.kind !== 'physical') throw appError('PHYSICAL_SIM_ONLY', { message: 'This SIM is an eSIM already.' });
        if (askCarrier && (await this.d.carrier.stock()).esim === 0) throw appError('SERVICE_UNAVAILABLE', { message: 'No eSIM profile is left in inventory' });
      } else if (spec.newIccid) await this.checkNewCard(exec, sim, spec.newIccid, askCarrier);
      else if (sim.kind !== 'esim') throw appError('ESIM_ONLY', { message: 'A physical SIM is refreshed onto a new SIM card: enter the ICCID printed on it.' });
      // The network refreshes a SIM that has a number (active, suspended, or expired within the recovery window).
      if (!sim.mdn || !['active', 'suspended', 'expired'].includes(sim.status)) throw appError('SIM_NOT_ACTIVE');
      const line: QuoteLine = {
        key: 'sim_refresh',
        type: 'sim_refresh',
        name: spec.toEsim ? 'Change to eSIM' : spec.newIccid ? 'SIM refresh onto a new card' : 'eSIM reissue',
        planId: null,
        priceId: null,
        addonId: null,
        simId: sim.id,
        sim: null,
        periodDays: null,
        unitPrice: this.d.refreshPrice,
        quantity: 1,
        total: this.d.refreshPrice,
      };
      return {
        orderKind: 'sim_refresh',
        quote: this.quoteOf([line], { taxable: true }),
        effect: {
          action: spec.toEsim ? 'sim_source_change' : 'refresh',
          when: 'now',
          startsAt: null,
          expiresAt: active?.expiresAt?.toISOString() ?? null,
          replacesCurrentPeriod: false,
          planName: currentPlan?.name ?? null,
        },
        details: { action: 'refresh', ...(spec.newIccid ? { newIccid: spec.newIccid } : {}), ...(spec.toEsim ? { toEsim: true } : {}) } satisfies PlanActionDetails,
      };
    }

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

    if (await openActionOfType(exec, sim.id, spec.kind === 'recover' ? [...PLAN_ACTIONS, ...CARD_ACTIONS] : PLAN_ACTIONS)) throw appError('SIM_ACTION_PENDING');

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
      if (spec.newIccid) await this.checkNewCard(exec, sim, spec.newIccid);
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
        details: { action: 'recover', ...(spec.newIccid ? { newIccid: spec.newIccid } : {}) } satisfies PlanActionDetails,
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
