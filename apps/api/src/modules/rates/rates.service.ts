import { rateListSchema, shippingRateListSchema, type Rate, type ShippingRate } from '@app/shared/contracts/catalogue';
import type { Db } from '../../db/client.js';
import { appError } from '../../lib/errors.js';
import { SnapshotCache, type Served } from '../../lib/snapshot-cache.js';
import { loadRateRows, type RateRow, type ShippingRow } from './rates.repository.js';

export interface RatesSnapshot {
  rates: Rate[];
  ratesByCountry: Map<string, Rate>;
  shipping: ShippingRate[];
  shippingByCountry: Map<string, ShippingRate[]>;
}

function buildSnapshot(rows: { rates: RateRow[]; shipping: ShippingRow[] }): RatesSnapshot {
  // Sorted here, not by the database, whose collation may put "Türkiye" after "Tuvalu".
  const byName = new Intl.Collator('en', { sensitivity: 'base' });
  const rates = rows.rates
    .map((r) => ({
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
    code: s.code,
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
  return { rates, ratesByCountry: new Map(rates.map((r) => [r.country, r])), shipping, shippingByCountry };
}

/** International call rates (GET /public/rate) and shipping options (GET /public/shipping_rate). */
export class RatesService {
  private readonly cache: SnapshotCache<RatesSnapshot>;

  constructor(db: Db, onRefreshError: (err: unknown) => void, ttlMs?: number) {
    this.cache = new SnapshotCache(async () => buildSnapshot(await loadRateRows(db)), onRefreshError, ttlMs);
  }

  invalidate(): void {
    this.cache.invalidate();
  }

  warm(): Promise<void> {
    return this.cache.warm();
  }

  snapshot(): Promise<RatesSnapshot> {
    return this.cache.get();
  }

  rates(country: string | undefined): Served {
    return this.cache.with((snap, v) => {
      if (country === undefined) return this.cache.respond(v, 'rates:*', rateListSchema, () => snap.rates);
      const rate = snap.ratesByCountry.get(country);
      if (!rate) throw appError('RATE_NOT_FOUND');
      return this.cache.respond(v, `rates:${country}`, rateListSchema, () => [rate]);
    });
  }

  /** Delivery options; a country we do not ship to answers 'No available shipper'. */
  shippingRates(country: string | undefined): Served {
    return this.cache.with((snap, v) => {
      if (country === undefined) return this.cache.respond(v, 'shipping:*', shippingRateListSchema, () => snap.shipping);
      const options = snap.shippingByCountry.get(country);
      if (!options) throw appError('NO_AVAILABLE_SHIPPER');
      return this.cache.respond(v, `shipping:${country}`, shippingRateListSchema, () => options);
    });
  }
}
