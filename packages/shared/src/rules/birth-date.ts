/**
 * Dates of birth travel as the 'MM/DD/YYYY' text the forms use (spec §3: month/day/year, split into
 * day, month and year). Pure functions shared by the profile form and the server.
 */

export interface BirthDateParts {
  day: number;
  month: number;
  year: number;
}

export const BIRTH_DATE_RE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** 'MM/DD/YYYY' → parts, or null when the text is not a real calendar date. */
export function parseBirthDate(text: string): BirthDateParts | null {
  const m = BIRTH_DATE_RE.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  const year = Number(m[3]);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { day, month, year };
}

export function formatBirthDate({ day, month, year }: BirthDateParts): string {
  return `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${String(year).padStart(4, '0')}`;
}

/** A plausible date of birth: a real date, not in the future, not before 1900. */
export function isPlausibleBirthDate(text: string, now = new Date()): boolean {
  const p = parseBirthDate(text);
  if (!p || p.year < 1900) return false;
  return Date.UTC(p.year, p.month - 1, p.day) <= now.getTime();
}
