/**
 * Phone numbers are kept in international format: '+' then digits (E.164 without separators).
 * People type them with spaces, dashes, brackets, or with the digits their keyboard produces
 * (full-width on CJK input methods, Arabic-Indic or Persian on Arabic-script layouts), so we fold
 * those to ASCII, drop everything else, keep a '+' only in first position and add it when missing.
 */

const DIGIT_BLOCKS: readonly number[] = [
  0x30, // ASCII 0-9
  0xff10, // full-width ０-９
  0x0660, // Arabic-Indic ٠-٩
  0x06f0, // Extended Arabic-Indic (Persian, Urdu) ۰-۹
];

function asciiDigit(ch: string): string | undefined {
  const cp = ch.codePointAt(0);
  if (cp === undefined) return undefined;
  for (const zero of DIGIT_BLOCKS) {
    if (cp >= zero && cp <= zero + 9) return String(cp - zero);
  }
  return undefined;
}

/**
 * '+1 (646) 555-0142' → '+16465550142', '＋４４ ２０' → '+4420', '۹۸۹۱۲' → '+98912'. Returns '' when there
 * is no digit.
 * Suitable both for the input as it is typed and for the stored value.
 */
export function normalizePhone(input: string): string {
  let digits = '';
  for (const ch of input) {
    const d = asciiDigit(ch);
    if (d !== undefined) digits += d;
  }
  return digits ? `+${digits}` : '';
}

export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;
