/**
 * Languages the shop offers. The spec names about 37; a language is listed here only once its
 * catalogue is complete (src/locales/locales.test.ts enforces that), so nobody picks a language and
 * gets half-English pages.
 */
export const SUPPORTED_LOCALES = [
  // Each language is named in itself: a visitor looks for the word they can read.
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
] as const;

export type LocaleCode = (typeof SUPPORTED_LOCALES)[number]['code'];
export const DEFAULT_LOCALE: LocaleCode = 'en';

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);

export function isSupportedLocale(code: string | null | undefined): code is LocaleCode {
  return SUPPORTED_LOCALES.some((l) => l.code === code);
}

/** Matches a BCP 47 tag against the list, ignoring case ("pt-br" finds "pt-BR"). */
function supportedMatch(tag: string): LocaleCode | undefined {
  const lower = tag.toLowerCase();
  return SUPPORTED_LOCALES.find((l) => l.code.toLowerCase() === lower)?.code;
}

export function isRtl(code: string): boolean {
  return RTL_LANGUAGES.has(code.split('-')[0]?.toLowerCase() ?? '');
}

/**
 * Start-up language (spec §4): the saved choice if still offered; else each browser language, first
 * with its region (pt-BR) and then without (pt); else English.
 */
export function detectLocale(saved: string | null, browserLanguages: readonly string[]): LocaleCode {
  if (saved && isSupportedLocale(saved)) return saved;
  for (const tag of browserLanguages) {
    if (!tag) continue;
    const withRegion = supportedMatch(tag);
    if (withRegion) return withRegion;
    const base = supportedMatch(tag.split('-')[0] ?? '');
    if (base) return base;
  }
  return DEFAULT_LOCALE;
}

/**
 * The tags of an `Accept-Language` header, most wanted first (q=0 dropped), for `detectLocale` on the
 * server: `fr-CA,fr;q=0.9,en;q=0.8` gives [fr-CA, fr, en].
 */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && t.q > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(t.tag))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}
