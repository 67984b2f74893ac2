// Every language by its own name (shared with the server). Only the language selector's list, the
// drawer and tests import this: the names stay out of the first page's JavaScript (decision 220).
export { LANGUAGES, SUPPORTED_LOCALES, languageOf, type Language } from '@app/shared/rules/locales';
