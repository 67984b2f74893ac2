/**
 * The language rules the first page needs, by code only: which languages are offered, start-up
 * detection, direction, `<html lang>` tags, the load fallback. Their names (the 38 endonyms) are in
 * locales.ts, which re-exports all of this; the browser's first page imports this module alone, so
 * its JavaScript does not grow with the languages' names (issue 13, decision 220).
 */

/** SPEC §9's languages (locales.ts names each one; its test checks both lists agree). */
export type LanguageCode =
  | 'en' | 'es' | 'fr' | 'de' | 'it' | 'pt' | 'nl' | 'ru' | 'pl' | 'sv' | 'no' | 'da' | 'fi'
  | 'tr' | 'el' | 'cs' | 'hu' | 'ro' | 'bg' | 'hr' | 'sr' | 'sk' | 'zh' | 'ja' | 'ko' | 'th'
  | 'vi' | 'id' | 'ms' | 'hi' | 'bn' | 'ta' | 'ur' | 'fa' | 'he' | 'ar' | 'fil' | 'ht';

/**
 * The languages the shop offers. Offering one is this one line, once its catalogue is complete in
 * apps/web/src/locales (src/locales/locales.test.ts fails for an offered language without one), so
 * nobody picks a language and gets half-English pages.
 */
export const OFFERED = [
  'en', 'fr', 'es', 'de', 'it', 'pt', 'nl', 'ru', 'pl', 'sv', 'no', 'da', 'fi', 'tr', 'el', 'cs', 'hu', 'ro', 'bg',
  'hr', 'sr', 'sk', 'zh', 'ja', 'ko', 'th', 'vi', 'id', 'ms', 'hi', 'bn', 'ta', 'ur', 'fa', 'he', 'ar', 'fil', 'ht',
] as const satisfies readonly LanguageCode[];

export type LocaleCode = (typeof OFFERED)[number];
export const DEFAULT_LOCALE: LocaleCode = 'en';

/** The languages written right to left. */
const RTL_LANGUAGES: readonly LanguageCode[] = ['ar', 'he', 'fa', 'ur'];

/**
 * BCP 47 tags for `<html lang>` where the bare code is ambiguous: the shop writes Simplified
 * Chinese, Brazilian Portuguese, Cyrillic Serbian and Norwegian Bokmål (decision 220). Intl's
 * defaults for the bare codes are those same variants, so formatting uses the code.
 */
const LANGUAGE_TAGS: Partial<Record<LanguageCode, string>> = { pt: 'pt-BR', no: 'nb', sr: 'sr-Cyrl', zh: 'zh-Hans' };

/**
 * SPEC §9's "fallback list if loading fails: en, cn, es". There is no language "cn"; the spec means
 * Chinese, whose code is zh (decision 220). Only languages with a catalogue are tried.
 */
export const LOAD_FALLBACKS = ['en', 'zh', 'es'] as const satisfies readonly LanguageCode[];

/**
 * Old or alternative codes browsers send for a language we list under another code: Norwegian
 * Bokmål and Nynorsk readers read our Bokmål, Tagalog readers our Filipino; iw and in are the
 * withdrawn codes for Hebrew and Indonesian that older Android and Java still send.
 */
const ALIASES: Record<string, LanguageCode> = { nb: 'no', nn: 'no', tl: 'fil', iw: 'he', in: 'id' };

export function isSupportedLocale(code: string | null | undefined): code is LocaleCode {
  return (OFFERED as readonly (string | null | undefined)[]).includes(code);
}

/** Matches one BCP 47 tag against `offered`, ignoring case ("PT" finds "pt"), aliases resolved. */
function match<C extends string>(tag: string, offered: readonly C[]): C | undefined {
  const lower = tag.toLowerCase();
  const code = ALIASES[lower] ?? lower;
  return offered.find((c) => c.toLowerCase() === code);
}

export function isRtl(code: string): boolean {
  const base = code.split('-')[0]?.toLowerCase() ?? '';
  return (RTL_LANGUAGES as readonly string[]).includes(ALIASES[base] ?? base);
}

/** The `<html lang>` value for a language: its BCP 47 tag where the code alone is ambiguous. */
export function htmlLang(code: string): string {
  return LANGUAGE_TAGS[code as LanguageCode] ?? code;
}

/**
 * Start-up language (spec §4): the saved choice if still offered; else each browser language, first
 * with its region (pt-BR) and then without (pt); else English. `offered` is for tests that check the
 * rules against every language before the catalogues land.
 */
export function detectLocale(saved: string | null, browserLanguages: readonly string[]): LocaleCode;
export function detectLocale<C extends string>(saved: string | null, browserLanguages: readonly string[], offered: readonly C[]): C;
export function detectLocale(
  saved: string | null,
  browserLanguages: readonly string[],
  offered: readonly string[] = OFFERED,
): string {
  if (saved && offered.includes(saved)) return saved;
  for (const tag of browserLanguages) {
    if (!tag) continue;
    const withRegion = match(tag, offered);
    if (withRegion) return withRegion;
    const base = match(tag.split('-')[0] ?? '', offered);
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
