import {
  addOnListSchema,
  planCategoryListSchema,
  planPricingListSchema,
  planSchema,
  type AddOn,
  type Plan,
  type PlanCategory,
  type PlanPricing,
} from '@app/shared/contracts/catalogue';
import type { Db } from '../../db/client.js';
import { appError } from '../../lib/errors.js';
import { SnapshotCache, type Served } from '../../lib/snapshot-cache.js';
import { loadCatalogueRows, type CatalogueRows, type PlanRow } from './catalogue.repository.js';

/**
 * What we sell: plan categories, plans, their prices and the add-ons, served from a snapshot of the
 * catalogue tables (lib/snapshot-cache.ts). Other services (checkout's quotes, the SIM actions) read
 * the same snapshot through `snapshot()`, so a price shown and a price charged come from one place.
 */

export type ActiveFilter = 'true' | 'false' | undefined;
export type { Served } from '../../lib/snapshot-cache.js';

export interface CatalogueSnapshot {
  categories: PlanCategory[];
  plans: Map<string, Plan>;
  prices: PlanPricing[];
  pricesById: Map<string, PlanPricing>;
  addOns: AddOn[];
  addOnsById: Map<string, AddOn>;
}

function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    categoryId: row.categoryId,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    simSource: { type: row.simSourceType },
    dataMb: row.dataMb,
    voiceMinutes: row.voiceMinutes,
    sms: row.sms,
    validityDays: row.validityDays,
    internationalMinutes: row.internationalMinutes,
    unlimitedInternationalCalls: row.unlimitedInternationalCalls,
    sortOrder: row.sortOrder,
  };
}

function buildSnapshot(rows: CatalogueRows): CatalogueSnapshot {
  const plans = new Map(rows.plans.map((r) => [r.id, toPlan(r)]));
  const categories = rows.categories.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    sortOrder: c.sortOrder,
    plans: [...plans.values()].filter((p) => p.categoryId === c.id),
  }));
  const allowed = new Map<string, string[]>();
  for (const link of rows.addOnPlans) {
    const list = allowed.get(link.addOnId);
    if (list) list.push(link.planId);
    else allowed.set(link.addOnId, [link.planId]);
  }
  // Plans in catalogue order, so allowedForPlans reads the same way as the plan lists.
  const planOrder = new Map([...plans.keys()].map((id, i) => [id, i]));
  const addOns = rows.addOns.map((a) => ({
    id: a.id,
    name: a.name,
    description: a.description,
    isActive: a.isActive,
    callMinutes: a.callMinutes,
    sms: a.sms,
    bandwidth: a.bandwidth,
    price: a.price,
    allowedForPlans: (allowed.get(a.id) ?? []).sort((x, y) => (planOrder.get(x) ?? 0) - (planOrder.get(y) ?? 0)),
  }));
  const prices = rows.prices
    .map((p) => ({ id: p.id, planId: p.planId, isActive: p.isActive, price: p.price, periodDays: p.periodDays }))
    .sort((a, b) => (planOrder.get(a.planId) ?? 0) - (planOrder.get(b.planId) ?? 0));
  return {
    categories,
    plans,
    prices,
    pricesById: new Map(prices.map((p) => [p.id, p])),
    addOns,
    addOnsById: new Map(addOns.map((a) => [a.id, a])),
  };
}

/** A price is on sale only while both it and its plan are active. */
function isPriceActive(price: PlanPricing, plans: Map<string, Plan>): boolean {
  return price.isActive && plans.get(price.planId)?.isActive === true;
}

export function matchesFilter(active: boolean, filter: ActiveFilter): boolean {
  return filter === undefined || active === (filter === 'true');
}

export class CatalogueService {
  private readonly cache: SnapshotCache<CatalogueSnapshot>;

  constructor(db: Db, onRefreshError: (err: unknown) => void, ttlMs?: number) {
    this.cache = new SnapshotCache(async () => buildSnapshot(await loadCatalogueRows(db)), onRefreshError, ttlMs);
  }

  /** Forget the snapshot: the next read loads the tables again (after an edit, or in tests). */
  invalidate(): void {
    this.cache.invalidate();
  }

  /** Loads the snapshot now, e.g. at start so the first visitor does not pay for it. */
  warm(): Promise<void> {
    return this.cache.warm();
  }

  /** The current catalogue, for services that price or sell from it. */
  snapshot(): Promise<CatalogueSnapshot> {
    return this.cache.get();
  }

  /** Every category with all its plans, inactive ones included: the client applies the visibility rules. */
  categories(): Served {
    return this.cache.with((snap, v) => this.cache.respond(v, 'categories', planCategoryListSchema, () => snap.categories));
  }

  plan(id: string): Served {
    return this.cache.with((snap, v) => {
      const plan = snap.plans.get(id);
      if (!plan) throw appError('PLAN_NOT_FOUND');
      return this.cache.respond(v, `plan:${id}`, planSchema, () => plan);
    });
  }

  /**
   * Prices, optionally of one plan. isActive=true keeps what is on sale (active price of an active
   * plan), isActive=false the rest. An unknown plan id simply has no prices.
   */
  pricing(planId: string | undefined, isActive: ActiveFilter): Served {
    return this.cache.with((snap, v) => {
      if (planId !== undefined && !snap.plans.has(planId)) {
        return this.cache.respond(v, 'pricing:none', planPricingListSchema, () => []);
      }
      return this.cache.respond(v, `pricing:${planId ?? '*'}:${isActive ?? '*'}`, planPricingListSchema, () =>
        snap.prices.filter(
          (p) => (planId === undefined || p.planId === planId) && matchesFilter(isPriceActive(p, snap.plans), isActive),
        ),
      );
    });
  }

  /** Add-ons; with isActive=true, active ones and only the active plans they may be bought for. */
  addOns(isActive: ActiveFilter): Served {
    return this.cache.with((snap, v) =>
      this.cache.respond(v, `addons:${isActive ?? '*'}`, addOnListSchema, () =>
        snap.addOns
          .filter((a) => matchesFilter(a.isActive, isActive))
          .map((a) =>
            isActive === 'true'
              ? { ...a, allowedForPlans: a.allowedForPlans.filter((id) => snap.plans.get(id)?.isActive === true) }
              : a,
          ),
      ),
    );
  }
}
