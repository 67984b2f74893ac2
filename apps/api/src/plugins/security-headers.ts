import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BrowserOrigins } from '../adapters/payments/payment-gateway.js';
import type { PaymentGateways } from '../adapters/payments/payment-gateways.js';

/**
 * The browser-facing headers of every response, in one place, so a page, a JSON answer, a 404 and an
 * error written by the raw HTTP server before any route (clientError) all carry the same set.
 *
 * The Content-Security-Policy of pages allows scripts from our origin only (plus a hash for any inline
 * script in index.html, and the script origins of the enabled payment gateways), and lets the
 * browser connect to, frame and load images from exactly the enabled gateways' origins
 * (`PaymentGateway.browserOrigins()`). Styles may be inline: react-toastify and the gateways' own
 * components inject <style> at run time, and a style cannot run code.
 */

const ONE_YEAR = 31_536_000;

/** Headers every response carries, page or not. */
const COMMON: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  // PayPal's checkout opens a popup that talks back to its opener.
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** What is not a page (JSON, files): nothing may run or be framed even if a browser renders it. */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** sha256 source expressions of the inline <script> elements of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    const body = m[2] ?? '';
    if (/\bsrc\s*=/i.test(attrs) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

const uniq = (xs: Iterable<string>) => [...new Set(xs)];

/** The page policy for the given gateway origins and inline-script hashes. */
export function pageCsp(origins: BrowserOrigins, scriptHashes: readonly string[] = []): string {
  const list = (base: string[], extra: readonly string[]) => uniq([...base, ...extra]).join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list(["'self'", ...scriptHashes], origins.script)],
    ['style-src', list(["'self'", "'unsafe-inline'"], [])],
    ['img-src', list(["'self'", 'data:', 'blob:'], origins.img)],
    ['font-src', "'self' data:"],
    ['connect-src', list(["'self'"], origins.connect)],
    ['frame-src', origins.frame.length ? list([], origins.frame) : "'none'"],
    ['worker-src', "'self' blob:"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([k, v]) => `${k} ${v}`).join('; ');
}

/** The union of the enabled gateways' origins. */
export function gatewayOrigins(gateways: PaymentGateways): BrowserOrigins {
  const all = gateways.enabled().map((g) => g.browserOrigins());
  return {
    script: uniq(all.flatMap((o) => o.script)),
    connect: uniq(all.flatMap((o) => o.connect)),
    frame: uniq(all.flatMap((o) => o.frame)),
    img: uniq(all.flatMap((o) => o.img)),
  };
}

/**
 * The full header set for one response. `page` selects the page policy; `tls` adds HSTS (only a
 * response that came over HTTPS, directly or through a trusted proxy, may pin HTTPS).
 */
export function securityHeaders(opts: { page: boolean; tls: boolean; pagePolicy: string }): Record<string, string> {
  return {
    ...COMMON,
    'content-security-policy': opts.page ? opts.pagePolicy : DATA_CSP,
    ...(opts.tls ? { 'strict-transport-security': `max-age=${ONE_YEAR}` } : {}),
  };
}

export interface SecurityHeadersOptions {
  gateways: PaymentGateways;
  /** Hashes of the inline scripts of the served index.html (see inlineScriptHashes). */
  scriptHashes?: readonly string[];
}

/** The current page policy; recomputed only when the set of enabled gateways changes. */
export function pagePolicyFor(opts: SecurityHeadersOptions): () => string {
  let key = '';
  let policy = '';
  return () => {
    const k = opts.gateways
      .enabled()
      .map((g) => g.id)
      .join(',');
    if (!policy || k !== key) {
      key = k;
      policy = pageCsp(gatewayOrigins(opts.gateways), opts.scriptHashes ?? []);
    }
    return policy;
  };
}

function isPage(reply: FastifyReply): boolean {
  const type = String(reply.getHeader('content-type') ?? '');
  return type === '' || /^text\/html\b/i.test(type);
}

/** Sets the headers on a reply (used by the onSend hook and by errors raised before the router). */
export function applySecurityHeaders(req: FastifyRequest, reply: FastifyReply, policy: () => string): void {
  reply.headers(securityHeaders({ page: isPage(reply), tls: req.protocol === 'https', pagePolicy: policy() }));
}

export function registerSecurityHeaders(app: FastifyInstance, policy: () => string): void {
  // onSend runs for every reply that goes through Fastify: routes, static files, 404s and errors.
  app.addHook('onSend', async (req, reply, payload) => {
    applySecurityHeaders(req, reply, policy);
    return payload;
  });
}
