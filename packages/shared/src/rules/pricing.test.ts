import { describe, expect, it } from 'vitest';
import type { AddOn, Plan, PlanPricing } from '../contracts/catalogue.js';
import type { CartItem } from '../contracts/cart.js';
import { basisPoints, priceCart, pricingCatalogue, quoteSoldOut, soldOutReason } from './pricing.js';

const plan = (id: string, sim: 'sim_card' | 'esim', isActive = true): Plan => ({
  id,
  categoryId: 'cat',
  slug: `plan-${id}`,
  name: `Plan ${id}`,
  description: '',
  isActive,
  simSource: { type: sim },
  dataMb: 1024,
  voiceMinutes: null,
  sms: null,
  validityDays: 30,
  internationalMinutes: 0,
  unlimitedInternationalCalls: false,
  sortOrder: 0,
});
const price = (id: string, planId: string, cents: number, isActive = true): PlanPricing => ({ id, planId, isActive, price: cents, periodDays: 30 });
const addOn = (id: string, cents: number, allowedForPlans: string[], isActive = true): AddOn => ({
  id,
  name: `Add-on ${id}`,
  description: '',
  kind: 'data',
  isActive,
  callMinutes: 0,
  sms: 0,
  bandwidth: 1024,
  price: cents,
  allowedForPlans,
});

const catalogue = pricingCatalogue(
  [plan('phys', 'sim_card'), plan('e', 'esim'), plan('gone', 'esim', false)],
  [price('phys-30', 'phys', 1500), price('e-30', 'e', 2000), price('old', 'e', 900, false), price('gone-30', 'gone', 500)],
  [addOn('data', 500, ['e']), addOn('retired', 300, ['e'], false)],
);

const planItem = (planId: string, priceId: string, quantity = 1): CartItem => ({ _type: 'plan', planId, priceId, quantity, categoryId: 'cat' });
const addOnItem = (addonId: string, planId: string | undefined, quantity = 1): CartItem =>
  planId ? { _type: 'addon', addonId, planId, quantity, categoryId: 'cat' } : { _type: 'addon', addonId, quantity, categoryId: 'cat' };

