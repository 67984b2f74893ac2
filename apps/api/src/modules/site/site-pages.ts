import type { PlanCategory } from '@app/shared/contracts/catalogue';
import { categoryPath, findCategoryByRouteName, findPlanBySlug, planPath, visibleCategories } from '@app/shared/rules/catalogue';
import { SUPPORTED_LOCALES } from '@app/shared/rules/locales';
import { PRIVATE_PREFIXES, PUBLIC_PAGES, hasResellerSegment, matchRoute } from '@app/shared/rules/site-routes';

/**
 * What the server knows about the web app's pages without rendering them: the HTTP status a page
 * address deserves, robots.txt and sitemap.xml (spec §2, issue 12; decision 201).
 */

/**
 * 404 for an address that ends on the 404 page in the browser, 200 otherwise:
 * - a route of the app opens; /plan/:name only when the catalogue shows a category of that name;
 *   /plan/:name/:plan only when that category has such a plan;
 * - anything else follows the unknown-path rule: a last segment that can be a reseller code stays
 *   200 (the app stores it and moves to the path without it), any other ends on the 404 page.
 * `categories` is read only for plan addresses; when it fails the app shows its own error, so 200.
 */
export async function pageStatus(pathname: string, categories: () => Promise<readonly PlanCategory[]>): Promise<200 | 404> {
  const match = matchRoute(pathname);
  if (!match) return hasResellerSegment(pathname) ? 200 : 404;
  if (match.pattern !== '/plan/:name' && match.pattern !== '/plan/:name/:plan') return 200;
  let visible: PlanCategory[];
  try {
    visible = visibleCategories(await categories());
  } catch {
    return 200;
  }
  let category: PlanCategory | undefined;
  try {
    category = findCategoryByRouteName(visible, match.params.name ?? '');
  } catch {
    // A name the page itself cannot decode: it finds no category either.
    category = undefined;
  }
  if (match.pattern === '/plan/:name') return category ? 200 : 404;
  if (category && findPlanBySlug(category.plans, match.params.plan ?? '')) return 200;
  // The plan page hands an unknown plan to the unknown-path rule.
  return hasResellerSegment(pathname) ? 200 : 404;
}

/** Every public address the sitemap lists: fixed pages, then each category and each of its plans. */
export function publicAddresses(categories: readonly PlanCategory[]): string[] {
  const out: string[] = [...PUBLIC_PAGES];
  for (const category of visibleCategories(categories)) {
    out.push(categoryPath(category));
    for (const plan of category.plans) out.push(planPath(category, plan));
  }
  return [...new Set(out)];
}

/** The address of `path` in one language: `?lang=` picks the language on the server (decision 201). */
export function localizedUrl(base: string, path: string, locale: string): string {
  return `${base}${path}?lang=${locale}`;
}

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** sitemap.xml: every public address in every offered language, each with its hreflang alternates. */
export function sitemapXml(base: string, categories: readonly PlanCategory[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const path of publicAddresses(categories)) {
    const alternates = [
      ...SUPPORTED_LOCALES.map((l) => `    <xhtml:link rel="alternate" hreflang="${l.code}" href="${xml(localizedUrl(base, path, l.code))}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(`${base}${path}`)}"/>`,
    ];
    for (const { code } of SUPPORTED_LOCALES) {
      lines.push('  <url>', `    <loc>${xml(localizedUrl(base, path, code))}</loc>`, ...alternates, '  </url>');
    }
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/** robots.txt: everything but accounts, checkout and payment, and the dashboard; where the sitemap is. */
export function robotsTxt(base: string): string {
  return ['User-agent: *', ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}
