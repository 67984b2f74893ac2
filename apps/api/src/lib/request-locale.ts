import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, acceptLanguageTags, detectLocale, type LocaleCode } from '@app/shared/rules/locales';

/**
 * The language a request asks for, among the languages the shop offers (SUPPORTED_LOCALES), read
 * from Accept-Language with the same matching the browser's start-up uses (region, then without
 * region). The web app's API client sends its current language in that header on every call
 * (decision 210), so this is the language the visitor is reading the site in.
 */

// A handful of distinct headers arrive (one per language and browser); parse each once. Bounded, so a
// client cycling through made-up headers cannot grow memory.
const memo = new Map<string, LocaleCode | null>();

function match(header: string): LocaleCode | null {
  const tags = acceptLanguageTags(header);
  const picked = detectLocale(null, tags);
  // detectLocale falls back to English; only count English when the header asked for it.
  if (picked !== DEFAULT_LOCALE) return picked;
  return tags.some((t) => t.split('-')[0]?.toLowerCase() === DEFAULT_LOCALE) ? DEFAULT_LOCALE : null;
}

/** The offered language the header names, or undefined when it names none (or there is no header). */
export function requestedLocale(header: string | string[] | undefined): LocaleCode | undefined {
  const h = Array.isArray(header) ? header.join(',') : header;
  if (!h) return undefined;
  let found = memo.get(h);
  if (found === undefined) {
    found = match(h);
    if (memo.size < 256) memo.set(h, found);
  }
  return found ?? undefined;
}

/** The language to answer a request in: the one it asks for, else English. */
export function requestLocale(req: FastifyRequest): LocaleCode {
  return requestedLocale(req.headers['accept-language']) ?? DEFAULT_LOCALE;
}
