import { OFFERED, type LanguageCode, type LocaleCode } from './locale-codes.js';

// The rules by code (offered languages, detection, direction, tags, fallback) live in
// locale-codes.ts, which the browser's first page imports alone; everything is re-exported here.
// Offering a language is one line there: its code in OFFERED.
export * from './locale-codes.js';

/**
 * Every language of SPEC §9, each named in itself: a visitor looks for the word they can read. (The
 * selector also finds a language by its English name and its name in the page's language, from
 * Intl.DisplayNames.) Only the selector's list, the drawer and the server read the names, so they
 * stay out of the first page's JavaScript (decision 220).
 */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
  { code: 'it', name: 'Italiano' },
  { code: 'pt', name: 'Português' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'ru', name: 'Русский' },
  { code: 'pl', name: 'Polski' },
  { code: 'sv', name: 'Svenska' },
  { code: 'no', name: 'Norsk' },
  { code: 'da', name: 'Dansk' },
  { code: 'fi', name: 'Suomi' },
  { code: 'tr', name: 'Türkçe' },
  { code: 'el', name: 'Ελληνικά' },
  { code: 'cs', name: 'Čeština' },
  { code: 'hu', name: 'Magyar' },
  { code: 'ro', name: 'Română' },
  { code: 'bg', name: 'Български' },
  { code: 'hr', name: 'Hrvatski' },
  { code: 'sr', name: 'Српски' },
  { code: 'sk', name: 'Slovenčina' },
  { code: 'zh', name: '中文' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
  { code: 'th', name: 'ไทย' },
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'id', name: 'Bahasa Indonesia' },
  { code: 'ms', name: 'Bahasa Melayu' },
  { code: 'hi', name: 'हिन्दी' },
  { code: 'bn', name: 'বাংলা' },
  { code: 'ta', name: 'தமிழ்' },
  { code: 'ur', name: 'اردو' },
  { code: 'fa', name: 'فارسی' },
  { code: 'he', name: 'עברית' },
  { code: 'ar', name: 'العربية' },
  { code: 'fil', name: 'Filipino' },
  { code: 'ht', name: 'Kreyòl ayisyen' },
] as const satisfies readonly Language[];

export interface Language {
  code: LanguageCode;
  /** The language's name in itself (its endonym). */
  name: string;
}

export function languageOf(code: string): Language | undefined {
  return (LANGUAGES as readonly Language[]).find((l) => l.code === code);
}

/** The offered languages in LANGUAGES' order, with their names (the selector's list). */
export const SUPPORTED_LOCALES: readonly (Language & { code: LocaleCode })[] = /* @__PURE__ */ LANGUAGES.filter((l) =>
  (OFFERED as readonly string[]).includes(l.code),
) as (Language & { code: LocaleCode })[];
