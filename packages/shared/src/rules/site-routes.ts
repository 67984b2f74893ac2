import { PLAN_GROUPS } from './catalogue.js';
import { splitResellerSegment } from './reseller-code.js';

/**
 * The shop's addresses as the server needs to know them (spec §2): which paths are pages at all (so
 * an unknown path can answer 404), which are public content that search engines may index and the
 * server renders, and which are private (robots.txt). The web app's route table is the source of
 * the pages; apps/web/src/app/route-table.test.ts keeps this list equal to it.
 */

/** Every route pattern of the web app (react-router syntax, no trailing slash), `*` excepted. */
export const ROUTE_PATTERNS = [
  '/',
  '/plan/:name',
  '/plan/:name/:plan',
  '/plans',
  ...PLAN_GROUPS.map((g) => `/plans/${g.path}`),
  '/plans/immigrant',
  '/plans/traveler',
  '/about-esim',
  '/international-rate',
  '/shipping-fee',
  '/coverage',
  '/coverage/:zipcode',
  '/faq',
  '/about',
  '/affiliate-program',
  '/privacy-policy',
  '/terms',
  '/shipping-policy',
  '/refund-policy',
  '/delete-account-policy',
  '/error-page',
  '/activate',
  '/wifi-actions',
  '/port-in-number',
  '/extend-your-sim',
  '/top-up-sim',
  '/auth/registration',
  '/auth/login',
  '/auth/reset-password',
  '/auth/forgot-password',
  '/auth/social/:type',
  '/payment',
  '/assign-result',
  '/activation-result',
  '/success-delete-account',
  '/checkout',
  '/select-payment',
  '/invoice',
  '/payment-confirmation',
  '/redirect/renew-sim-plan',
  '/dashboard',
  '/dashboard/sim',
  '/dashboard/sim/:id',
  '/dashboard/port-in',
  '/dashboard/payment',
  '/dashboard/add-ons',
  '/dashboard/invoice',
  '/dashboard/my-profile',
  '/dashboard/order-status',
  '/dashboard/order-view/:id',
  '/dashboard/transaction',
  '/dashboard/usage',
  '/dashboard/add-sims',
  '/dashboard/purchase/sim',
] as const;

/**
 * Public content pages with a fixed address: listed in sitemap.xml in every language and rendered on
 * the server. Plan category pages (/plan/:name) and single plans come from the catalogue.
 */
export const PUBLIC_PAGES = [
  '/',
  ...PLAN_GROUPS.map((g) => `/plans/${g.path}`),
  '/activate',
  '/wifi-actions',
  '/port-in-number',
  '/extend-your-sim',
  '/top-up-sim',
  '/international-rate',
  '/coverage',
  '/shipping-fee',
  '/faq',
  '/about',
  '/about-esim',
  '/affiliate-program',
  '/privacy-policy',
  '/terms',
  '/shipping-policy',
  '/refund-policy',
  '/delete-account-policy',
] as const;

/** Address prefixes robots.txt keeps crawlers out of: accounts, checkout and payment, the dashboard. */
export const PRIVATE_PREFIXES = [
  '/dashboard',
  '/auth/',
  '/checkout',
  '/select-payment',
  '/payment',
  '/payment-confirmation',
  '/invoice',
  '/redirect/',
  '/success-delete-account',
  '/activation-result',
  '/assign-result',
] as const;

export interface RouteMatch {
  pattern: string;
  params: Record<string, string>;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/**
 * The route a path opens, matched like react-router does: segment by segment, letter case ignored
 * for fixed segments, a trailing slash ignored, `:param` taking one non-empty segment. Static
 * patterns win over dynamic ones (`/coverage` before `/coverage/:zipcode`).
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const parts = segmentsOf(pathname);
  let best: { match: RouteMatch; score: number } | null = null;
  for (const pattern of ROUTE_PATTERNS) {
    const pat = segmentsOf(pattern);
    if (pat.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let ok = true;
    for (let i = 0; i < pat.length; i++) {
      const p = pat[i]!;
      const v = parts[i]!;
      if (p.startsWith(':')) {
        try {
          params[p.slice(1)] = decodeURIComponent(v);
        } catch {
          ok = false;
          break;
        }
      } else if (p.toLowerCase() === v.toLowerCase()) {
        score += 1;
      } else {
        ok = false;
        break;
      }
    }
    if (ok && (!best || score > best.score)) best = { match: { pattern, params }, score };
  }
  return best?.match ?? null;
}

/**
 * Spec §2 unknown-path rule, as the browser applies it: a path no route matched stays on the page
 * (the app stores its last segment as a reseller code and moves to the path without it) when that
 * segment can be a reseller code; otherwise it ends on the 404 page.
 */
export function hasResellerSegment(pathname: string): boolean {
  return splitResellerSegment(pathname) !== null;
}

export function isPrivatePath(pathname: string): boolean {
  const p = pathname.toLowerCase();
  return PRIVATE_PREFIXES.some((prefix) => (prefix.endsWith('/') ? p.startsWith(prefix) : p === prefix || p.startsWith(`${prefix}/`)));
}
