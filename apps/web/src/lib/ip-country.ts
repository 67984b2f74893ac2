/**
 * The visitor's country from their IP address, for the phone input's default country (spec §7: an
 * IP-to-country lookup whose failure falls back to the first preferred country). A guess that only
 * saves a click, so it is asked once per page load, only when a phone field appears, and given up
 * after a short wait. By default it asks our own API, which reads the country the CDN in front of the
 * site passes along; `VITE_IP_COUNTRY_URL` points it elsewhere (or '' turns it off). The answer may be
 * plain text ('US') or JSON with `country_code`, `countryCode` or `country`.
 */

// Our own API answers from the CDN's country header (see the API's utility module); no third party.
const DEFAULT_URL = '/public/utility/ip_country';
export const IP_COUNTRY_TIMEOUT_MS = 1500;

const configuredUrl = import.meta.env.VITE_IP_COUNTRY_URL as string | undefined;

let pending: Promise<string | null> | undefined;

export function parseCountryAnswer(body: string): string | null {
  const text = body.trim();
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    for (const key of ['country_code', 'countryCode', 'country']) {
      const value = json[key];
      if (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
    }
  } catch {
    // Neither a code nor JSON: no guess.
  }
  return null;
}

export async function fetchIpCountry(url: string, timeoutMs = IP_COUNTRY_TIMEOUT_MS, fetchImpl: typeof fetch = fetch): Promise<string | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    // No credentials and no referrer: the service learns the address it sees anyway, nothing more.
    const response = await fetchImpl(url, { signal: controller.signal, credentials: 'omit', referrerPolicy: 'no-referrer' });
    if (!response.ok) return null;
    return parseCountryAnswer(await response.text());
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The looked-up country, or null (no service, offline, slow, blocked, unexpected answer). */
export function lookupIpCountry(): Promise<string | null> {
  const url = configuredUrl ?? DEFAULT_URL;
  if (!url) return Promise.resolve(null);
  pending ??= fetchIpCountry(url);
  return pending;
}
