/**
 * Every language of SPEC §9, each named in itself: a visitor looks for the word they can read. (The
 * selector also finds a language by its English name and its name in the page's language; those come
 * from Intl.DisplayNames, so this list, which every first load carries, stays short.)
 * `tag` is the BCP 47 tag for `<html lang>` where the bare code is ambiguous: the shop writes
 * Simplified Chinese, Brazilian Portuguese, Cyrillic Serbian and Norwegian Bokmål (decision 220).
 * Intl's defaults for the bare codes are those same variants, so formatting uses the code.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
  { code: 'it', name: 'Italiano' },
  { code: 'pt', name: 'Português', tag: 'pt-BR' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'ru', name: 'Русский' },
  { code: 'pl', name: 'Polski' },
  { code: 'sv', name: 'Svenska' },
  { code: 'no', name: 'Norsk', tag: 'nb' },
  { code: 'da', name: 'Dansk' },
  { code: 'fi', name: 'Suomi' },
  { code: 'tr', name: 'Türkçe' },
  { code: 'el', name: 'Ελληνικά' },
  { code: 'cs', name: 'Čeština' },
  { code: 'hu', name: 'Magyar' },
  { code: 'ro', name: 'Română' },
  { code: 'bg', name: 'Български' },
  { code: 'hr', name: 'Hrvatski' },
  { code: 'sr', name: 'Српски', tag: 'sr-Cyrl' },
  { code: 'sk', name: 'Slovenčina' },
  { code: 'zh', name: '中文', tag: 'zh-Hans' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
  { code: 'th', name: 'ไทย' },
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'id', name: 'Bahasa Indonesia' },
  { code: 'ms', name: 'Bahasa Melayu' },
  { code: 'hi', name: 'हिन्दी' },
  { code: 'bn', name: 'বাংলা' },
  { code: 'ta', name: 'தமிழ்' },
  { code: 'ur', name: 'اردو', rtl: true },
  { code: 'fa', name: 'فارسی', rtl: true },
  { code: 'he', name: 'עברית', rtl: true },
  { code: 'ar', name: 'العربية', rtl: true },
  { code: 'fil', name: 'Filipino' },
  { code: 'ht', name: 'Kreyòl ayisyen' },
] as const satisfies readonly LanguageEntry[];

export interface LanguageEntry {
  code: string;
  /** The language's name in itself (its endonym). */
  name: string;
  /** BCP 47 tag for `<html lang>` when it differs from `code`. */
  tag?: string;
  rtl?: boolean;
}

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type Language = LanguageEntry & { code: LanguageCode };

/**
 * The languages the shop offers. Offering one is this one line, once its catalogue is complete in
 * apps/web/src/locales (src/locales/locales.test.ts fails for an offered language without one), so
 * nobody picks a language and gets half-English pages.
 */
const OFFERED = ['en', 'es', 'fr'] as const satisfies readonly LanguageCode[];

export type LocaleCode = (typeof OFFERED)[number];
export const DEFAULT_LOCALE: LocaleCode = 'en';

export function languageOf(code: string): Language | undefined {
  return (LANGUAGES as readonly Language[]).find((l) => l.code === code);
}

/** The offered languages in LANGUAGES' order, each with its names. */
export const SUPPORTED_LOCALES: readonly (Language & { code: LocaleCode })[] = LANGUAGES.filter((l) =>
  (OFFERED as readonly string[]).includes(l.code),
) as (Language & { code: LocaleCode })[];

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
  return SUPPORTED_LOCALES.some((l) => l.code === code);
}

/** Matches one BCP 47 tag against `offered`, ignoring case ("PT" finds "pt"), aliases resolved. */
function match<C extends string>(tag: string, offered: readonly C[]): C | undefined {
  const lower = tag.toLowerCase();
  const code = ALIASES[lower] ?? lower;
  return offered.find((c) => c.toLowerCase() === code);
}

export function isRtl(code: string): boolean {
  const base = code.split('-')[0]?.toLowerCase() ?? '';
  return languageOf(ALIASES[base] ?? base)?.rtl === true;
}

/** The `<html lang>` value for a language: its BCP 47 tag where the code alone is ambiguous. */
export function htmlLang(code: string): string {
  return languageOf(code)?.tag ?? code;
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
