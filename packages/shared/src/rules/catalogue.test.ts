import { describe, expect, it } from 'vitest';
import type { Plan, PlanCategory, PlanPricing } from '../contracts/catalogue.js';
import {
  activePrices,
  findPlanBySlug,
  planPath,
  planSlug,
  simVariants,
  categoryPath,
  categoryRouteName,
  findCategoryByRouteName,
  findCategoryForGroup,
  isHiddenCategoryName,
  isPhysicalSim,
  lowestPrice,
  orderPlans,
  pricesByPlan,
  simKind,
  visibleCategories,
} from './catalogue.js';

let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

function plan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: uuid(),
    categoryId: uuid(),
    name: 'Plan',
    description: '',
    isActive: true,
    simSource: { type: 'sim_standard' },
    dataMb: 3072,
    voiceMinutes: null,
    sms: null,
    validityDays: 30,
    internationalMinutes: 100,
    unlimitedInternationalCalls: true,
    sortOrder: 0,
    ...overrides,
    slug: overrides.slug ?? planSlug(overrides.name ?? 'Plan'),
  };
}

/** The slug is the English name in lower case, as the seed writes it. */
function category(name: string, plans: Plan[], sortOrder = 0, slug = name.toLowerCase().replace(/\s+/g, '-')): PlanCategory {
  return { id: uuid(), slug, name, description: '', sortOrder, plans };
}

function price(planId: string, overrides: Partial<PlanPricing> = {}): PlanPricing {
  return { id: uuid(), planId, isActive: true, price: 1000, periodDays: 30, ...overrides };
}

describe('category visibility', () => {
  it('hides ACP and Unlimited whatever their case or padding', () => {
    expect(isHiddenCategoryName('ACP')).toBe(true);
    expect(isHiddenCategoryName(' unlimited ')).toBe(true);
    expect(isHiddenCategoryName('UnLiMiTeD')).toBe(true);
    expect(isHiddenCategoryName('Unlimited Talk')).toBe(false);
    expect(isHiddenCategoryName('PayGo')).toBe(false);
  });

  it('drops hidden categories, inactive plans and categories left empty', () => {
    const shown = visibleCategories([
      category('PayGo', [plan({ name: 'A' }), plan({ name: 'Off', isActive: false })], 1),
      category('acp', [plan()]),
      category('Unlimited', [plan()]),
      category('Tourist', [plan({ isActive: false })]),
      category('Value', []),
      category('Roaming', [plan()], 0),
    ]);
    expect(shown.map((c) => c.name)).toEqual(['Roaming', 'PayGo']);
    expect(shown[1]?.plans.map((p) => p.name)).toEqual(['A']);
  });

  it('does not mutate its input', () => {
    const plans = [plan({ simSource: { type: 'esim' } }), plan({ simSource: { type: 'sim_nano' } })];
    const input = [category('PayGo', plans)];
    visibleCategories(input);
    expect(input[0]?.plans).toBe(plans);
    expect(plans[0]?.simSource.type).toBe('esim');
  });
});

describe('SIM kind', () => {
  it('treats sim_* sources as physical and anything else as eSIM', () => {
    expect(simKind(plan({ simSource: { type: 'sim_standard' } }))).toBe('physical');
    expect(simKind(plan({ simSource: { type: 'SIM_triple' } }))).toBe('physical');
    expect(simKind(plan({ simSource: { type: 'esim' } }))).toBe('esim');
    expect(simKind(plan({ simSource: { type: 'simcard' } }))).toBe('esim');
    expect(isPhysicalSim(plan({ simSource: { type: 'esim_sim_' } }))).toBe(false);
  });

  it('orders Physical SIM before eSIM, then by sort order and name', () => {
    const ordered = orderPlans([
      plan({ name: 'e2', simSource: { type: 'esim' }, sortOrder: 0 }),
      plan({ name: 'p2', sortOrder: 2 }),
      plan({ name: 'e1', simSource: { type: 'esim' }, sortOrder: 0 }),
      plan({ name: 'p1', sortOrder: 1 }),
    ]);
    expect(ordered.map((p) => p.name)).toEqual(['p1', 'p2', 'e1', 'e2']);
  });
});

describe('prices', () => {
  it('keeps only active prices, shortest period first', () => {
    const a = plan();
    const b = plan();
    const prices = [
      price(a.id, { periodDays: 90, price: 2500 }),
      price(a.id, { periodDays: 30, price: 1000 }),
      price(a.id, { isActive: false, price: 1 }),
      price(b.id, { price: 500 }),
    ];
    expect(activePrices(prices, a.id).map((p) => p.price)).toEqual([1000, 2500]);
    expect(activePrices(prices)).toHaveLength(3);
    expect(pricesByPlan(prices).get(a.id)?.map((p) => p.periodDays)).toEqual([30, 90]);
    expect(pricesByPlan(prices).get(b.id)).toHaveLength(1);
  });

  it('finds the lowest active price of a group of plans', () => {
    const a = plan();
    const b = plan();
    const prices = [price(a.id, { price: 1500 }), price(b.id, { price: 300 }), price(b.id, { price: 100, isActive: false })];
    expect(lowestPrice([a, b], prices)).toBe(300);
    expect(lowestPrice([a], prices)).toBe(1500);
    expect(lowestPrice([plan()], prices)).toBeUndefined();
  });
});

