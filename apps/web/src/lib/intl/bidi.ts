import { isRtl } from './locales';

/** Unicode isolates: the string form of <bdi dir="ltr"> (LRI) and <bdi> (FSI), closed by PDI. */
export const LRI = '\u2066';
export const FSI = '\u2068';
export const PDI = '\u2069';

/**
 * Phone numbers, ICCIDs, order numbers and codes read left to right even inside a right-to-left
 * sentence: without an isolate, "+1 (646) 555-0181" in Arabic text comes out with its groups
 * reordered and its parentheses mirrored. Strings, so the same text serves JSX, message values,
 * option labels and attributes; only right-to-left pages get the (invisible) marks (decision 222).
 */
export function ltrIsolate(text: string, locale: string): string {
  return text && isRtl(locale) ? `${LRI}${text}${PDI}` : text;
}

/**
 * Figures Intl wrote for the page's language (money, data sizes): isolated from the sentence around
 * them, in the direction of their own first strong character (the marks Intl puts in Arabic, Hebrew,
 * Persian and Urdu formats), so a price never swaps places with its neighbours.
 */
export function bidiIsolate(text: string, locale: string): string {
  return text && isRtl(locale) ? `${FSI}${text}${PDI}` : text;
}
