/**
 * What a card form checks before it asks a gateway for a token: the number's Luhn check digit and an
 * expiry that has not passed (SPEC §5: valid until the end of the expiry month). Pure and zod-free,
 * so the browser's card components and their tests share one answer.
 */

import { isLuhnValidDigits } from './luhn.js';

/** Digits only: spaces and dashes people type between groups are dropped. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check every card number carries; 12–19 digits. */
export function isLuhnValid(input: string): boolean {
  const digits = cardDigits(input);
  return /^\d{12,19}$/.test(digits) && isLuhnValidDigits(digits);
}

/** Groups of four as people read them ("4242 4242 4242 4242"); at most 19 digits kept. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM/YY" (or "MM / YYYY") to month and four-digit year; undefined when it is not a date. */
export function parseExpiry(input: string): { month: number; year: number } | undefined {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!m) return undefined;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

/** Typing help for the expiry field: "1226" becomes "12/26". */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Whether the card can still be used: its expiry month has not ended. */
export function isExpiryInFuture(month: number, year: number, now: Date = new Date()): boolean {
  return Date.UTC(year, month, 1) > now.getTime();
}

export function isCvcValid(input: string): boolean {
  return /^\d{3,4}$/.test(input.trim());
}
