import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryPath, planPath, visibleCategories } from '@app/shared/rules/catalogue';
import { SUPPORTED_LOCALES } from '@app/shared/rules/locales';
import { PUBLIC_PAGES } from '@app/shared/rules/site-routes';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'site-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>shop</title></head><body><div id="root"></div></body></html>');
  t = await buildTestApp({ webDist, worker: false });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

async function visible() {
  return visibleCategories((await t.services.catalogue.snapshot()).categories);
}

describe('page status codes (issue 12: a path that ends on the 404 page answers 404)', () => {
  it('known pages answer 200 with the app, whatever the spelling of the trailing slash or case', async () => {
    for (const url of ['/', '/faq', '/faq/', '/FAQ', '/plans', '/plans/paygo', '/plans/immigrant', '/coverage/10001', '/auth/login', '/dashboard/sim/abc', '/checkout?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('an unknown path whose last segment cannot be a reseller code answers 404 with the app (it shows the 404 page)', async () => {
    for (const url of ['/no/such/', '/nowhere/', '/a/b/c/', '/x/ab', '/faq/not%20a%20code', '/plans/paygo/x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('the unknown-path reseller rule keeps its pages: a last segment that can be a code answers 200', async () => {
    // The app stores the segment as the reseller code and moves to the path without it (spec §2).
    for (const url of ['/partner-42', '/faq/partner-42', '/no/such', '/plans/anything', '/plan/paygo/partner-42?utm=1']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('an unknown plan category answers 404, a known one 200; a plan page needs a plan of that category', async () => {
    const categories = await visible();
    const first = categories[0]!;
    expect((await get(categoryPath(first))).statusCode).toBe(200);
    expect((await get('/plan/no-such-category')).statusCode).toBe(404);
    expect((await get(planPath(first, first.plans[0]!))).statusCode).toBe(200);
    // Not a plan and not a possible code ("x" is too short): the 404 page.
    expect((await get(`${categoryPath(first)}/x`)).statusCode).toBe(404);
    expect((await get('/plan/%E0%A4%A/x')).statusCode).toBeLessThan(500);
  });

  it('API paths and files keep their JSON 404', async () => {
    for (const url of ['/public/nope', '/assets/missing.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
  });
});

describe('GET /robots.txt', () => {
  it('keeps crawlers out of the dashboard, checkout and auth pages and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const p of ['/dashboard', '/checkout', '/auth/', '/select-payment', '/payment']) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);
    // Public pages stay open.
    expect(lines.filter((l) => /^Disallow: \/(faq|plan|about|$)/.test(l))).toEqual([]);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every public page, every category and every plan in every offered language, with hreflang alternates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    const base = t.config.publicUrl;
    const categories = await visible();
    const paths = [
      ...PUBLIC_PAGES,
      ...categories.map((c) => categoryPath(c)),
      ...categories.flatMap((c) => c.plans.map((p) => planPath(c, p))),
    ];
    expect(categories.flatMap((c) => c.plans).length).toBeGreaterThan(3);
    for (const p of paths) for (const { code } of SUPPORTED_LOCALES) expect(locs, `${p} ${code}`).toContain(`${base}${p}?lang=${code}`);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.some((l) => /\/(dashboard|checkout|auth)\b/.test(l))).toBe(false);
    // Each entry names every language version and a default.
    const first = res.body.split('</url>')[0]!;
    for (const { code } of SUPPORTED_LOCALES) expect(first).toContain(`hreflang="${code}"`);
    expect(first).toContain('hreflang="x-default"');
    // Every listed page answers 200.
    for (const p of paths) expect((await get(p)).statusCode, p).toBe(200);
  });
});
