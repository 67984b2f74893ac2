import type { Plan, PlanCategory, PlanPricing } from '../contracts/catalogue.js';

/**
 * Which parts of the catalogue visitors may see, and in what order (spec §3, §4, §5).
 * Pure functions: the API may reuse them to refuse selling what the shop hides.
 */

/**
 * Categories sold through other channels (government programme, legacy unlimited) never show in the
 * shop. The spec names them (§5); the rule reads the category's slug, which is its English name in
 * lower case and stays the same when the name is shown translated (decision 210).
 */
const HIDDEN_CATEGORY_NAMES = new Set(['acp', 'unlimited']);

export function isHiddenCategoryName(name: string): boolean {
  return HIDDEN_CATEGORY_NAMES.has(name.trim().toLowerCase());
}

export type SimKind = 'physical' | 'esim';

/** `simSource.type` values starting with `sim_` are physical cards; every other source is an eSIM profile. */
export function simKind(plan: Pick<Plan, 'simSource'>): SimKind {
  return plan.simSource.type.toLowerCase().startsWith('sim_') ? 'physical' : 'esim';
}

export function isPhysicalSim(plan: Pick<Plan, 'simSource'>): boolean {
  return simKind(plan) === 'physical';
}

function bySortOrderThenName<T extends { sortOrder: number; name: string }>(a: T, b: T): number {
  return a.sortOrder - b.sortOrder || a.name.localeCompare(b.name);
}

/** Physical SIM before eSIM; within each kind the catalogue's own order. Stable and non-mutating. */
export function orderPlans<T extends Pick<Plan, 'simSource' | 'sortOrder' | 'name'>>(plans: readonly T[]): T[] {
  return [...plans].sort((a, b) => {
    const kind = Number(isPhysicalSim(b)) - Number(isPhysicalSim(a));
    return kind || bySortOrderThenName(a, b);
  });
}

/**
 * The categories the shop shows: hidden names removed, inactive plans removed, and categories left
 * without a plan removed. Plans come back Physical SIM first.
 */
export function visibleCategories(categories: readonly PlanCategory[]): PlanCategory[] {
  return categories
    .filter((c) => !isHiddenCategoryName(c.slug))
    .map((c) => ({ ...c, plans: orderPlans(c.plans.filter((p) => p.isActive)) }))
    .filter((c) => c.plans.length > 0)
    .sort(bySortOrderThenName);
}

/** Active prices, optionally for one plan, cheapest period first. */
export function activePrices(prices: readonly PlanPricing[], planId?: string): PlanPricing[] {
  return prices
    .filter((p) => p.isActive && (planId === undefined || p.planId === planId))
    .sort((a, b) => a.periodDays - b.periodDays || a.price - b.price);
}

/** Active prices grouped by plan id, each group ordered as `activePrices` orders them. */
export function pricesByPlan(prices: readonly PlanPricing[]): Map<string, PlanPricing[]> {
  const map = new Map<string, PlanPricing[]>();
  for (const price of activePrices(prices)) {
    const list = map.get(price.planId);
    if (list) list.push(price);
    else map.set(price.planId, [price]);
  }
  return map;
}

/** The lowest active price among the given plans, or undefined when none of them has a price. */
export function lowestPrice(plans: readonly Pick<Plan, 'id'>[], prices: readonly PlanPricing[]): number | undefined {
  const ids = new Set(plans.map((p) => p.id));
  let lowest: number | undefined;
  for (const p of prices) {
    if (!p.isActive || !ids.has(p.planId)) continue;
    if (lowest === undefined || p.price < lowest) lowest = p.price;
  }
  return lowest;
}

/**
 * The `:name` of the plan route (spec §2): the category's slug, its English name in lower case, so
 * an address is the same in every language the name is shown in.
 */
export function categoryRouteName(category: Pick<PlanCategory, 'slug'>): string {
  return category.slug.trim().toLowerCase();
}

/** `/plan/<slug>`: a category's page. */
export function categoryPath(category: Pick<PlanCategory, 'slug'>): string {
  return `/plan/${encodeURIComponent(categoryRouteName(category))}`;
}

export function findCategoryByRouteName<T extends Pick<PlanCategory, 'slug'>>(
  categories: readonly T[],
  routeName: string,
): T | undefined {
  const wanted = decodeURIComponent(routeName).trim().toLowerCase();
  return categories.find((c) => categoryRouteName(c) === wanted);
}

/**
 * The six plan groups of the /plans section. Paths keep the spelling the spec uses (`imigrant`,
 * `travaler`) because links to them are already out in the world; `aliases` are the category names
 * each group stands for, compared after removing everything but letters and digits.
 */
export const PLAN_GROUPS = [
  { path: 'paygo', aliases: ['paygo', 'payasyougo'] },
  { path: 'tourist', aliases: ['tourist'] },
  { path: 'value', aliases: ['value'] },
  { path: 'imigrant', aliases: ['immigrant', 'imigrant'] },
  { path: 'travaler', aliases: ['traveler', 'traveller', 'travaler'] },
  { path: 'roaming', aliases: ['roaming'] },
] as const;
export type PlanGroupPath = (typeof PLAN_GROUPS)[number]['path'];

function compact(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The category a /plans/<group> page shows: an exact alias match first, then a slug starting with
 * one (the slug, not the name, which may be shown translated).
 */
export function findCategoryForGroup<T extends Pick<PlanCategory, 'slug'>>(
  categories: readonly T[],
  group: PlanGroupPath,
): T | undefined {
  const aliases: readonly string[] = PLAN_GROUPS.find((g) => g.path === group)?.aliases ?? [];
  return (
    categories.find((c) => aliases.includes(compact(c.slug))) ??
    categories.find((c) => aliases.some((a) => compact(c.slug).startsWith(a)))
  );
}

/**
 * The last segment of a single plan's page, `/plan/<category>/<slug>`: the plan's English name in
 * lower-case ASCII words joined by '-' ("PayGo Starter eSIM" → "paygo-starter-esim"). Names are
 * unique within a category, so the slug is a stable, readable address for as long as the plan keeps
 * its name. The server computes it (the plan's `slug`); a translated name never changes it.
 */
export function planSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The page address of a plan in its category (the spec's /plan/:name, plus the plan's slug). */
export function planPath(category: Pick<PlanCategory, 'slug'>, plan: Pick<Plan, 'slug'>): string {
  return `${categoryPath(category)}/${plan.slug}`;
}

export function findPlanBySlug<T extends Pick<Plan, 'slug'>>(plans: readonly T[], slug: string): T | undefined {
  const wanted = slug.toLowerCase();
  return plans.find((p) => p.slug === wanted);
}

/**
 * The same plan as a physical SIM and as an eSIM: plans of the category whose (English) names differ
 * only by the trailing "SIM"/"eSIM" word, read from their slugs, Physical SIM first. A plan sold one
 * way only returns itself.
 */
export function simVariants<T extends Pick<Plan, 'slug' | 'name' | 'simSource' | 'sortOrder' | 'isActive'>>(plans: readonly T[], plan: T): T[] {
  const base = (slug: string) => slug.replace(/-e?sim$/, '');
  const wanted = base(plan.slug);
  return orderPlans(plans.filter((p) => (p === plan || p.isActive) && base(p.slug) === wanted));
}
