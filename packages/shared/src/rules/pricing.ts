import type { AddOn, Plan, PlanPricing } from '../contracts/catalogue.js';
import type { CartItem } from '../contracts/cart.js';
import { cartItemKey } from './cart.js';
import { isPhysicalSim } from './catalogue.js';

/**
 * The one price computation of a cart (SPEC §3, §9): line totals from the catalogue, one SIM card
 * charge per physical SIM, the chosen shipping option when anything ships, tax and surcharge, and
 * the total. The cart dialog uses it to display; the server uses it for the authoritative quote and
 * refuses a purchase whose total differs. Integer cents throughout, one rounding per charge.
 */

export interface PricingCatalogue {
  plans: ReadonlyMap<string, Pick<Plan, 'id' | 'name' | 'categoryId' | 'isActive' | 'simSource'>>;
  prices: ReadonlyMap<string, PlanPricing>;
  addOns: ReadonlyMap<string, Pick<AddOn, 'id' | 'name' | 'isActive' | 'price' | 'allowedForPlans'>>;
}

export interface PricingOptions {
  /** Price of one physical SIM card, in cents (spec §9: forced to 1 unit, i.e. 100). */
  simCardPrice: number;
  /** The delivery option chosen for the physical SIMs, if any has been chosen yet. */
  shipping?: { id: string; price: number } | null | undefined;
  /** Sales tax in basis points (825 = 8.25 %) of the lines and SIM cards. */
  taxRateBps?: number | undefined;
  /** Regulatory surcharge in basis points of the lines (plans and add-ons). */
  surchargeBps?: number | undefined;
  /**
   * Unsold SIM cards and eSIM profiles (the server's quote; the cart does not know them). Plan lines
   * past what is left of their kind, in cart order, are `sold_out`.
   */
  stock?: Readonly<Record<'physical' | 'esim', number>> | undefined;
}

/** Why a line cannot be bought as it stands. */
export type LineProblem =
  /** The plan, the price or the add-on is no longer on sale. */
  | 'not_sold'
  /** The add-on does not fit the plan it was picked for. */
  | 'addon_not_allowed'
  /** No SIM card or eSIM profile of the plan's kind is left for this line. */
  | 'sold_out';

export interface PricedLine {
  key: string;
  item: CartItem;
  kind: 'plan' | 'addon';
  /** Catalogue name, or undefined when the catalogue no longer has the item. */
  name: string | undefined;
  /** Physical SIM or eSIM for plans; null for add-ons. */
  sim: 'physical' | 'esim' | null;
  /** Period bought by a plan price, in days. */
  periodDays: number | null;
  /** Cents per unit; 0 when the line is not sold (not_sold, addon_not_allowed): it is not charged. */
  unitPrice: number;
  quantity: number;
  total: number;
  problem: LineProblem | undefined;
}

export interface CartQuote {
  lines: PricedLine[];
  /** Sum of the sellable lines. */
  subtotal: number;
  /** Physical SIM cards to ship (one per unit of a physical-SIM plan). */
  physicalSims: number;
  esims: number;
  simCardPrice: number;
  simCards: number;
  /** Whether the order ships anything (physical SIMs); eSIM-only orders need only an e-mail. */
  needsShipping: boolean;
  /** Null while shipping is needed but no option has been chosen. */
  shipping: number | null;
  taxRateBps: number;
  tax: number;
  surchargeBps: number;
  surcharge: number;
  /** What the customer pays; null while shipping is needed and not chosen. */
  total: number | null;
  /** True when every line can be bought as it stands. */
  sellable: boolean;
}

/** Which kind of SIM an order could not get (the `reason` of a stock refusal, decision 233). */
export type SoldOutReason = 'esim_sold_out' | 'sim_card_sold_out' | 'sold_out';

/** The reason for the kinds that ran out, or undefined when neither did. */
export function soldOutReason(short: { esim: boolean; physical: boolean }): SoldOutReason | undefined {
  if (short.esim && short.physical) return 'sold_out';
  return short.esim ? 'esim_sold_out' : short.physical ? 'sim_card_sold_out' : undefined;
}

/** What a stock-aware quote says is sold out, when sold-out lines are all that stop it (otherwise undefined). */
export function quoteSoldOut(lines: readonly { sim: 'physical' | 'esim' | null; problem?: string | undefined }[]): SoldOutReason | undefined {
  const problems = lines.filter((l) => l.problem);
  if (problems.some((l) => l.problem !== 'sold_out')) return undefined;
  return soldOutReason({ esim: problems.some((l) => l.sim === 'esim'), physical: problems.some((l) => l.sim === 'physical') });
}

