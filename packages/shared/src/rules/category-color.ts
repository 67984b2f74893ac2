/**
 * Each plan category gets a colour derived from its name (spec §2), so a category keeps its colour
 * across pages, sessions and deployments without anyone having to configure it. Callers pass the
 * category's slug (its English name in lower case), so a translated name keeps the colour.
 */

export const BRAND_COLORS = ['primary', 'secondary', 'blue', 'yellow', 'purple', 'green', 'orange'] as const;
export type BrandColor = (typeof BRAND_COLORS)[number];

/** FNV-1a over UTF-16 code units: tiny, well spread for short strings, identical in every JS engine. */
export function hashName(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Case and surrounding spaces do not change a category's colour ("PayGo" and "paygo " match). */
export function categoryColor(name: string): BrandColor {
  const index = hashName(name.trim().toLowerCase()) % BRAND_COLORS.length;
  return BRAND_COLORS[index] ?? 'primary';
}

/** The CSS custom property holding the brand colour, as defined by the web app's stylesheet. */
export function categoryColorVar(name: string): string {
  return `var(--color-${categoryColor(name)})`;
}
