import {
  addOnListSchema,
  planCategoryListSchema,
  planPricingListSchema,
  planSchema,
  rateListSchema,
  shippingRateListSchema,
  type AddOn,
  type Plan,
  type PlanCategory,
  type PlanPricing,
  type Rate,
  type ShippingRate,
} from '@app/shared/catalogue';
import { ErrorCode, Messages } from '@app/shared/errors';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { buildCachedResponse, type CachedResponse } from './cached-response.js';
import { loadCatalogueRows, type CatalogueRows, type PlanRow } from './catalogue.repository.js';

/**
 * Catalogue reads are served from an in-process snapshot of the catalogue tables, refreshed at most
 * every CATALOGUE_TTL_MS. Several API instances share one database and nothing tells them when an
 * operator edits a price, so a short TTL bounds how stale an instance can be; within it, responses
 * are pre-serialised (see cached-response.ts). An expired snapshot keeps serving while one reload
 * runs in the background, so no request ever waits on the database after the first load.
 * See docs/decisions/011-catalogue-cache.md.
 */
export const CATALOGUE_TTL_MS = 30_000;

export type ActiveFilter = 'true' | 'false' | undefined;

/** A ready response, or the promise of one while the first snapshot loads (throws/rejects with AppError). */
export type Served = CachedResponse | Promise<CachedResponse>;

interface Snapshot {
  version: number;
  loadedAt: number;
  categories: PlanCategory[];
  plans: Map<string, Plan>;
  prices: PlanPricing[];
  addOns: AddOn[];
  rates: Rate[];
  ratesByCountry: Map<string, Rate>;
  shipping: ShippingRate[];
  shippingByCountry: Map<string, ShippingRate[]>;
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

function buildSnapshot(rows: CatalogueRows, version: number): Snapshot {
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
  // Sorted here, not by the database, whose collation may put "Türkiye" after "Tuvalu".
  const byName = new Intl.Collator('en', { sensitivity: 'base' });
  const rates = rows.rates.map((r) => ({
    country: r.country,
    countryName: r.countryName,
    dialCode: r.dialCode,
    voiceRate: r.voiceRate,
    smsRate: r.smsRate,
    unlimitedCalls: r.unlimitedCalls,
    includedMinutes: r.includedMinutes,
  }))
    .sort((a, b) => byName.compare(a.countryName, b.countryName));
  const shipping = rows.shipping.map((s) => ({
    id: s.id,
    country: s.country,
    name: s.name,
    minDays: s.minDays,
    maxDays: s.maxDays,
    businessDays: s.businessDays,
    price: s.price,
  }));
  const shippingByCountry = new Map<string, ShippingRate[]>();
  for (const s of shipping) {
    const list = shippingByCountry.get(s.country);
    if (list) list.push(s);
    else shippingByCountry.set(s.country, [s]);
  }
  return {
    version,
    loadedAt: Date.now(),
    categories,
    plans,
    prices,
    addOns,
    rates,
    ratesByCountry: new Map(rates.map((r) => [r.country, r])),
    shipping,
    shippingByCountry,
  };
}

/** A price is on sale only while both it and its plan are active. */
function isPriceActive(price: PlanPricing, plans: Map<string, Plan>): boolean {
  return price.isActive && plans.get(price.planId)?.isActive === true;
}

function matchesFilter(active: boolean, filter: ActiveFilter): boolean {
  return filter === undefined || active === (filter === 'true');
}

export class CatalogueService {
  private current?: Snapshot;
  private loading?: Promise<Snapshot>;
  private version = 0;
  private readonly responses = new Map<string, { version: number; entry: CachedResponse }>();

  constructor(
    private readonly db: Db,
    private readonly onRefreshError: (err: unknown) => void,
    private readonly ttlMs = CATALOGUE_TTL_MS,
  ) {}

  /** Forget the snapshot: the next read loads the tables again (after an edit, or in tests). */
  invalidate(): void {
    this.current = undefined;
    this.loading = undefined;
  }

  /** Loads the snapshot now, e.g. at start so the first visitor does not pay for it. */
  async warm(): Promise<void> {
    await this.snapshot();
  }

  /** Runs `fn` on the current snapshot: synchronously when there is one, after the load otherwise. */
  private withSnapshot<T>(fn: (snap: Snapshot) => T): T | Promise<T> {
    const snap = this.snapshot();
    return snap instanceof Promise ? snap.then(fn) : fn(snap);
  }

  private snapshot(): Promise<Snapshot> | Snapshot {
    const s = this.current;
    if (!s) return this.reload();
    if (Date.now() - s.loadedAt >= this.ttlMs && !this.loading) {
      this.reload().catch(this.onRefreshError);
    }
    return s;
  }

