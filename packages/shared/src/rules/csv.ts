/**
 * CSV exports (dashboard payments and transactions). RFC 4180 quoting, plus the OWASP rule against
 * formula injection: a cell a spreadsheet would read as a formula (starting with = + - @, or a tab or
 * carriage return that some programs strip before looking) is prefixed with an apostrophe, so
 * "=HYPERLINK(…)" typed into a description shows as text instead of running.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, escaped against formulas and quoted when it holds a comma, quote or line break. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers are ours (amounts, counts): a negative amount stays a number, not text.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text with CRLF line ends (what spreadsheets expect); the header is the first row. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
