import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOnListSchema, planCategoryListSchema, planPricingListSchema, planSchema, type AddOn, type PlanCategory } from '@app/shared/contracts/catalogue';
import { quoteSchema } from '@app/shared/contracts/checkout';
import type { OpsOutput } from '../../ops/commands.js';
import { buildTestApp } from '../../test/helpers.js';
import { catalogueTranslationsCommand } from './catalogue.ops.js';
import { catalogueTextsDir } from './catalogue-texts.js';
import { loadCatalogueTranslations } from './catalogue-translations.js';

/**
 * Catalogue texts in the requested language (decision 210), with a small Spanish fixture instead of
 * a real translation: it leaves some texts out on purpose, so English fills each missing field.
 */

const en = JSON.parse(readFileSync(path.join(catalogueTextsDir, 'en.json'), 'utf8')) as Record<string, string>;

const spanish = {
  'category.paygo.name': 'Prepago',
  // No category.paygo.description: English.
  'plan.paygo-starter.name': 'Prepago Inicial',
  'plan.paygo-starter.description': 'Nuestro plan más ligero.',
  'variant.sim.suffix': 'SIM física',
  'variant.sim.sentence': 'Se envía como tarjeta SIM.',
  'variant.esim.suffix': 'eSIM',
  // No variant.esim.sentence: an eSIM plan's description stays English as a whole (no half sentences).
  // A name with none of the words the spec's add-on rule looks for.
  'addon.voice-100.name': 'Paquete de voz 100',
};

let t: Awaited<ReturnType<typeof buildTestApp>>;
let dir: string;

const get = (url: string, acceptLanguage?: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}), ...extra } });

async function categories(acceptLanguage?: string): Promise<PlanCategory[]> {
  return planCategoryListSchema.parse((await get('/public/plan_category', acceptLanguage)).json());
}

const paygo = (list: PlanCategory[]) => list.find((c) => c.slug === 'paygo')!;
const plan = (c: PlanCategory, slug: string) => c.plans.find((p) => p.slug === slug)!;

