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
import { classifyAddOn } from '@app/shared/rules/add-on';
import { planSlug } from '@app/shared/rules/catalogue';
import type { Db } from '../../db/client.js';
import { appError } from '../../lib/errors.js';
import { SnapshotCache, type Served } from '../../lib/snapshot-cache.js';
import { loadCatalogueRows, type CatalogueRows, type PlanRow } from './catalogue.repository.js';
import type { TextRow } from './catalogue-texts.js';

/**
 * What we sell: plan categories, plans, their prices and the add-ons, served from a snapshot of the
 * catalogue tables (lib/snapshot-cache.ts). Other services (checkout's quotes, the SIM actions) read
 * the same snapshot through `snapshot()`, so a price shown and a price charged come from one place.
 *
 * Texts come in the language asked for (decision 210): the snapshot holds the English rows and every
 * stored translation, and builds each language's view once per load, each field falling back to
 * English on its own. Everything but names and descriptions is the same object in every language.
 */

export type ActiveFilter = 'true' | 'false' | undefined;
export type { Served } from '../../lib/snapshot-cache.js';

export interface CatalogueSnapshot {
  /** The language whose texts this view holds ('en', or a stored language such as 'es' or 'pt-BR'). */
  locale: string;
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
    slug: planSlug(row.name),
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
    slug: c.slug,
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
    // From the English name: the spec's rule reads words a translation need not contain.
    kind: classifyAddOn(a) ?? null,
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
    locale: 'en',
    categories,
    plans,
    prices,
    pricesById: new Map(prices.map((p) => [p.id, p])),
    addOns,
    addOnsById: new Map(addOns.map((a) => [a.id, a])),
  };
}

type Texts = Map<string, { name: string | null; description: string | null }>;

/** The stored translations of one part, by language, then by entity id. */
function byLocale(rows: readonly TextRow[]): Map<string, Texts> {
  const out = new Map<string, Texts>();
  for (const r of rows) {
    let m = out.get(r.locale);
    if (!m) out.set(r.locale, (m = new Map()));
    m.set(r.id, { name: r.name, description: r.description });
  }
  return out;
}

/**
 * The English snapshot and each language's view of it. Views are built on first use and kept with
 * the snapshot they came from, so a reload drops them all.
 */
class LocalizedCatalogue {
  private readonly categoryTexts: Map<string, Texts>;
  private readonly planTexts: Map<string, Texts>;
  private readonly addOnTexts: Map<string, Texts>;
  private readonly languages: Set<string>;
  private readonly views = new Map<string, CatalogueSnapshot>();

  constructor(
    readonly base: CatalogueSnapshot,
    texts: CatalogueRows['texts'],
  ) {
    this.categoryTexts = byLocale(texts.categories);
    this.planTexts = byLocale(texts.plans);
    this.addOnTexts = byLocale(texts.addOns);
    this.languages = new Set([...this.categoryTexts.keys(), ...this.planTexts.keys(), ...this.addOnTexts.keys()]);
  }

  /**
   * The languages whose texts `locale` reads, most specific first: `pt-BR` reads pt-BR, then pt;
   * English is the base. Only languages with stored texts count, so every tag without texts
   * shares the English view (and its cached responses and ETags).
   */
  chain(locale: string | null | undefined): string[] {
    if (!locale) return [];
    const base = locale.split('-')[0] ?? '';
    return [...new Set([locale, base])].filter((l) => l !== 'en' && this.languages.has(l));
  }

  view(locale: string | null | undefined): CatalogueSnapshot {
    const chain = this.chain(locale);
    if (chain.length === 0) return this.base;
    const key = chain.join('>');
    let v = this.views.get(key);
    if (!v) this.views.set(key, (v = this.build(key, chain)));
    return v;
  }