describe('priceCart', () => {
  it('prices an eSIM-only cart without shipping or SIM cards', () => {
    const q = priceCart([planItem('e', 'e-30', 2), addOnItem('data', 'e')], catalogue, { simCardPrice: 100 });
    expect(q.subtotal).toBe(2 * 2000 + 500);
    expect(q.needsShipping).toBe(false);
    expect(q.physicalSims).toBe(0);
    expect(q.esims).toBe(2);
    expect(q.simCards).toBe(0);
    expect(q.shipping).toBe(0);
    expect(q.total).toBe(4500);
    expect(q.sellable).toBe(true);
  });

  it('charges one SIM card per physical SIM and the chosen shipping option', () => {
    const q = priceCart([planItem('phys', 'phys-30', 3)], catalogue, { simCardPrice: 100, shipping: { id: 'std', price: 499 } });
    expect(q.physicalSims).toBe(3);
    expect(q.simCards).toBe(300);
    expect(q.shipping).toBe(499);
    expect(q.total).toBe(4500 + 300 + 499);
  });

  it('has no total while a physical SIM still needs a delivery option', () => {
    const q = priceCart([planItem('phys', 'phys-30')], catalogue, { simCardPrice: 100 });
    expect(q.needsShipping).toBe(true);
    expect(q.shipping).toBeNull();
    expect(q.total).toBeNull();
  });

  it('adds tax on lines and SIM cards and a surcharge on lines, each rounded half up once', () => {
    const q = priceCart([planItem('phys', 'phys-30'), planItem('e', 'e-30')], catalogue, {
      simCardPrice: 100,
      shipping: { id: 'std', price: 500 },
      taxRateBps: 825,
      surchargeBps: 150,
    });
    expect(q.subtotal).toBe(3500);
    expect(q.tax).toBe(Math.round((3500 + 100) * 0.0825)); // 297
    expect(q.surcharge).toBe(53); // 52.5 rounds up
    expect(q.total).toBe(3500 + 100 + 500 + 297 + 53);
  });

  it('marks and does not charge what is no longer sold or does not fit its plan', () => {
    const q = priceCart(
      [planItem('gone', 'gone-30'), planItem('e', 'old'), planItem('e', 'phys-30'), addOnItem('retired', 'e'), addOnItem('data', 'phys'), addOnItem('nope', undefined)],
      catalogue,
      { simCardPrice: 100 },
    );
    expect(q.lines.map((l) => l.problem)).toEqual(['not_sold', 'not_sold', 'not_sold', 'not_sold', 'addon_not_allowed', 'not_sold']);
    expect(q.lines.every((l) => l.total === 0)).toBe(true);
    expect(q.subtotal).toBe(0);
    expect(q.sellable).toBe(false);
  });

  it('an add-on bought without a plan (for an existing SIM) is sold on its own', () => {
    const q = priceCart([addOnItem('data', undefined, 2)], catalogue, { simCardPrice: 100 });
    expect(q.lines[0]!.problem).toBeUndefined();
    expect(q.total).toBe(1000);
  });

  it('marks plan lines past the SIM stock of their kind sold out, in cart order, and keeps the figures they would have', () => {
    const items = [planItem('e', 'e-30', 2), planItem('e', 'e-30'), planItem('phys', 'phys-30'), addOnItem('data', 'e')];
    const options = { simCardPrice: 100, shipping: { id: 'std', price: 499 } };
    const without = priceCart(items, catalogue, options);
    const q = priceCart(items, catalogue, { ...options, stock: { esim: 2, physical: 5 } });
    // Two profiles left: the first line takes them, the second has none.
    expect(q.lines.map((l) => l.problem)).toEqual([undefined, 'sold_out', undefined, undefined]);
    expect(q.sellable).toBe(false);
    // Still on sale at its price: the same total as a quote that does not look at stock.
    expect(q.lines[1]!.total).toBe(2000);
    expect(q.total).toBe(without.total);
    expect(q.esims).toBe(3);
    // Enough of everything: sellable as without stock.
    expect(priceCart(items, catalogue, { ...options, stock: { esim: 3, physical: 1 } }).sellable).toBe(true);
    // No SIM card left: the physical line, not the eSIMs.
    expect(priceCart(items, catalogue, { ...options, stock: { esim: 3, physical: 0 } }).lines.map((l) => l.problem)).toEqual([undefined, undefined, 'sold_out', undefined]);
  });

  it('an empty cart is not sellable', () => {
    expect(priceCart([], catalogue, { simCardPrice: 100 }).sellable).toBe(false);
  });
});

describe('sold-out reasons', () => {
  it('reads a stock-aware quote: which kind is sold out, or nothing when something else is wrong too', () => {
    const line = (sim: 'esim' | 'physical' | null, problem?: string) => ({ sim, problem });
    expect(quoteSoldOut([line('esim', 'sold_out'), line('physical')])).toBe('esim_sold_out');
    expect(quoteSoldOut([line('physical', 'sold_out'), line(null)])).toBe('sim_card_sold_out');
    expect(quoteSoldOut([line('physical', 'sold_out'), line('esim', 'sold_out')])).toBe('sold_out');
    expect(quoteSoldOut([line('esim', 'sold_out'), line(null, 'not_sold')])).toBeUndefined();
    expect(quoteSoldOut([line('esim')])).toBeUndefined();
  });

  it('names the kinds a stock refusal ran short of', () => {
    expect(soldOutReason({ esim: true, physical: false })).toBe('esim_sold_out');
    expect(soldOutReason({ esim: false, physical: true })).toBe('sim_card_sold_out');
    expect(soldOutReason({ esim: true, physical: true })).toBe('sold_out');
    expect(soldOutReason({ esim: false, physical: false })).toBeUndefined();
  });
});

describe('basisPoints', () => {
  it('rounds half up and keeps zero at zero', () => {
    expect(basisPoints(0, 825)).toBe(0);
    expect(basisPoints(1000, 825)).toBe(83); // 82.5
    expect(basisPoints(1000, 824)).toBe(82); // 82.4
    expect(basisPoints(12345, 10_000)).toBe(12345);
  });
});