beforeAll(async () => {
  t = await buildTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'catalogue-texts-'));
  writeFileSync(path.join(dir, 'es.json'), JSON.stringify(spanish));
  // Whatever the repository's files gave the template database, this file starts from the fixture only.
  for (const table of ['plan_category_translations', 'plan_translations', 'add_on_translations']) await t.db.execute(sql.raw(`delete from ${table}`));
  const loaded = await loadCatalogueTranslations(t.db, 'missing', { dir });
  expect(loaded).toEqual([{ locale: 'es', categories: 1, plans: expect.any(Number), addOns: 1 }]);
  t.services.catalogue.invalidate();
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('catalogue texts in the requested language', () => {
  it('names categories, plans and add-ons in Spanish when asked, English per field where a text is missing', async () => {
    const english = paygo(await categories());
    const es = paygo(await categories('es-ES,es;q=0.9'));
    expect(english.name).toBe(en['category.paygo.name']);
    expect(es.name).toBe('Prepago');
    expect(es.description).toBe(english.description);
    expect(es.slug).toBe(english.slug);

    const sim = plan(es, 'paygo-starter-sim');
    expect(sim.name).toBe('Prepago Inicial SIM física');
    expect(sim.description).toBe('Nuestro plan más ligero. Se envía como tarjeta SIM.');
    const esim = plan(es, 'paygo-starter-esim');
    expect(esim.name).toBe('Prepago Inicial eSIM');
    expect(esim.description).toBe(plan(english, 'paygo-starter-esim').description);
    // Plans the file does not name read in English; everything but the texts is the same.
    const max = plan(es, 'paygo-max-sim');
    expect(max.name).toBe(plan(english, 'paygo-max-sim').name);
    expect({ ...sim, name: '', description: '' }).toEqual({ ...plan(english, 'paygo-starter-sim'), name: '', description: '' });

    const plans = (await categories('es')).flatMap((c) => c.plans);
    expect(plans.map((p) => p.slug)).toEqual((await categories()).flatMap((c) => c.plans.map((p) => p.slug)));
  });

  it('keeps the add-on kind of the English name when the translated name has none of its words', async () => {
    const list = (lang?: string): Promise<AddOn[]> => get('/public/add-on_plan?isActive=true', lang).then((r) => addOnListSchema.parse(r.json()));
    const english = await list();
    const es = await list('es');
    const voice = es.find((a) => a.name === 'Paquete de voz 100')!;
    expect(voice.kind).toBe('voice');
    expect(voice.description).toBe(en['addon.voice-100.description']);
    expect(es.map((a) => a.kind)).toEqual(english.map((a) => a.kind));
    expect(new Set(english.map((a) => a.kind))).toEqual(new Set(['voice', 'text', 'data']));
    // The same through the SIM screens' add-on list (a plan chosen before purchase).
    const starter = plan(paygo(await categories()), 'paygo-starter-sim');
    const forPlan = addOnListSchema.parse((await get(`/public/sim/${starter.id}/purchase/allowed-addon-plans`, 'es')).json());
    expect(forPlan.map((a) => a.name)).toContain('Paquete de voz 100');
  });

  it('caches one answer per language: Vary names Accept-Language, ETags differ, and 304 only for the same text', async () => {
    const enRes = await get('/public/plan_category');
    const esRes = await get('/public/plan_category', 'es');
    for (const r of [enRes, esRes]) {
      expect(r.headers.vary).toMatch(/accept-language/);
      expect(r.headers['cache-control']).toBe('public, max-age=60');
    }
    expect(esRes.headers.etag).not.toBe(enRes.headers.etag);
    expect((await get('/public/plan_category', 'es', { 'if-none-match': String(esRes.headers.etag) })).statusCode).toBe(304);
    expect((await get('/public/plan_category', 'fr', { 'if-none-match': String(esRes.headers.etag) })).statusCode).toBe(200);
    // A language the shop does not offer, or one without stored texts, is English: same body, same ETag.
    for (const lang of ['cy-GB,cy;q=0.9', 'fr', '*']) {
      const r = await get('/public/plan_category', lang);
      expect(r.headers.etag, lang).toBe(enRes.headers.etag);
      expect(r.body).toBe(enRes.body);
    }
    // The language's regional form finds it; a preferred unoffered language falls through to the next.
    expect(paygo(planCategoryListSchema.parse((await get('/public/plan_category', 'es-MX')).json())).name).toBe('Prepago');
    expect(paygo(planCategoryListSchema.parse((await get('/public/plan_category', 'cy, es;q=0.8')).json())).name).toBe('Prepago');

    const starter = plan(paygo(await categories()), 'paygo-starter-sim');
    const one = await get(`/public/plan/${starter.id}`, 'es');
    expect(planSchema.parse(one.json()).name).toBe('Prepago Inicial SIM física');
    expect(one.headers.vary).toMatch(/accept-language/);
    // Prices carry no text: no Vary on the language.
    expect((await get('/public/plan_pricing?isActive=true', 'es')).headers.vary ?? '').not.toMatch(/accept-language/);
  });

  it('names quote lines of catalogue items in the reader’s language; what the order records stays English', async () => {
    const english = paygo(await categories());
    const starter = plan(english, 'paygo-starter-sim');
    const priceId = planPricingListSchema.parse((await get(`/public/plan_pricing?planId=${starter.id}&isActive=true`)).json())[0]!.id;
    const voice = addOnListSchema.parse((await get('/public/add-on_plan?isActive=true')).json()).find((a) => a.name === en['addon.voice-100.name'])!;
    const items = [
      { _type: 'plan', planId: starter.id, priceId, categoryId: english.id, quantity: 1 },
      { _type: 'addon', addonId: voice.id, planId: starter.id, categoryId: english.id, quantity: 1 },
    ];
    const quote = (lang: string) =>
      t.app.inject({ method: 'POST', url: '/public/sim/purchase/price', headers: { 'accept-language': lang }, payload: { items } }).then((r) => quoteSchema.parse(r.json()));
    const [es, enQuote] = [await quote('es'), await quote('en')];
    expect(es.lines.map((l) => l.name)).toEqual(['Prepago Inicial SIM física', 'Paquete de voz 100']);
    expect(enQuote.lines.map((l) => l.name)).toEqual([starter.name, voice.name]);
    expect(es.total).toBe(enQuote.total);
  });

  it('start-up loading adds what is missing and keeps stored texts; the ops reload replaces what differs', async () => {
    await t.db.execute(sql`update plan_category_translations set name = 'Prepago (editado)' where locale = 'es'`);
    const again = await loadCatalogueTranslations(t.db, 'missing', { dir });
    expect(again).toEqual([{ locale: 'es', categories: 0, plans: 0, addOns: 0 }]);
    t.services.catalogue.invalidate();
    expect(paygo(await categories('es')).name).toBe('Prepago (editado)');

    const lines: string[] = [];
    const tables: Record<string, unknown>[][] = [];
    const out: OpsOutput = { line: (l) => lines.push(l), table: (rows) => tables.push([...rows]) };
    await catalogueTranslationsCommand.run(t.container, ['--dir', dir], out);
    expect(tables[0]).toEqual([{ language: 'es', categories: 1, plans: 0, 'add-ons': 0 }]);
    t.services.catalogue.invalidate();
    expect(paygo(await categories('es')).name).toBe('Prepago');

    await expect(catalogueTranslationsCommand.run(t.container, ['--dir', dir, '--locale', 'de'], out)).rejects.toThrow(/no catalogue translation file for de/);
  });

  it('refuses a translation file whose name is not a language tag', async () => {
    const bad = mkdtempSync(path.join(tmpdir(), 'catalogue-texts-'));
    try {
      writeFileSync(path.join(bad, 'spanish.json'), '{}');
      await expect(loadCatalogueTranslations(t.db, 'missing', { dir: bad })).rejects.toThrow(/must be a language tag/);
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
