import { normalizePhone } from './phone.js';

/**
 * Every country the server accepts in a profile (ISO 3166-1 alpha-2, the `countries-list` package the
 * API checks against) with its international calling code(s). Copied as one compact string because
 * the package's full data (names, capitals, currencies) costs 15 KB gzip and the browser already knows
 * country names (Intl.DisplayNames); calling-codes.test.ts fails if the copy drifts from the package.
 */
const DATA = `
  AC247 AD376 AE971 AF93 AG1268 AI1264 AL355 AM374 AO244 AQ672 AR54 AS1684 AT43 AU61 AW297 AX358 AZ994 BA387
  BB1246 BD880 BE32 BF226 BG359 BH973 BI257 BJ229 BL590 BM1441 BN673 BO591 BQ5997 BR55 BS1242 BT975 BV47
  BW267 BY375 BZ501 CA1 CC61 CD243 CF236 CG242 CH41 CI225 CK682 CL56 CM237 CN86 CO57 CR506 CU53 CV238 CW5999
  CX61 CY357 CZ420 DE49 DJ253 DK45 DM1767 DO1809/1829/1849 DZ213 EC593 EE372 EG20 EH212 ER291 ES34 ET251
  FI358 FJ679 FK500 FM691 FO298 FR33 GA241 GB44 GD1473 GE995 GF594 GG44 GH233 GI350 GL299 GM220 GN224 GP590
  GQ240 GR30 GS500 GT502 GU1671 GW245 GY592 HK852 HM61 HN504 HR385 HT509 HU36 ID62 IE353 IL972 IM44 IN91
  IO246 IQ964 IR98 IS354 IT39 JE44 JM1876 JO962 JP81 KE254 KG996 KH855 KI686 KM269 KN1869 KP850 KR82 KW965
  KY1345 KZ7 LA856 LB961 LC1758 LI423 LK94 LR231 LS266 LT370 LU352 LV371 LY218 MA212 MC377 MD373 ME382 MF590
  MG261 MH692 MK389 ML223 MM95 MN976 MO853 MP1670 MQ596 MR222 MS1664 MT356 MU230 MV960 MW265 MX52 MY60 MZ258
  NA264 NC687 NE227 NF672 NG234 NI505 NL31 NO47 NP977 NR674 NU683 NZ64 OM968 PA507 PE51 PF689 PG675 PH63 PK92
  PL48 PM508 PN64 PR1787/1939 PS970 PT351 PW680 PY595 QA974 RE262 RO40 RS381 RU7 RW250 SA966 SB677 SC248
  SD249 SE46 SG65 SH290 SI386 SJ4779 SK421 SL232 SM378 SN221 SO252 SR597 SS211 ST239 SV503 SX1721 SY963 SZ268
  TA290 TC1649 TD235 TF262 TG228 TH66 TJ992 TK690 TL670 TM993 TN216 TO676 TR90 TT1868 TV688 TW886 TZ255 UA380
  UG256 UM1 US1 UY598 UZ998 VA379 VC1784 VE58 VG1284 VI1340 VN84 VU678 WF681 WS685 XK377/381/383/386 YE967
  YT262 ZA27 ZM260 ZW263
`;

export interface CallingCountry {
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** Calling codes without '+'; NANP members carry their area code ('1787' for Puerto Rico). */
  dialCodes: string[];
}

/** Which country a shared calling code means when nothing else tells (the one most callers mean). */
const MAIN_OWNER: readonly string[] = ['US', 'RU', 'GB', 'NO', 'AU', 'NZ', 'MA', 'RE', 'SH', 'FI', 'MC', 'RS', 'SI', 'FK', 'GP', 'NF'];

let parsed: CallingCountry[] | undefined;

export function callingCountries(): CallingCountry[] {
  parsed ??= DATA.trim()
    .split(/\s+/)
    .map((entry) => ({ code: entry.slice(0, 2), dialCodes: entry.slice(2).split('/') }));
  return parsed;
}

export function findCallingCountry(code: string | null | undefined): CallingCountry | undefined {
  if (!code) return undefined;
  const upper = code.toUpperCase();
  return callingCountries().find((c) => c.code === upper);
}

/**
 * The country a number in international format ('+1787…') belongs to, by its longest calling-code
 * prefix. Several countries share a code ('+1', '+7', '+44'); `current` keeps the person's choice when
 * it fits, then `preferred` decides, so typing '+1 646…' stays on the United States.
 */
export function countryForNumber(phone: string, current?: string | null, preferred: readonly string[] = []): CallingCountry | undefined {
  const digits = phone.replace(/^\+/, '');
  if (!digits) return undefined;
  let best: CallingCountry[] = [];
  let bestLength = 0;
  for (const country of callingCountries()) {
    for (const dial of country.dialCodes) {
      if (!digits.startsWith(dial) || dial.length < bestLength) continue;
      if (dial.length > bestLength) {
        best = [];
        bestLength = dial.length;
      }
      best.push(country);
    }
  }
  if (best.length === 0) return undefined;
  const byCode = (code: string | null | undefined) => best.find((c) => c.code === code?.toUpperCase());
  return byCode(current) ?? [...preferred, ...MAIN_OWNER].map(byCode).find(Boolean) ?? best[0];
}

/**
 * A stored number ('+' and digits) written once, the way its country writes it, for reading:
 * '+16465550142' → '+1 (646) 555-0142', '+33612345678' → '+33 6 12 34 56 78', and elsewhere the
 * calling code then groups of three with a last group of up to four ('+44 207 946 0000'). Anything
 * that is not a full number comes back unchanged.
 */
export function formatPhoneNumber(phone: string): string {
  if (!/^\+\d{7,15}$/.test(phone)) return phone;
  const digits = phone.slice(1);
  if (digits.startsWith('1') && digits.length === 11) {
    return `+1 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
  }
  const country = countryForNumber(phone);
  if (!country) return phone;
  // NANP members carry their area code in dialCodes ('1787'); the calling code proper is '1'.
  const dial = country.dialCodes.find((d) => digits.startsWith(d))!;
  const code = dial.startsWith('1') ? '1' : dial;
  const national = digits.slice(code.length);
  if (code === '33' && national.length === 9) {
    return `+33 ${national[0]} ${national.slice(1).match(/\d{2}/g)!.join(' ')}`;
  }
  const groups: string[] = [];
  let rest = national;
  while (rest.length > 4) {
    groups.push(rest.slice(0, 3));
    rest = rest.slice(3);
  }
  groups.push(rest);
  return `+${code} ${groups.join(' ')}`;
}

/**
 * Any phone number as it may arrive (stored '+16465550142', or a setting typed as '+1 646 555 0199'
 * or '+1 (646) 555-0142') written the one way `formatPhoneNumber` writes it, so the same number
 * reads the same on every page, mail and invoice. Text that is not a number (too few or too many
 * digits, or no leading '+') comes back unchanged.
 */
export function displayPhone(raw: string): string {
  const trimmed = raw.trim();
  if (!trimmed.startsWith('+')) return trimmed;
  const normalized = normalizePhone(trimmed);
  return /^\+\d{7,15}$/.test(normalized) ? formatPhoneNumber(normalized) : trimmed;
}
