import { StorageKey } from '../storage-keys';
import { languageOf } from './locales';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Mirrors the stored `user-locale` choice into a cookie of the same name, so the server can render
 * the first byte in the language the browser will pick (decision 201). Only codes of the language
 * list are written (the stored value is the visitor's to edit); anything else clears the cookie, and
 * the server falls back to Accept-Language as the browser falls back to navigator.languages.
 */
export function mirrorLocaleCookie(stored: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  const value = stored && languageOf(stored) ? stored : '';
  const age = value ? ONE_YEAR_SECONDS : 0;
  document.cookie = `${StorageKey.userLocale}=${value}; Max-Age=${age}; Path=/; SameSite=Lax${secure}`;
}
