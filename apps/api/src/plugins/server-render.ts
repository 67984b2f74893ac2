import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptLanguageTags, detectLocale, htmlLang, isRtl, isSupportedLocale, SUPPORTED_LOCALES, type LocaleCode } from '@app/shared/rules/locales';

/**
 * Public pages rendered on the server (issue 12, decision 202): the web app's server entry
 * (apps/web/src/entry-server.tsx, built into dist/.ssr/) renders a page in the visitor's language with
 * its public data, and this module wraps it in the built index.html with the page's head: title,
 * description, canonical and hreflang links, Open Graph and Twitter tags, JSON-LD, and the page's own
 * stylesheets and scripts from the build manifest. Rendered pages are cached per address and
 * language while the catalogue is unchanged, for at most CACHE_TTL_MS.
 */

interface RenderOutput {
  html: string;
  head: { title?: string; description?: string; structuredData: object[] };
  state: unknown;
  modules: string[];
  messages: 'startup' | 'all';
}
interface RenderRedirect {
  redirect: string;
  status: number;
}
interface ServerEntry {
  configure(options: { fetch: typeof fetch }): void;
  render(url: string, locale: LocaleCode): Promise<RenderOutput | RenderRedirect>;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RenderedPage {
  status: number;
  /** The whole document, or where to go instead. */
  html?: string;
  redirect?: string;
  locale: LocaleCode;
  /** The document compressed, each encoding made once per cached page (see `encoded`). */
  compressed?: { br?: Buffer; gzip?: Buffer };
}

/** The page in `encoding`, compressed on first use and kept with the cached page. */
export function encodedPage(page: RenderedPage & { html: string }, encoding: 'br' | 'gzip'): Buffer {
  const cache = (page.compressed ??= {});
  if (encoding === 'br') {
    cache.br ??= brotliCompressSync(page.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: page.html.length } });
    return cache.br;
  }
  cache.gzip ??= gzipSync(page.html, { level: 9 });
  return cache.gzip;
}

export interface ServerRendererOptions {
  webDist: string;
  publicUrl: string;
  /**
   * Changes whenever the catalogue does in that language (its responses' ETags: prices and texts,
   * decision 210): cached pages made before are stale.
   */
  catalogueVersion: (locale: LocaleCode) => Promise<string>;
}

export const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX_ENTRIES = 2000;

export const LOCALE_COOKIE = 'user-locale';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON inside <script>: nothing in it can close the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The language of a page request, in SPEC §4's order as the server can see it: a `?lang=` address
 * (the sitemap's and hreflang's), the visitor's stored choice (mirrored by the web app into the
 * `user-locale` cookie), the browser's languages (Accept-Language, with region then without), English.
 */
export function requestLocale(req: FastifyRequest): LocaleCode {
  const query = req.query as Record<string, unknown> | undefined;
  const lang = typeof query?.lang === 'string' ? query.lang : undefined;
  if (lang && isSupportedLocale(lang)) return lang;
  const stored = readCookie(req.headers.cookie, LOCALE_COOKIE);
  return detectLocale(stored ?? null, acceptLanguageTags(req.headers['accept-language']));
}

/** The stylesheets and scripts a page module needs beyond those index.html already loads. */
function pageAssets(manifest: Manifest, modules: string[], entryFiles: Set<string>): { css: string[]; js: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    // The entry's own scripts and styles are in index.html already.
    if (!chunk || chunk.isEntry) return;
    if (!entryFiles.has(chunk.file)) js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const m of modules) visit(m);
  return { css: [...css], js: [...js] };
}

export class ServerRenderer {
  private readonly cache = new Map<string, { page: RenderedPage; version: string; at: number }>();
  private readonly inFlight = new Map<string, Promise<RenderedPage>>();
  private readonly styles = new Map<string, string>();
  /** `<code>.<part>` → the message file's path in the build (assets/messages/<code>.<part>.<version>.json). */
  private readonly messageFiles = new Map<string, string>();

  private constructor(
    private readonly entry: ServerEntry,
    private readonly template: string,
    private readonly manifest: Manifest,
    private readonly options: ServerRendererOptions,
  ) {}

  /** Loads the server entry when the web app was built with it; undefined (client rendering only) otherwise. */
  static async load(app: FastifyInstance, options: ServerRendererOptions): Promise<ServerRenderer | undefined> {
    const entryFile = path.join(options.webDist, '.ssr', 'entry-server.js');
    const manifestFile = path.join(options.webDist, '.vite', 'manifest.json');
    const indexFile = path.join(options.webDist, 'index.html');
    if (!existsSync(entryFile) || !existsSync(manifestFile) || !existsSync(indexFile)) {
      app.log.warn(`web app built without its server entry (${entryFile}): pages are rendered in the browser only`);
      return undefined;
    }
    const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
    entry.configure({ fetch: injectFetch(app) });
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    const renderer = new ServerRenderer(entry, readFileSync(indexFile, 'utf8'), manifest, options);
    const messagesDir = path.join(options.webDist, 'assets', 'messages');
    if (existsSync(messagesDir)) {
      for (const name of readdirSync(messagesDir)) {
        const m = /^(.+)\.(startup|rest)\.[0-9a-f]+\.json$/.exec(name);
        if (m) renderer.messageFiles.set(`${m[1]}.${m[2]}`, `assets/messages/${name}`);
      }
    }
    return renderer;
  }

