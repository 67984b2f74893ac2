import { inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  addOnPlans,
  addOns,
  internationalRates,
  planCategories,
  planPricing,
  plans,
  resellers,
  shippingRates,
} from '../schema/catalogue.js';
import {
  ADD_ONS,
  CATEGORIES,
  type CategoryDef,
  type PlanDef,
  planCode,
  planDescription,
  planName,
  RESELLERS,
  SIM_SOURCE_TYPES,
  type SimVariant,
} from './catalogue-data.js';
import { buildRateRows } from './rates-data.js';
import { buildShippingRows } from './shipping-data.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SeedCounts {
  categories: number;
  plans: number;
  prices: number;
  addOns: number;
  addOnPlans: number;
  rates: number;
  shippingRates: number;
  resellers: number;
}

interface PlanEntry {
  code: string;
  category: CategoryDef;
  plan: PlanDef;
  variant: SimVariant;
  sortOrder: number;
}

function planEntries(): PlanEntry[] {
  return CATEGORIES.flatMap((category) =>
    category.plans.flatMap((plan, i) =>
      (plan.variants ?? (['sim', 'esim'] as const)).map((variant) => ({
        code: planCode(category, plan, variant),
        category,
        plan,
        variant,
        // Same position for both variants; the eSIM one sorts just after its SIM twin.
        sortOrder: (i + 1) * 10 + (variant === 'esim' ? 1 : 0),
      })),
    ),
  );
}

/**
 * Inserts the demo catalogue. Every insert is ON CONFLICT DO NOTHING on a natural key, so a second
 * run inserts nothing and rows an operator edited since are left alone. Returns how many rows each
 * table gained.
 */
export async function seedCatalogue(tx: Tx): Promise<SeedCounts> {
  const counts: SeedCounts = {
    categories: 0,
    plans: 0,
    prices: 0,
    addOns: 0,
    addOnPlans: 0,
    rates: 0,
    shippingRates: 0,
    resellers: 0,
  };

  counts.categories = (
    await tx
      .insert(planCategories)
      .values(CATEGORIES.map(({ slug, name, description, sortOrder }) => ({ slug, name, description, sortOrder })))
      .onConflictDoNothing()
      .returning({ id: planCategories.id })
  ).length;
  const categoryRows = await tx
    .select({ id: planCategories.id, slug: planCategories.slug })
    .from(planCategories)
    .where(inArray(planCategories.slug, CATEGORIES.map((c) => c.slug)));
  const categoryId = new Map(categoryRows.map((r) => [r.slug, r.id]));

  const entries = planEntries();
  counts.plans = (
    await tx
      .insert(plans)
      .values(
        entries.map(({ code, category, plan, variant, sortOrder }) => ({
          categoryId: required(categoryId, category.slug),
          code,
          name: planName(plan, variant),
          description: planDescription(plan, variant),
          isActive: plan.isActive ?? true,
          simSourceType: SIM_SOURCE_TYPES[variant],
          dataMb: plan.dataMb,
          voiceMinutes: plan.voiceMinutes,
          sms: plan.sms,
          validityDays: plan.validityDays,
          internationalMinutes: plan.internationalMinutes,
          unlimitedInternationalCalls: plan.unlimitedInternationalCalls,
          sortOrder,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: plans.id })
  ).length;
  const planRows = await tx
    .select({ id: plans.id, code: plans.code })
    .from(plans)
    .where(inArray(plans.code, entries.map((e) => e.code)));
  const planId = new Map(planRows.map((r) => [r.code, r.id]));

  counts.prices = (
    await tx
      .insert(planPricing)
      .values(
        entries.flatMap(({ code, plan }) =>
          plan.prices.map((p) => ({
            planId: required(planId, code),
            price: p.price,
            periodDays: p.periodDays,
            isActive: p.isActive ?? true,
          })),
        ),
      )
      .onConflictDoNothing()
      .returning({ id: planPricing.id })
  ).length;

  counts.addOns = (
    await tx
      .insert(addOns)
      .values(
        ADD_ONS.map((a) => ({
          code: a.code,
          name: a.name,
          description: a.description,
          isActive: a.isActive ?? true,
          callMinutes: a.callMinutes,
          sms: a.sms,
          bandwidth: a.bandwidth,
          price: a.price,
          sortOrder: a.sortOrder,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: addOns.id })
  ).length;
  const addOnRows = await tx
    .select({ id: addOns.id, code: addOns.code })
    .from(addOns)
    .where(inArray(addOns.code, ADD_ONS.map((a) => a.code)));
  const addOnId = new Map(addOnRows.map((r) => [r.code, r.id]));

  const links = ADD_ONS.flatMap((a) =>
    entries
      .filter((e) => a.allowedFor(e.plan, e.category))
      .map((e) => ({ addOnId: required(addOnId, a.code), planId: required(planId, e.code) })),
  );
  if (links.length > 0) {
    counts.addOnPlans = (
      await tx.insert(addOnPlans).values(links).onConflictDoNothing().returning({ id: addOnPlans.addOnId })
    ).length;
  }

  counts.rates = (
    await tx.insert(internationalRates).values(buildRateRows()).onConflictDoNothing().returning({ c: internationalRates.country })
  ).length;
  counts.shippingRates = (
    await tx.insert(shippingRates).values(buildShippingRows()).onConflictDoNothing().returning({ id: shippingRates.id })
  ).length;
  counts.resellers = (
    await tx.insert(resellers).values(RESELLERS).onConflictDoNothing().returning({ id: resellers.id })
  ).length;

  return counts;
}

function required<V>(map: Map<string, V>, key: string): V {
  const v = map.get(key);
  // Only reachable if a row with this natural key was deleted between our insert and select.
  if (v === undefined) throw new Error(`seed: no row for ${key}`);
  return v;
}