describe('routing names', () => {
  const categories = [category('PayGo', []), category('Immigrant', []), category('Traveler', []), category('Pay As You Go Plus', [], 0, 'pay as you go plus')];

  it('uses the category slug (the lower-cased English name) in /plan/:name', () => {
    expect(categoryRouteName({ slug: ' PayGo ' })).toBe('paygo');
    expect(categoryPath({ slug: 'paygo' })).toBe('/plan/paygo');
    expect(findCategoryByRouteName(categories, 'paygo')?.name).toBe('PayGo');
    expect(findCategoryByRouteName(categories, 'PAYGO')?.name).toBe('PayGo');
    expect(findCategoryByRouteName(categories, 'pay%20as%20you%20go%20plus')?.name).toBe('Pay As You Go Plus');
    expect(findCategoryByRouteName(categories, 'nope')).toBeUndefined();
  });

  it('maps the /plans group paths, spelled as in the spec, to categories', () => {
    expect(findCategoryForGroup(categories, 'imigrant')?.name).toBe('Immigrant');
    expect(findCategoryForGroup(categories, 'travaler')?.name).toBe('Traveler');
    expect(findCategoryForGroup(categories, 'paygo')?.name).toBe('PayGo');
    expect(findCategoryForGroup(categories, 'roaming')).toBeUndefined();
    expect(findCategoryForGroup([category('Tourist Plans', [])], 'tourist')?.name).toBe('Tourist Plans');
  });

  it('reads slugs, not names, so translated names keep addresses, groups and hidden categories', () => {
    const translated = [
      category('Pago por uso', [plan({ slug: 'paygo-starter-sim', name: 'Inicial SIM' })], 0, 'paygo'),
      category('Ilimitado', [plan()], 1, 'unlimited'),
      category('Inmigrantes', [plan()], 2, 'immigrant'),
    ];
    expect(findCategoryByRouteName(translated, 'paygo')?.name).toBe('Pago por uso');
    expect(findCategoryForGroup(translated, 'imigrant')?.name).toBe('Inmigrantes');
    expect(visibleCategories(translated).map((c) => c.slug)).toEqual(['paygo', 'immigrant']);
    expect(planPath(translated[0]!, translated[0]!.plans[0]!)).toBe('/plan/paygo/paygo-starter-sim');
  });
});

describe('single plan addresses', () => {
  const mk = (name: string, type: string, sortOrder = 0, isActive = true) => ({ slug: planSlug(name), name, simSource: { type }, sortOrder, isActive });

  it('slugs names into lower-case ASCII words', () => {
    expect(planSlug('PayGo Starter eSIM')).toBe('paygo-starter-esim');
    expect(planSlug('Tourist 7 Days SIM')).toBe('tourist-7-days-sim');
    expect(planSlug('  Plán Económico  ')).toBe('plan-economico');
  });

  it('builds the path under the spec route and finds the plan back', () => {
    const plans = [mk('Value 2GB SIM', 'sim_physical'), mk('Value 2GB eSIM', 'esim')];
    expect(planPath({ slug: 'value' }, plans[1]!)).toBe('/plan/value/value-2gb-esim');
    expect(findPlanBySlug(plans, 'VALUE-2GB-ESIM')).toBe(plans[1]);
    expect(findPlanBySlug(plans, 'ABC123')).toBeUndefined();
  });

  it('pairs the SIM and eSIM variants of a plan, Physical SIM first, active only', () => {
    const sim = mk('PayGo Plus SIM', 'sim_physical', 1);
    const esim = mk('PayGo Plus eSIM', 'esim', 0);
    const other = mk('PayGo Max SIM', 'sim_physical');
    const retired = mk('PayGo Plus eSIM', 'esim', 0, false);
    expect(simVariants([esim, other, sim, retired], esim)).toEqual([sim, esim]);
    expect(simVariants([other], other)).toEqual([other]);
    // Translated names (the variant word moved or changed) pair by the English slug.
    const simEs = { ...sim, name: 'Tarjeta SIM PayGo Plus' };
    const esimEs = { ...esim, name: 'PayGo Plus eSIM (virtual)' };
    expect(simVariants([esimEs, simEs, other], esimEs)).toEqual([simEs, esimEs]);
  });
});
