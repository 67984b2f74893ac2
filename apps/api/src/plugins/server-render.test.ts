import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryPath, planPath, visibleCategories } from '@app/shared/rules/catalogue';
import { SUPPORTED_LOCALES } from '@app/shared/rules/locales';
import { PUBLIC_PAGES } from '@app/shared/rules/site-routes';
import { plans } from '../db/schema/all.js';
import { loadCatalogueTranslations } from '../modules/catalogue/catalogue-translations.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';

/**
 * Public pages rendered on the server (issue 12, decision 202), against the real web build: the test
 * builds the web app (browser bundle and server entry) into a temporary folder first.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'ssr-web-'));
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs'), '--outDir', webDist], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`web build failed: ${build.stderr}`);
  t = await buildTestApp({ webDist, worker: false });
}, 180_000);

afterAll(async () => {
  await t?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

/** The rendered app; fails when the page came back as the empty client-rendered shell. */
const rootHtml = (html: string) => {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="ssr-data">');
  expect(start, 'no #root').toBeGreaterThanOrEqual(0);
  expect(end, 'not rendered on the server (no data block)').toBeGreaterThan(start);
  return html.slice(start, end);
};

async function visible() {
  return visibleCategories((await t.services.catalogue.snapshot()).categories);
}

/** As the shop shows prices: whole dollars without cents ($3), others with them ($8.50). */
const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);

