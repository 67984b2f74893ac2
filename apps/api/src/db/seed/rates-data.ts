import { countries, type TCountryCode } from 'countries-list';

/**
 * International calling and texting rates for every country `countries-list` knows (ISO 3166-1
 * plus Kosovo, Ascension and Tristan da Cunha). Rates are tiered rather than hand-priced per
 * country: what a prepaid MVNO typically publishes.
 *
 * - The US and its territories are domestic: free, and they never use up international minutes.
 * - UNLIMITED_CALLS: free on plans with unlimited international calls ("60+ destinations"); they
 *   also count toward included minutes.
 * - INCLUDED_MINUTES: additionally count toward a plan's international minutes ("80+ destinations").
 * - Everyone else pays by continent; remote islands reached over satellite links pay a premium.
 */

export interface RateRow {
  country: string;
  countryName: string;
  dialCode: string;
  voiceRate: number;
  smsRate: number;
  unlimitedCalls: boolean;
  includedMinutes: boolean;
}

const DOMESTIC = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP', 'UM']);

export const UNLIMITED_CALLS = new Set([
  'AD', 'AR', 'AT', 'AU', 'BD', 'BE', 'BG', 'BR', 'CA', 'CH', 'CL', 'CN', 'CO', 'CR', 'CY', 'CZ',
  'DE', 'DK', 'DO', 'EE', 'ES', 'FI', 'FR', 'GB', 'GR', 'HK', 'HR', 'HU', 'ID', 'IE', 'IL', 'IN',
  'IS', 'IT', 'JP', 'KR', 'KZ', 'LI', 'LT', 'LU', 'LV', 'MC', 'MO', 'MT', 'MX', 'MY', 'NL', 'NO',
  'NZ', 'PA', 'PE', 'PK', 'PL', 'PT', 'RO', 'SE', 'SG', 'SI', 'SK', 'SM', 'TH', 'TR', 'TW', 'VE',
  'VN',
]);

const INCLUDED_ONLY = new Set([
  'AE', 'AL', 'AM', 'BA', 'BB', 'BH', 'BO', 'BZ', 'CM', 'EC', 'EG', 'ET', 'GE', 'GH', 'GT', 'HN',
  'HT', 'JM', 'JO', 'KE', 'KH', 'KW', 'LB', 'LK', 'MA', 'NG', 'NI', 'NP', 'OM', 'PH', 'PY', 'QA',
  'RS', 'SA', 'SN', 'SV', 'TT', 'UA', 'UY', 'ZA',
]);

/** Islands and stations served by satellite: the carrier charges us a premium termination rate. */
const REMOTE = new Set([
  'AC', 'AQ', 'BV', 'CC', 'CK', 'CX', 'FK', 'GS', 'HM', 'IO', 'KI', 'NF', 'NR', 'NU', 'PN', 'SH',
  'TA', 'TF', 'TK', 'TV', 'WF',
]);

/** Cents per minute and per SMS for countries outside the lists, by continent. */
const CONTINENT_RATES: Record<string, { voice: number; sms: number }> = {
  NA: { voice: 15, sms: 10 },
  SA: { voice: 15, sms: 10 },
  EU: { voice: 12, sms: 10 },
  AS: { voice: 18, sms: 10 },
  AF: { voice: 25, sms: 15 },
  OC: { voice: 35, sms: 15 },
  AN: { voice: 150, sms: 40 },
};

/**
 * Where the package's first code is not how people dial: Kosovo's own code is +383, and a few
 * entries fuse a shared country code with the territory's area code.
 */
const DIAL_CODE_OVERRIDES: Partial<Record<string, string>> = {
  XK: '+383',
  BQ: '+599 7',
  CW: '+599 9',
  SJ: '+47 79',
};

function dialCode(code: string, phones: number[]): string {
  const override = DIAL_CODE_OVERRIDES[code];
  if (override) return override;
  const first = String(phones[0] ?? '');
  // North American Numbering Plan members dial as +1 plus an area code, e.g. Jamaica "+1 876".
  return first.length === 4 && first.startsWith('1') ? `+1 ${first.slice(1)}` : `+${first}`;
}

export function buildRateRows(): RateRow[] {
  return (Object.keys(countries) as TCountryCode[]).map((code) => {
    const c = countries[code];
    const base = { country: code, countryName: c.name, dialCode: dialCode(code, c.phone) };
    if (DOMESTIC.has(code)) return { ...base, voiceRate: 0, smsRate: 0, unlimitedCalls: true, includedMinutes: false };
    if (UNLIMITED_CALLS.has(code)) {
      // Neighbours cost us less to terminate than overseas destinations.
      const voiceRate = code === 'CA' || code === 'MX' ? 1 : 2;
      return { ...base, voiceRate, smsRate: 5, unlimitedCalls: true, includedMinutes: true };
    }
    if (INCLUDED_ONLY.has(code)) return { ...base, voiceRate: 7, smsRate: 8, unlimitedCalls: false, includedMinutes: true };
    if (REMOTE.has(code)) return { ...base, voiceRate: 150, smsRate: 40, unlimitedCalls: false, includedMinutes: false };
    // Calls to Cuba terminate through a single state operator at a high wholesale price.
    if (code === 'CU') return { ...base, voiceRate: 60, smsRate: 25, unlimitedCalls: false, includedMinutes: false };
    const tier = CONTINENT_RATES[c.continent] ?? { voice: 25, sms: 15 };
    return { ...base, voiceRate: tier.voice, smsRate: tier.sms, unlimitedCalls: false, includedMinutes: false };
  });
}
