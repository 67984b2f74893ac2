import { StorageKey } from '../storage-keys';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Mirrors the stored `user-locale` choice into a cookie of the same name, so the server can render
 * the first byte in the language the browser will pick (decision 201). Only a well-formed language
 * code is written (the stored value is the visitor's to edit); anything else clears the cookie, and
 * the server falls back to Accept-Language as the browser falls back to navigator.languages. (The
 * server ignores a code it does not offer, as detectLocale does here.)
 */
export function mirrorLocaleCookie(stored: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  const value = stored && /^[a-z]{2,3}$/.test(stored) ? stored : '';
  const age = value ? ONE_YEAR_SECONDS : 0;
  document.cookie = `${StorageKey.userLocale}=${value}; Max-Age=${age}; Path=/; SameSite=Lax${secure}`;
}
