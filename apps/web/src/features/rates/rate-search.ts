import type { Rate } from '@app/shared/contracts/catalogue';
import { searchKey } from '../../lib/use-region-names';

/**
 * Finds the destination a visitor means: an ISO code ("MX"), a dial code ("+52" or "52"), or a country
 * name in their language or in English. An exact match wins over a name that merely starts with it.
 */
export function findRate(rates: readonly Rate[], query: string, localName: (code: string, fallback?: string) => string): Rate | undefined {
  const key = searchKey(query);
  if (!key) return undefined;
  const digits = key.replace(/^\+/, '');
  const names = (r: Rate) => [searchKey(localName(r.country, r.countryName)), searchKey(r.countryName)];
  return (
    rates.find((r) => r.country.toLowerCase() === key) ??
    (/^\d+$/.test(digits) ? rates.find((r) => r.dialCode.replace(/\D/g, '') === digits) : undefined) ??
    rates.find((r) => names(r).includes(key)) ??
    rates.find((r) => names(r).some((n) => n.startsWith(key)))
  );
}

export function suggestRates(rates: readonly Rate[], query: string, localName: (code: string, fallback?: string) => string, limit = 6): Rate[] {
  const key = searchKey(query);
  if (key.length < 1) return [];
  return rates
    .filter((r) => [searchKey(localName(r.country, r.countryName)), searchKey(r.countryName)].some((n) => n.includes(key)))
    .slice(0, limit);
}