  private reload(): Promise<Snapshot> {
    if (this.loading) return this.loading;
    const loading = loadCatalogueRows(this.db).then((rows) => {
      const snap = buildSnapshot(rows, ++this.version);
      // An invalidate() during the load means these rows may predate the change: don't keep them.
      if (this.loading === loading) {
        this.current = snap;
        this.loading = undefined;
        this.prune();
      }
      return snap;
    });
    loading.catch(() => {
      if (this.loading !== loading) return;
      this.loading = undefined;
      // Keep serving what we have and retry after another TTL, not on every request while the
      // database is away.
      if (this.current) this.current.loadedAt = Date.now();
    });
    this.loading = loading;
    return loading;
  }

  /** Entries of plans or countries that left the catalogue would otherwise stay forever. */
  private prune(): void {
    for (const [key, { version }] of this.responses) if (version < this.version - 1) this.responses.delete(key);
  }

  /**
   * The serialised response for `key` in this snapshot. When a reload leaves the content unchanged
   * the previous entry is kept, so ETags and compressed buffers survive the TTL.
   */
  private respond<S extends z.ZodType>(snap: Snapshot, key: string, schema: S, compute: () => z.input<S>): CachedResponse {
    const hit = this.responses.get(key);
    if (hit && hit.version === snap.version) return hit.entry;
    const fresh = buildCachedResponse(schema, compute());
    const entry = hit && hit.entry.hash === fresh.hash ? hit.entry : fresh;
    this.responses.set(key, { version: snap.version, entry });
    return entry;
  }

  /** Every category with all its plans, inactive ones included: the client applies the visibility rules. */
  categories(): Served {
    return this.withSnapshot((snap) => this.respond(snap, 'categories', planCategoryListSchema, () => snap.categories));
  }

  plan(id: string): Served {
    return this.withSnapshot((snap) => {
      const plan = snap.plans.get(id);
      if (!plan) throw notFound(Messages.planNotFound, ErrorCode.PLAN_NOT_FOUND);
      return this.respond(snap, `plan:${id}`, planSchema, () => plan);
    });
  }

  /**
   * Prices, optionally of one plan. isActive=true keeps what is on sale (active price of an active
   * plan), isActive=false the rest. An unknown plan id simply has no prices.
   */
  pricing(planId: string | undefined, isActive: ActiveFilter): Served {
    return this.withSnapshot((snap) => {
      if (planId !== undefined && !snap.plans.has(planId)) {
        return this.respond(snap, 'pricing:none', planPricingListSchema, () => []);
      }
      return this.respond(snap, `pricing:${planId ?? '*'}:${isActive ?? '*'}`, planPricingListSchema, () =>
        snap.prices.filter(
          (p) => (planId === undefined || p.planId === planId) && matchesFilter(isPriceActive(p, snap.plans), isActive),
        ),
      );
    });
  }

  /** Add-ons; with isActive=true, active ones and only the active plans they may be bought for. */
  addOns(isActive: ActiveFilter): Served {
    return this.withSnapshot((snap) =>
      this.respond(snap, `addons:${isActive ?? '*'}`, addOnListSchema, () =>
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

  rates(country: string | undefined): Served {
    return this.withSnapshot((snap) => {
      if (country === undefined) return this.respond(snap, 'rates:*', rateListSchema, () => snap.rates);
      const rate = snap.ratesByCountry.get(country);
      if (!rate) throw notFound(Messages.rateNotFound, ErrorCode.RATE_NOT_FOUND);
      return this.respond(snap, `rates:${country}`, rateListSchema, () => [rate]);
    });
  }

  /** Delivery options; a country we do not ship to answers 'No available shipper'. */
  shippingRates(country: string | undefined): Served {
    return this.withSnapshot((snap) => {
      if (country === undefined) return this.respond(snap, 'shipping:*', shippingRateListSchema, () => snap.shipping);
      const options = snap.shippingByCountry.get(country);
      if (!options) throw notFound(Messages.noAvailableShipper, ErrorCode.NO_AVAILABLE_SHIPPER);
      return this.respond(snap, `shipping:${country}`, shippingRateListSchema, () => options);
    });
  }
}

// One service (and so one cache) per database handle: every route registered on an app built with
// that handle shares it, wherever it is mounted, and test apps on separate databases never share.
const services = new WeakMap<Db, CatalogueService>();

export function catalogueServiceFor(db: Db, onRefreshError: (err: unknown) => void): CatalogueService {
  let service = services.get(db);
  if (!service) {
    service = new CatalogueService(db, onRefreshError);
    services.set(db, service);
  }
  return service;
}