  private build(key: string, chain: string[]): CatalogueSnapshot {
    const pick = (parts: Map<string, Texts>, id: string, field: 'name' | 'description', english: string): string => {
      for (const l of chain) {
        const t = parts.get(l)?.get(id)?.[field];
        if (t) return t;
      }
      return english;
    };
    const { base } = this;
    const plans = new Map(
      [...base.plans].map(([id, p]) => [
        id,
        { ...p, name: pick(this.planTexts, id, 'name', p.name), description: pick(this.planTexts, id, 'description', p.description) },
      ]),
    );
    const categories = base.categories.map((c) => ({
      ...c,
      name: pick(this.categoryTexts, c.id, 'name', c.name),
      description: pick(this.categoryTexts, c.id, 'description', c.description),
      plans: c.plans.map((p) => plans.get(p.id) ?? p),
    }));
    const addOns = base.addOns.map((a) => ({
      ...a,
      name: pick(this.addOnTexts, a.id, 'name', a.name),
      description: pick(this.addOnTexts, a.id, 'description', a.description),
    }));
    return { ...base, locale: key, categories, plans, addOns, addOnsById: new Map(addOns.map((a) => [a.id, a])) };
  }
}

/** A price is on sale only while both it and its plan are active. */
function isPriceActive(price: PlanPricing, plans: Map<string, Plan>): boolean {
  return price.isActive && plans.get(price.planId)?.isActive === true;
}

export function matchesFilter(active: boolean, filter: ActiveFilter): boolean {
  return filter === undefined || active === (filter === 'true');
}

export class CatalogueService {
  private readonly cache: SnapshotCache<LocalizedCatalogue>;

  constructor(db: Db, onRefreshError: (err: unknown) => void, ttlMs?: number) {
    this.cache = new SnapshotCache(
      async () => {
        const rows = await loadCatalogueRows(db);
        return new LocalizedCatalogue(buildSnapshot(rows), rows.texts);
      },
      onRefreshError,
      ttlMs,
    );
  }

  /** Forget the snapshot: the next read loads the tables again (after an edit, or in tests). */
  invalidate(): void {
    this.cache.invalidate();
  }

  /** Loads the snapshot now, e.g. at start so the first visitor does not pay for it. */
  warm(): Promise<void> {
    return this.cache.warm();
  }

  /**
   * The current catalogue, for services that price or sell from it: in English (what orders and
   * invoices record), or with the texts of `locale` (a request's or an account's language; any
   * tag, English where there is no translation).
   */
  async snapshot(locale?: string | null): Promise<CatalogueSnapshot> {
    return (await this.cache.get()).view(locale);
  }

  /** Every category with all its plans, inactive ones included: the client applies the visibility rules. */
  categories(locale?: string): Served {
    return this.cache.with((all, v) => {
      const snap = all.view(locale);
      return this.cache.respond(v, `categories:${snap.locale}`, planCategoryListSchema, () => snap.categories);
    });
  }

  plan(id: string, locale?: string): Served {
    return this.cache.with((all, v) => {
      const snap = all.view(locale);
      const plan = snap.plans.get(id);
      if (!plan) throw appError('PLAN_NOT_FOUND');
      return this.cache.respond(v, `plan:${id}:${snap.locale}`, planSchema, () => plan);
    });
  }

  /**
   * Prices, optionally of one plan. isActive=true keeps what is on sale (active price of an active
   * plan), isActive=false the rest. An unknown plan id simply has no prices.
   */
  pricing(planId: string | undefined, isActive: ActiveFilter): Served {
    return this.cache.with(({ base: snap }, v) => {
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
  addOns(isActive: ActiveFilter, locale?: string): Served {
    return this.cache.with((all, v) => {
      const snap = all.view(locale);
      return this.cache.respond(v, `addons:${isActive ?? '*'}:${snap.locale}`, addOnListSchema, () =>
        snap.addOns
          .filter((a) => matchesFilter(a.isActive, isActive))
          .map((a) =>
            isActive === 'true'
              ? { ...a, allowedForPlans: a.allowedForPlans.filter((id) => snap.plans.get(id)?.isActive === true) }
              : a,
          ),
      );
    });
  }
}
