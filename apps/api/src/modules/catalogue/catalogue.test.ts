import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addOnListSchema, planCategoryListSchema, planPricingListSchema, planSchema, type PlanCategory, type PlanPricing } from '@app/shared/contracts/catalogue';
import { visibleCategories } from '@app/shared/rules/catalogue';
import { classifyAddOn } from '@app/shared/rules/add-on';
import { apiErrorSchema } from '@app/shared/contracts/errors';
import { planPricing, plans } from '../../db/schema/catalogue.js';
import { buildTestApp } from '../../test/helpers.js';
import { signedInSubscriber } from '../../test/fixtures.js';
import { CatalogueService } from './catalogue.service.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let categories: PlanCategory[];
let prices: PlanPricing[];

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/public/plan_category' });
  expect(res.statusCode).toBe(200);
  categories = planCategoryListSchema.parse(res.json());
  prices = planPricingListSchema.parse((await t.app.inject({ method: 'GET', url: '/public/plan_pricing' })).json());
});
afterAll(async () => {
  await t?.close();
});

const allPlans = () => categories.flatMap((c) => c.plans);
const byName = (name: string) => {
  const c = categories.find((x) => x.name === name);
  if (!c) throw new Error(`no category ${name}`);
  return c;
};

describe('GET /public/plan_category', () => {
  it('lists every category with its plans, PayGo first and in sortOrder', () => {
    expect(categories.map((c) => c.name)).toEqual([
      'PayGo',
      'Tourist',
      'Value',
      'Immigrant',
      'Traveler',
      'Roaming',
      'Unlimited',
      'ACP',
      'Business',
    ]);
    const orders = categories.map((c) => c.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    for (const c of categories) {
      const planOrders = c.plans.map((p) => p.sortOrder);
      expect(planOrders).toEqual([...planOrders].sort((a, b) => a - b));
      for (const p of c.plans) expect(p.categoryId).toBe(c.id);
    }
  });

  it('sells each shop category as physical SIM and eSIM, with several plans', () => {
    for (const name of ['PayGo', 'Tourist', 'Value', 'Immigrant', 'Traveler', 'Roaming']) {
      const active = byName(name).plans.filter((p) => p.isActive);
      expect(active.some((p) => p.simSource.type.startsWith('sim_')), name).toBe(true);
      expect(active.some((p) => !p.simSource.type.startsWith('sim_')), name).toBe(true);
      expect(new Set(active.map((p) => p.dataMb)).size, name).toBeGreaterThanOrEqual(3);
      expect(byName(name).description.length, name).toBeGreaterThan(60);
    }
  });

  it('includes the inactive plan, and the client rules hide ACP, Unlimited, the empty category and it', () => {
    const inactive = allPlans().filter((p) => !p.isActive);
    expect(inactive.length).toBeGreaterThanOrEqual(1);
    expect(byName('Business').plans).toEqual([]);
    expect(byName('ACP').plans.length).toBeGreaterThan(0);
    expect(byName('Unlimited').plans.length).toBeGreaterThan(0);

    const visible = visibleCategories(categories);
    expect(visible.map((c) => c.name)).toEqual(['PayGo', 'Tourist', 'Value', 'Immigrant', 'Traveler', 'Roaming']);
    const visibleIds = new Set(visible.flatMap((c) => c.plans.map((p) => p.id)));
    for (const p of inactive) expect(visibleIds.has(p.id)).toBe(false);
  });

  it('makes the PayGo claim true: an active $3 price for 30 days on an active PayGo plan', () => {
    const paygo = byName('PayGo').plans.filter((p) => p.isActive);
    const ids = new Set(paygo.map((p) => p.id));
    const three = prices.filter((p) => ids.has(p.planId) && p.isActive && p.price === 300 && p.periodDays === 30);
    expect(three.length).toBeGreaterThanOrEqual(1);
    const cheapestActive = Math.min(...prices.filter((p) => p.isActive && ids.has(p.planId)).map((p) => p.price));
    expect(cheapestActive).toBe(300);
  });

  it('sends caching headers and a strong ETag, and answers If-None-Match with 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/public/plan_category' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    const again = await t.app.inject({ method: 'GET', url: '/public/plan_category' });
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);

    const notModified = await t.app.inject({ method: 'GET', url: '/public/plan_category', headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);

    const weakInList = await t.app.inject({
      method: 'GET',
      url: '/public/plan_category',
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(weakInList.statusCode).toBe(304);

    const stale = await t.app.inject({ method: 'GET', url: '/public/plan_category', headers: { 'if-none-match': '"not-it"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('serves pre-compressed gzip and brotli variants with their own ETags', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/public/plan_category' });
    const gz = await t.app.inject({ method: 'GET', url: '/public/plan_category', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.etag).not.toBe(plain.headers.etag);

    const br = await t.app.inject({ method: 'GET', url: '/public/plan_category', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const refused = await t.app.inject({ method: 'GET', url: '/public/plan_category', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');

    // Any encoding's tag revalidates: the content is the same.
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/public/plan_category',
      headers: { 'if-none-match': gz.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('keeps serving the cached snapshot until it expires or is invalidated', async () => {
    const [plan] = await t.db.select().from(plans).where(eq(plans.code, 'paygo-plus-sim'));
    expect(plan).toBeDefined();
    const before = await t.app.inject({ method: 'GET', url: '/public/plan_category' });
    await t.db.update(plans).set({ name: 'PayGo Plus SIM (renamed)' }).where(eq(plans.id, plan!.id));
    try {
      const cached = await t.app.inject({ method: 'GET', url: '/public/plan_category' });
      expect(cached.body).toBe(before.body);

      t.services.catalogue.invalidate();
      const fresh = await t.app.inject({ method: 'GET', url: '/public/plan_category' });
      expect(fresh.body).toContain('PayGo Plus SIM (renamed)');
      expect(fresh.headers.etag).not.toBe(before.headers.etag);
    } finally {
      await t.db.update(plans).set({ name: plan!.name }).where(eq(plans.id, plan!.id));
      t.services.catalogue.invalidate();
    }
    const restored = await t.app.inject({ method: 'GET', url: '/public/plan_category' });
    expect(restored.headers.etag).toBe(before.headers.etag);
  });
});

describe('catalogue snapshot', () => {
  it('serves an expired snapshot at once while one reload runs in the background', async () => {
    const service = new CatalogueService(t.db, (err) => {
      throw err;
    }, 0);
    const first = await service.categories();
    const [plan] = await t.db.select().from(plans).where(eq(plans.code, 'value-6gb-sim'));
    await t.db.update(plans).set({ name: 'Value 6GB SIM (edited)' }).where(eq(plans.id, plan!.id));
    try {
      // TTL 0: already expired, yet answered synchronously with what we had.
      const stale = service.categories();
      expect(stale).not.toBeInstanceOf(Promise);
      expect(stale).toBe(first);
      await expect.poll(() => (service.categories() as { body: string }).body, { timeout: 5000 }).toContain(
        'Value 6GB SIM (edited)',
      );
    } finally {
      await t.db.update(plans).set({ name: plan!.name }).where(eq(plans.id, plan!.id));
    }
  });

  it('keeps the previous snapshot when a reload fails, and retries only after another TTL', async () => {
    let failing = false;
    // The same database handle, except that loads fail while `failing` is set (database unreachable).
    const db = new Proxy(t.db, {
      get: (target, key) =>
        key === 'transaction' && failing ? () => Promise.reject(new Error('db down')) : Reflect.get(target, key),
    });
    const errors: unknown[] = [];
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    const [plan] = await t.db.select().from(plans).where(eq(plans.code, 'tourist-7-days-esim'));
    try {
      const service = new CatalogueService(db, (err) => errors.push(err), 1000);
      const first = await service.categories();

      failing = true;
      now += 1500;
      expect(service.categories()).toBe(first);
      await vi.waitFor(() => expect(errors).toHaveLength(1));
      // Within the next TTL nobody retries, however many requests come.
      for (let i = 0; i < 5; i++) expect(service.categories()).toBe(first);
      await new Promise((r) => setTimeout(r, 50));
      expect(errors).toHaveLength(1);

      failing = false;
      await t.db.update(plans).set({ name: 'Tourist 7 Days eSIM (back)' }).where(eq(plans.id, plan!.id));
      now += 1500;
      expect(service.categories()).toBe(first);
      await vi.waitFor(() => expect((service.categories() as { body: string }).body).toContain('Tourist 7 Days eSIM (back)'));
      expect(errors).toHaveLength(1);
    } finally {
      clock.mockRestore();
      await t.db.update(plans).set({ name: plan!.name }).where(eq(plans.id, plan!.id));
    }
  });

  it('answers errors and bodies correctly on the first request after an invalidation', async () => {
    t.services.catalogue.invalidate();
    const missing = await t.app.inject({ method: 'GET', url: '/public/plan/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(apiErrorSchema.parse(missing.json()).code).toBe('PLAN_NOT_FOUND');
    t.services.catalogue.invalidate();
    const ok = await t.app.inject({ method: 'GET', url: '/public/plan_category', headers: { 'accept-encoding': 'gzip' } });
    expect(ok.statusCode).toBe(200);
    expect(planCategoryListSchema.parse(JSON.parse(gunzipSync(ok.rawPayload).toString()))).toEqual(categories);
  });
});

describe('GET /public/plan/:id', () => {
  it('returns one plan, inactive ones included', async () => {
    for (const p of [allPlans().find((x) => x.isActive)!, allPlans().find((x) => !x.isActive)!]) {
      const res = await t.app.inject({ method: 'GET', url: `/public/plan/${p.id}` });
      expect(res.statusCode).toBe(200);
      expect(planSchema.parse(res.json())).toEqual(p);
      expect(res.headers.etag).toBeDefined();
    }
  });

  it('answers 404 PLAN_NOT_FOUND for an unknown id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/plan/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('PLAN_NOT_FOUND');
    expect(body.message).toBe('The plan you requested could not be found');
  });

  it.each(['not-a-uuid', '123', "1' or '1'='1"])('answers 400 VALIDATION_FAILED for %j', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: `/public/plan/${encodeURIComponent(id)}` });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors?.[0]?.field).toBe('id');
  });
});

describe('GET /public/plan_pricing', () => {
  it('lists every price without filters, inactive ones included', () => {
    expect(prices.length).toBeGreaterThan(40);
    expect(prices.some((p) => !p.isActive)).toBe(true);
    const planIds = new Set(allPlans().map((p) => p.id));
    for (const p of prices) expect(planIds.has(p.planId)).toBe(true);
  });

  it('isActive=true keeps only active prices of active plans', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/plan_pricing?isActive=true' });
    const active = planPricingListSchema.parse(res.json());
    const activePlans = new Set(allPlans().filter((p) => p.isActive).map((p) => p.id));
    expect(active.length).toBeGreaterThan(0);
    for (const p of active) {
      expect(p.isActive).toBe(true);
      expect(activePlans.has(p.planId)).toBe(true);
    }
    const inactive = planPricingListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/public/plan_pricing?isActive=false' })).json(),
    );
    expect(active.length + inactive.length).toBe(prices.length);
    // The retired plan's price is active itself but its plan is not.
    const retired = allPlans().find((p) => !p.isActive)!;
    expect(inactive.some((p) => p.planId === retired.id && p.isActive)).toBe(true);
  });

  it('filters by plan, offering several periods (1, 3 and 6 months) on some plans', async () => {
    const plan = byName('PayGo').plans.find((p) => p.isActive)!;
    const res = await t.app.inject({ method: 'GET', url: `/public/plan_pricing?planId=${plan.id}&isActive=true` });
    expect(res.statusCode).toBe(200);
    const list = planPricingListSchema.parse(res.json());
    expect(list.map((p) => p.planId)).toEqual(list.map(() => plan.id));
    expect(list.map((p) => p.periodDays)).toEqual([30, 90, 180]);
  });

  it('has an unknown plan answer with an empty list, and validates its query', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/public/plan_pricing?planId=00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);

    for (const qs of ['planId=nope', 'isActive=yes', 'isActive=1']) {
      const res = await t.app.inject({ method: 'GET', url: `/public/plan_pricing?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(apiErrorSchema.parse(res.json()).code).toBe('VALIDATION_FAILED');
    }
  });

  it('reflects an inactive price after a reload', async () => {
    const plan = byName('Value').plans.find((p) => p.isActive)!;
    const [row] = await t.db.select().from(planPricing).where(eq(planPricing.planId, plan.id)).limit(1);
    await t.db.update(planPricing).set({ isActive: false }).where(eq(planPricing.id, row!.id));
    t.services.catalogue.invalidate();
    try {
      const list = planPricingListSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/public/plan_pricing?planId=${plan.id}&isActive=true` })).json(),
      );
      expect(list.some((p) => p.id === row!.id)).toBe(false);
    } finally {
      await t.db.update(planPricing).set({ isActive: true }).where(eq(planPricing.id, row!.id));
      t.services.catalogue.invalidate();
    }
  });
});

describe('GET /public/add-on_plan', () => {
  it('offers voice, text and data add-ons, each for some active plans', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/add-on_plan?isActive=true' });
    expect(res.statusCode).toBe(200);
    const addOns = addOnListSchema.parse(res.json());
    const activePlans = new Set(allPlans().filter((p) => p.isActive).map((p) => p.id));
    const kinds = new Set(addOns.map((a) => classifyAddOn(a)));
    expect(kinds).toEqual(new Set(['voice', 'text', 'data']));
    for (const a of addOns) {
      expect(a.isActive).toBe(true);
      expect(a.price).toBeGreaterThan(0);
      expect(a.allowedForPlans.length, a.name).toBeGreaterThan(0);
      for (const id of a.allowedForPlans) expect(activePlans.has(id)).toBe(true);
    }
    const voice = addOns.filter((a) => classifyAddOn(a) === 'voice');
    expect(voice.every((a) => /minutes|call/i.test(a.name) && a.callMinutes > 0)).toBe(true);
    const text = addOns.filter((a) => classifyAddOn(a) === 'text');
    expect(text.every((a) => /sms|text/i.test(a.name) && a.sms > 0)).toBe(true);
  });

  it('lists the ended promotion only without the active filter', async () => {
    const all = addOnListSchema.parse((await t.app.inject({ method: 'GET', url: '/public/add-on_plan' })).json());
    const inactive = addOnListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/public/add-on_plan?isActive=false' })).json(),
    );
    expect(inactive.length).toBeGreaterThan(0);
    expect(inactive.every((a) => !a.isActive)).toBe(true);
    expect(all.length).toBe(inactive.length + all.filter((a) => a.isActive).length);
    const bad = await t.app.inject({ method: 'GET', url: '/public/add-on_plan?isActive=maybe' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('plan reads under /subscriber', () => {
  it('answers signed-in callers with the same plan reads as /public, marked private', async () => {
    const me = await signedInSubscriber(t.container);
    const plan = allPlans()[0]!;
    const pub = await t.app.inject({ method: 'GET', url: `/public/plan/${plan.id}` });
    const own = await t.app.inject({ method: 'GET', url: `/subscriber/plan/${plan.id}`, headers: me.auth });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe(pub.body);
    expect(own.headers.etag).toBe(pub.headers.etag);
    expect(own.headers['cache-control']).toBe('private, max-age=60');
    const pricing = await t.app.inject({ method: 'GET', url: `/subscriber/plan_pricing?planId=${plan.id}&isActive=true`, headers: me.auth });
    expect(planPricingListSchema.parse(pricing.json()).length).toBeGreaterThan(0);
    const bad = await t.app.inject({ method: 'GET', url: '/subscriber/plan/nope', headers: me.auth });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: `/subscriber/plan/${plan.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