  /**
   * A stylesheet inlined into the page, so the first paint needs no request after the HTML. The
   * disabled link after it marks the file as present: the app's code loader, which adds a route's
   * CSS unless a stylesheet link to it exists, does not add it again, and the browser does not fetch
   * a disabled stylesheet, so the first paint shares the line with nothing (decision 226).
   */
  private inlineStylesheet(href: string): string {
    let css = this.styles.get(href);
    if (css === undefined) {
      const file = path.join(this.options.webDist, href.replace(/^\//, ''));
      css = existsSync(file) ? readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style') : '';
      this.styles.set(href, css);
    }
    return `<style>${css}</style><link rel="stylesheet" crossorigin href="${escapeHtml(href)}" disabled>`;
  }

  /** Forgets every rendered page (tests; an operator's catalogue edit is also caught by its version). */
  clear(): void {
    this.cache.clear();
  }

  /**
   * The page at `pathname`. `status` is the page's HTTP status (404: the app's not-found page);
   * `indexable` public content gets the search and sharing tags, other pages none.
   */
  async page(pathname: string, search: string, locale: LocaleCode, { status = 200, indexable = true }: { status?: number; indexable?: boolean } = {}): Promise<RenderedPage> {
    // Not-found pages are not kept: anyone can ask for any number of them.
    if (status !== 200) return this.renderPage(pathname, search, locale, status, indexable);
    const key = `${locale} ${pathname}${search}`;
    const version = await this.options.catalogueVersion(locale).catch(() => 'unknown');
    const hit = this.cache.get(key);
    if (hit && hit.version === version && Date.now() - hit.at < CACHE_TTL_MS) return hit.page;
    const running = this.inFlight.get(key);
    if (running) return running;
    const work = this.renderPage(pathname, search, locale, status, indexable)
      .then((page) => {
        if (page.html && page.status === 200) {
          if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
          this.cache.set(key, { page, version, at: Date.now() });
        }
        return page;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  private async renderPage(pathname: string, search: string, locale: LocaleCode, status: number, indexable: boolean): Promise<RenderedPage> {
    const result = await this.entry.render(`http://localhost${pathname}${search}`, locale);
    if ('redirect' in result) return { status: result.status, redirect: result.redirect, locale };
    return { status, html: this.document(pathname, locale, result, indexable), locale };
  }

  private document(pathname: string, locale: LocaleCode, page: RenderOutput, indexable: boolean): string {
    const base = this.options.publicUrl;
    const entry = Object.values(this.manifest).find((c) => c.isEntry);
    const entryFiles = new Set([entry?.file, ...(entry?.imports ?? []).map((i) => this.manifest[i]?.file)].filter((f): f is string => !!f));
    const assets = pageAssets(this.manifest, page.modules, entryFiles);
    // The language's message files the browser fetches before it hydrates (vite.config.ts, messageCatalogues).
    const messageFiles = (page.messages === 'startup' ? ['startup'] : ['startup', 'rest'])
      .map((part) => this.messageFiles.get(`${locale}.${part}`))
      .filter((f): f is string => !!f);
    const title = page.head.title;
    const description = page.head.description;
    const own = `${base}${pathname}?lang=${locale}`;
    const searchTags: string[] = [
      `<link rel="canonical" href="${escapeHtml(own)}">`,
      ...SUPPORTED_LOCALES.map((l) => `<link rel="alternate" hreflang="${l.code}" href="${escapeHtml(`${base}${pathname}?lang=${l.code}`)}">`),
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(`${base}${pathname}`)}">`,
      `<meta property="og:type" content="website">`,
      `<meta property="og:url" content="${escapeHtml(own)}">`,
      `<meta property="og:locale" content="${escapeHtml(locale)}">`,
      ...(title ? [`<meta property="og:title" content="${escapeHtml(title)}">`, `<meta name="twitter:title" content="${escapeHtml(title)}">`] : []),
      ...(description ? [`<meta property="og:description" content="${escapeHtml(description)}">`, `<meta name="twitter:description" content="${escapeHtml(description)}">`] : []),
      `<meta name="twitter:card" content="summary">`,
      ...page.head.structuredData.map((d) => `<script type="application/ld+json">${scriptJson(d)}</script>`),
    ];
    const tags: string[] = [
      ...(indexable ? searchTags : ['<meta name="robots" content="noindex">']),
      ...assets.css.map((f) => this.inlineStylesheet(`/${f}`)),
    ];
    let doc = this.template.replace(/<html lang="[^"]*">/, `<html lang="${htmlLang(locale)}" dir="${isRtl(locale) ? 'rtl' : 'ltr'}">`);
    // The entry's stylesheets too: the page paints with the HTML, without waiting for CSS requests.
    doc = doc.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_m, href: string) => this.inlineStylesheet(href));
    // The page paints from the HTML alone; its code and messages are asked for after the first frame
    // (index.html's start-up script reads this list), so they never share a slow line with the
    // document (decision 202).
    const preload: string[] = [];
    doc = doc.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_m, href: string) => {
      preload.push(href);
      return '';
    });
    preload.push(...assets.js.map((f) => `/${f}`), ...messageFiles.map((f) => `/${f}`));
    if (title) doc = doc.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    if (description) doc = doc.replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeHtml(description)}" />`);
    doc = doc.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
    // A data block (never executed, so no CSP hash): the client reads it before hydrating.
    const data =
      `<script type="application/json" id="ssr-data">${scriptJson({ locale, queries: page.state })}</script>` +
      `<script type="application/json" id="app-preload">${scriptJson([...new Set(preload)])}</script>`;
    doc = doc.replace('<div id="root"></div>', `<div id="root">${page.html}</div>\n    ${data}`);
    // The page reads without JavaScript now; only its interactive parts need it.
    doc = doc.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
    return doc;
  }
}

/** fetch() for the page's API calls, answered by the same Fastify app in process (no socket). */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const out = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      out.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.rawPayload, { status: res.statusCode, headers: out });
  };
}
