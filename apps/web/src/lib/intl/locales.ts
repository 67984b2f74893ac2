// The list and the detection rules are shared with the server, which renders pages in the same
// language the browser would start in (decision 201).
export {
  LANGUAGES,
  SUPPORTED_LOCALES,
  DEFAULT_LOCALE,
  LOAD_FALLBACKS,
  htmlLang,
  languageOf,
  isSupportedLocale,
  isRtl,
  detectLocale,
  type LocaleCode,
  type Language,
  type LanguageCode,
} from '@app/shared/rules/locales';

export function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  const list = navigator.languages?.length ? [...navigator.languages] : [];
  if (navigator.language && !list.includes(navigator.language)) list.unshift(navigator.language);
  return list;
}
