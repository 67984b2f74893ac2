// The rules by code are shared with the server, which renders pages in the same language the browser
// would start in (decision 201). The languages' names are in ./languages (decision 220): the first
// page's code imports only this.
export {
  DEFAULT_LOCALE,
  LOAD_FALLBACKS,
  htmlLang,
  isSupportedLocale,
  isRtl,
  detectLocale,
  type LocaleCode,
  type LanguageCode,
} from '@app/shared/rules/locale-codes';

export function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  const list = navigator.languages?.length ? [...navigator.languages] : [];
  if (navigator.language && !list.includes(navigator.language)) list.unshift(navigator.language);
  return list;
}
