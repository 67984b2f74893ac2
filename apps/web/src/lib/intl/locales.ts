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

export function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  const list = navigator.languages?.length ? [...navigator.languages] : [];
  if (navigator.language && !list.includes(navigator.language)) list.unshift(navigator.language);
  return list;
}
