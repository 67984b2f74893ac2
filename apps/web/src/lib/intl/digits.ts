/**
 * What people type in their own digits, read as ASCII: Arabic-Indic (٠١٢), Persian (۰۱۲), Devanagari,
 * Bengali, Tamil and Thai digits become 0–9, and the Arabic decimal separator (٫) a point, so an
 * amount typed on a Persian or Bengali keyboard parses like one typed on an English one.
 */
const ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0be6, 0x0e50];

export function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0be6-\u0bef\u0e50-\u0e59\u066b]/g, (c) => {
    if (c === '\u066b') return '.';
    const code = c.charCodeAt(0);
    const zero = ZEROS.find((z) => code >= z && code <= z + 9)!;
    return String(code - zero);
  });
}

/** An amount in currency units for an input the visitor edits: the page's digits and decimal sign, no grouping. */
export function editableAmount(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(cents / 100);
}
