import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
const registered = new Set<string>();

beforeAll(async () => {
  t = await buildTestApp({
    worker: false,
    onRoute: (r: RouteOptions) => {
      for (const m of ([] as string[]).concat(r.method)) if (m !== 'HEAD') registered.add(`${m} ${r.url}`);
    },
  });
});
afterAll(async () => {
  await t?.close();
});

type Doc = { openapi: string; paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown; responses?: Record<string, unknown>; security?: unknown }>> };

async function documentOf(app: TestApp) {
  const res = await app.app.inject({ method: 'GET', url: '/public/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json() as Doc;
}

/** `/public/plan/:id` as OpenAPI writes it: `/public/plan/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('/public/openapi.json', () => {
  it('validates as an OpenAPI 3 document', async () => {
    const doc = await documentOf(t);
    expect(doc.openapi).toMatch(/^3\./);
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists exactly the routes the server registers', async () => {
    const doc = await documentOf(t);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const expected = [...registered].map((r) => {
      const [method, url] = r.split(' ');
      return `${method} ${openApiPath(url!)}`;
    });
    expect(registered.size).toBeGreaterThan(50);
    expect(documented.sort()).toEqual(expected.sort());
  });

  it("leaves the web app's files and page fallback out when it serves the web app", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'export {}');
    const withWeb = await buildTestApp({ worker: false, webDist: dist });
    try {
      const paths = Object.keys((await documentOf(withWeb)).paths);
      expect(paths.filter((p) => p === '/*' || p.includes('index.html') || p.startsWith('/assets'))).toEqual([]);
      expect(paths).toEqual(Object.keys((await documentOf(t)).paths));
    } finally {
      await withWeb.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('describes bodies, parameters, answers and the session token from the zod schemas', async () => {
    const doc = await documentOf(t);
    const login = doc.paths['/public/auth/login']!.post!;
    expect(JSON.stringify(login.requestBody)).toContain('"email"');
    expect(Object.keys(login.responses ?? {})).toContain('200');
    expect(doc.paths['/public/plan/{id}']!.get!.parameters?.map((p) => `${p.in}:${p.name}`)).toContain('path:id');
    expect(doc.paths['/subscriber/profile']!.get!.security).toEqual([{ session: [] }]);
    expect(doc.paths['/public/plan_pricing']!.get!.security).toBeUndefined();
  });

  it('has a reference page for developers that needs no script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/api-docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<code>/public/auth/login</code>');
    expect(res.body).not.toContain('<script');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
