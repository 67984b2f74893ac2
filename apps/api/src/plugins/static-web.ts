import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { PlanCategory } from '@app/shared/contracts/catalogue';
import { PUBLIC_PAGES, matchRoute } from '@app/shared/rules/site-routes';
import { pageStatus } from '../modules/site/site-pages.js';
import { inlineScriptHashes } from './security-headers.js';
import { pickEncoding } from '../lib/cached-response.js';
import { encodedPage, requestLocale, type ServerRenderer } from './server-render.js';

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Paths the API owns: never answered with the web app's HTML. */
const API_PREFIXES = ['/public', '/subscriber', '/coinpayments', '/auth/oidc', '/healthz', '/readyz', '/metrics'];

/**
 * Whether a path belongs to the API, however it is spelled: any letter case (`/SUBSCRIBER/profile`),
 * doubled slashes, percent-escapes of plain letters (`/%70ublic/x`), with or without a trailing part.
 */
export function isApiPath(rawPath: string): boolean {
  let p = rawPath;
  try {
    p = decodeURIComponent(p);
  } catch {
    // keep the raw path
  }
  p = p.replace(/\/{2,}/g, '/').toLowerCase();
  return API_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}

/** The CSP hashes of the inline scripts of the built index.html (none today; kept right if one is added). */
export function indexScriptHashes(webDist: string): string[] {
  const indexFile = path.join(webDist, 'index.html');
  return existsSync(indexFile) ? inlineScriptHashes(readFileSync(indexFile, 'utf8')) : [];
}

export interface StaticWebOptions {
  /** The catalogue's categories: whether /plan/:name and /plan/:name/:plan name something. */
  categories: () => Promise<readonly PlanCategory[]>;
  /** Renders public pages on the server (decision 202); without it every page is rendered in the browser. */
  renderer?: ServerRenderer;
}

const PUBLIC_CONTENT = new Set<string>([...PUBLIC_PAGES, '/plan/:name', '/plan/:name/:plan']);
/** Addresses whose route only redirects in the browser (to /plans/paygo and the spec's spellings). */
const REDIRECTS = new Set<string>(['/plans', '/plans/immigrant', '/plans/traveler']);

/**
 * How the server renders an address (decision 202): public content pages whole, with search tags;
 * a visitor's own pages (checkout, account, dashboard) as the site's frame around a loading state,
 * the page itself rendering in the browser; the not-found page whole, with its 404. Addresses that
 * only redirect in the browser, and the unknown-path reseller rule, get the client-rendered shell.
 */
export function serverRendering(pathname: string, status: number): { indexable: boolean } | undefined {
  if (status === 404) return { indexable: false };
  const match = matchRoute(pathname);
  if (!match || REDIRECTS.has(match.pattern)) return undefined;
  return { indexable: PUBLIC_CONTENT.has(match.pattern) };
}

/**
 * Serves the built single-page app. Hashed files under /assets are cached for a year; every other
 * non-API GET that wants HTML gets index.html so the client router can take over, with the status
 * the page will show: 404 when the address ends on the 404 page (site-pages.ts), 200 otherwise.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string, options: StaticWebOptions) {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): only the API is served`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (filePath.endsWith('.html')) {
        res.header('Cache-Control', 'no-cache');
      } else {
        res.header('Cache-Control', 'public, max-age=3600');
      }
    },
  });
  const indexHtml = readFileSync(indexFile, 'utf8');
  app.get('/*', async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (isApiPath(url) || /\.[a-z0-9]{2,5}$/i.test(url)) {
      return reply.status(404).send({ code: 'ROUTE_NOT_FOUND', message: `Route GET ${url} not found` });
    }
    const status = await pageStatus(url, options.categories);
    reply.header('Cache-Control', 'no-cache');
    const rendering = options.renderer ? serverRendering(url, status) : undefined;
    if (options.renderer && rendering) {
      const locale = requestLocale(req);
      // The page differs by the language the request asks for.
      reply.header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
      try {
        const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
        const page = await options.renderer.page(url, search, locale, { status, indexable: rendering.indexable });
        if (page.redirect || page.html === undefined) return reply.redirect(page.redirect ?? '/', page.status);
        reply.status(page.status).header('Content-Language', locale).type('text/html; charset=utf-8');
        // Compressed once per cached page, not per request (@fastify/compress leaves encoded bodies alone).
        const encoding = pickEncoding(req.headers['accept-encoding']);
        if (encoding) return reply.header('Content-Encoding', encoding).send(encodedPage(page as typeof page & { html: string }, encoding));
        return reply.send(page.html);
      } catch (err) {
        // The browser can still render the page: a server render bug must not take the shop down.
        req.log.error({ err, url }, 'server rendering failed; sending the client-rendered page');
      }
    }
    return reply.status(status).type('text/html; charset=utf-8').send(indexHtml);
  });
}