/** Basis points of an amount in cents, rounded half up (amounts are never negative). */
export function basisPoints(amount: number, bps: number): number {
  return Math.floor((amount * bps + 5_000) / 10_000);
}

function priceLine(item: CartItem, catalogue: PricingCatalogue): PricedLine {
  const key = cartItemKey(item);
  if (item._type === 'plan') {
    const plan = catalogue.plans.get(item.planId);
    const price = catalogue.prices.get(item.priceId);
    const sold = plan?.isActive === true && price?.isActive === true && price.planId === item.planId;
    const unitPrice = sold ? price.price : 0;
    return {
      key,
      item,
      kind: 'plan',
      name: plan?.name,
      sim: plan ? (isPhysicalSim(plan) ? 'physical' : 'esim') : null,
      periodDays: price?.periodDays ?? null,
      unitPrice,
      quantity: item.quantity,
      total: unitPrice * item.quantity,
      problem: sold ? undefined : 'not_sold',
    };
  }
  const addOn = catalogue.addOns.get(item.addonId);
  let problem: LineProblem | undefined;
  if (!addOn?.isActive) problem = 'not_sold';
  else if (item.planId !== undefined && !addOn.allowedForPlans.includes(item.planId)) problem = 'addon_not_allowed';
  const unitPrice = problem ? 0 : (addOn?.price ?? 0);
  return {
    key,
    item,
    kind: 'addon',
    name: addOn?.name,
    sim: null,
    periodDays: null,
    unitPrice,
    quantity: item.quantity,
    total: unitPrice * item.quantity,
    problem,
  };
}

export function priceCart(items: readonly CartItem[], catalogue: PricingCatalogue, options: PricingOptions): CartQuote {
  const lines = items.map((item) => priceLine(item, catalogue));
  if (options.stock) {
    const left = { ...options.stock };
    lines.forEach((l, i) => {
      if (l.problem || !l.sim) return;
      if (l.quantity <= left[l.sim]) left[l.sim] -= l.quantity;
      else lines[i] = { ...l, problem: 'sold_out' };
    });
  }
  // A sold-out line is still on sale at its price: it stays in the figures (the same total with or
  // without stock, so a purchase's expected total still matches), but the quote is not sellable.
  const pricedLines = lines.filter((l) => !l.problem || l.problem === 'sold_out');
  const subtotal = pricedLines.reduce((sum, l) => sum + l.total, 0);
  const physicalSims = pricedLines.filter((l) => l.sim === 'physical').reduce((n, l) => n + l.quantity, 0);
  const esims = pricedLines.filter((l) => l.sim === 'esim').reduce((n, l) => n + l.quantity, 0);
  const simCards = physicalSims * options.simCardPrice;
  const needsShipping = physicalSims > 0;
  const shipping = needsShipping ? (options.shipping?.price ?? null) : 0;
  const taxRateBps = options.taxRateBps ?? 0;
  const surchargeBps = options.surchargeBps ?? 0;
  const tax = basisPoints(subtotal + simCards, taxRateBps);
  const surcharge = basisPoints(subtotal, surchargeBps);
  return {
    lines,
    subtotal,
    physicalSims,
    esims,
    simCardPrice: options.simCardPrice,
    simCards,
    needsShipping,
    shipping,
    taxRateBps,
    tax,
    surchargeBps,
    surcharge,
    total: shipping === null ? null : subtotal + simCards + shipping + tax + surcharge,
    sellable: lines.length > 0 && lines.every((l) => !l.problem),
  };
}

/** Lookup maps for `priceCart` from the catalogue lists the API serves. */
export function pricingCatalogue(
  plans: Iterable<PricingCatalogue['plans'] extends ReadonlyMap<string, infer P> ? P : never>,
  prices: Iterable<PlanPricing>,
  addOns: Iterable<PricingCatalogue['addOns'] extends ReadonlyMap<string, infer A> ? A : never>,
): PricingCatalogue {
  return {
    plans: new Map([...plans].map((p) => [p.id, p])),
    prices: new Map([...prices].map((p) => [p.id, p])),
    addOns: new Map([...addOns].map((a) => [a.id, a])),
  };
}