describe('server-rendered public pages', () => {
  it('home carries its heading, every plan group and the starting price in the HTML, with the page head', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-language']).toBe('en');
    expect(res.headers.vary).toMatch(/Accept-Language/);
    const html = res.body;
    expect(html).toMatch(/<html lang="en" dir="ltr">/);
    const body = text(rootHtml(html));
    expect(body).toContain('Prepaid plans that work as hard as you do');
    for (const c of await visible()) expect(body).toContain(c.name);
    expect(body).toContain('$3');
    expect(html).toMatch(/<title>[^<]+\| [^<]+<\/title>/);
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/?lang=en">');
    for (const { code } of SUPPORTED_LOCALES) expect(html).toContain(`hreflang="${code}" href="http://localhost:3000/?lang=${code}"`);
    expect(html).toContain('hreflang="x-default" href="http://localhost:3000/"');
    expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    expect(html).toMatch(/<meta property="og:description" content="[^"]+">/);
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('<noscript>');
    // The client's cache starts with the data the page was rendered from.
    const data = JSON.parse(/<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
      locale: string;
      queries: { key: unknown[]; data: unknown; at: number }[];
    };
    expect(data.locale).toBe('en');
    expect(data.queries.map((q) => q.key[1])).toEqual(expect.arrayContaining(['public-details']));
    expect(data.queries.every((q) => q.data !== undefined && q.at > 0)).toBe(true);
  });

  it('a category page lists its plans with their prices; a plan page has its prices and schema.org Product JSON-LD', async () => {
    const categories = await visible();
    const category = categories.find((c) => c.plans.length > 1)!;
    const snapshot = await t.services.catalogue.snapshot();
    const onSale = (planId: string) => snapshot.prices.filter((p) => p.planId === planId && p.isActive);

    const list = text(rootHtml((await get(categoryPath(category))).body));
    for (const plan of category.plans.filter((p) => p.isActive)) {
      expect(list).toContain(plan.name);
      for (const price of onSale(plan.id)) expect(list).toContain(usd(price.price));
    }

    const plan = category.plans.find((p) => p.isActive && onSale(p.id).length > 0)!;
    const res = await get(planPath(category, plan));
    expect(res.statusCode).toBe(200);
    const body = text(rootHtml(res.body));
    expect(body).toContain(plan.name);
    for (const price of onSale(plan.id)) expect(body).toContain(usd(price.price));

    const blocks = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    expect(blocks).toHaveLength(1);
    const product = blocks[0]!;
    expect(product['@context']).toBe('https://schema.org');
    expect(product['@type']).toBe('Product');
    expect(product.name).toBe(plan.name);
    expect(typeof product.description).toBe('string');
    const offers = product.offers as Record<string, unknown>[];
    expect(offers.map((o) => o.price)).toEqual(onSale(plan.id).map((p) => (p.price / 100).toFixed(2)));
    for (const offer of offers) {
      expect(offer['@type']).toBe('Offer');
      expect(offer.priceCurrency).toMatch(/^[A-Z]{3}$/);
      expect(offer.availability).toBe('https://schema.org/InStock');
    }
  });

  it('renders in the visitor’s language: ?lang=, then the stored choice (cookie), then Accept-Language, else English', async () => {
    const es = await get('/', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(es.body).toMatch(/<html lang="es" dir="ltr">/);
    expect(es.headers['content-language']).toBe('es');
    expect(text(rootHtml(es.body))).toContain('Planes prepago que trabajan tanto como tú');

    const cookie = await get('/faq', { 'accept-language': 'es', cookie: 'theme=x; user-locale=fr' });
    expect(cookie.body).toMatch(/<html lang="fr"/);
    expect(cookie.body).toContain('<title>Questions fréquentes');

    const query = await get('/faq?lang=es', { cookie: 'user-locale=fr' });
    expect(query.body).toMatch(/<html lang="es"/);
    expect(query.body).toContain('<link rel="canonical" href="http://localhost:3000/faq?lang=es">');

    const other = await get('/faq', { 'accept-language': 'xx-YY, zz' });
    expect(other.body).toMatch(/<html lang="en"/);
  });

  it('every public page comes with its heading, and a title and description of its own', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const page of PUBLIC_PAGES) {
      const res = await get(page);
      expect(res.statusCode, page).toBe(200);
      expect(rootHtml(res.body), page).toMatch(/<h1[^>]*>/);
      const title = /<title>([^<]*)<\/title>/.exec(res.body)![1]!;
      const description = /<meta name="description" content="([^"]*)"/.exec(res.body)![1]!;
      // The plan groups share one page component: their titles and descriptions differ by group.
      expect(titles.has(title), `${page}: title "${title}" repeats`).toBe(false);
      expect(descriptions.has(description), `${page}: description repeats`).toBe(false);
      titles.add(title);
      descriptions.add(description);
    }
  });

  it('a visitor’s own pages (checkout, account, dashboard) come as the site’s frame around a loading state, kept out of search', async () => {
    for (const url of ['/checkout', '/auth/login', '/dashboard', '/dashboard/sim', '/payment']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const app = rootHtml(res.body);
      // The header is there; the page itself renders in the browser.
      expect(app, url).toContain('site-header');
      expect(app, url).toContain('page-loading');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
      expect(res.body, url).not.toContain('rel="canonical"');
    }
    // Checkout's frame already says what the page is for, in words the page keeps (decision 225).
    const checkout = text(rootHtml((await get('/checkout')).body));
    expect(checkout).toContain('Checkout');
    expect(checkout).toContain('You see the final total before anything is charged.');
    expect(text(rootHtml((await get('/checkout?lang=de')).body))).toContain('Den Endbetrag sehen Sie, bevor etwas abgebucht wird.');
  });

  it('an unknown address answers 404 with the not-found page already in the HTML; redirects and reseller links stay with the browser', async () => {
    const missing = await get('/no/such/');
    expect(missing.statusCode).toBe(404);
    expect(text(rootHtml(missing.body))).toContain('404 Error');
    expect(missing.body).toContain('<meta name="robots" content="noindex">');
    expect((await get('/plan/no-such-category')).statusCode).toBe(404);
    for (const url of ['/plans', '/partner-42']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('serves a rendered page from its cache until the catalogue changes', async () => {
    const [plan] = await t.db.select().from(plans).where(eq(plans.code, 'paygo-plus-sim'));
    const url = '/plan/paygo';
    const before = await get(url);
    expect(text(rootHtml(before.body))).toContain(plan!.name);
    await t.db.update(plans).set({ name: 'PayGo Plus SIM (renamed)' }).where(eq(plans.id, plan!.id));
    try {
      // The catalogue snapshot still holds the old name: the same page.
      expect((await get(url)).body).toBe(before.body);
      t.services.catalogue.invalidate();
      expect(text(rootHtml((await get(url)).body))).toContain('PayGo Plus SIM (renamed)');
    } finally {
      await t.db.update(plans).set({ name: plan!.name }).where(eq(plans.id, plan!.id));
      t.services.catalogue.invalidate();
    }
    expect(text(rootHtml((await get(url)).body))).not.toContain('(renamed)');
  });

  it('renders the catalogue in the page’s language, and renders again when its texts change (decision 210)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-texts-'));
    const load = async (texts: Record<string, string>) => {
      writeFileSync(path.join(dir, 'es.json'), JSON.stringify(texts));
      await loadCatalogueTranslations(t.db, 'overwrite', { dir });
      t.services.catalogue.invalidate();
    };
    try {
      await load({ 'category.paygo.name': 'Prepago', 'category.paygo.description': 'Paga solo lo que usas.' });
      const es = await get('/plan/paygo', { 'accept-language': 'es' });
      expect(es.headers['content-language']).toBe('es');
      expect(text(rootHtml(es.body))).toContain('Paga solo lo que usas.');
      expect(text(rootHtml((await get('/plan/paygo')).body))).not.toContain('Paga solo lo que usas.');
      await load({ 'category.paygo.name': 'Prepago', 'category.paygo.description': 'Paga solo lo que usas, mes a mes.' });
      expect(text(rootHtml((await get('/plan/paygo', { 'accept-language': 'es' })).body))).toContain('Paga solo lo que usas, mes a mes.');
    } finally {
      for (const table of ['plan_category_translations', 'plan_translations', 'add_on_translations']) await t.pool.query(`delete from ${table} where locale = 'es'`);
      t.services.catalogue.invalidate();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
