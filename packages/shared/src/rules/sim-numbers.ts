/**
 * The numbers printed on a SIM card or a device, as subscribers type or import them (spec §5: "ESNs
 * are entered one per line, or imported from a CSV file"): the ICCID of a SIM card (ITU-T E.118:
 * 89…, 18 to 20 digits, Luhn check digit) or an ESN/MEID. Both sides use these rules: the browser
 * reports each line before anything is sent, the server checks again. Pure and zod-free.
 */

import { isLuhnValidDigits, luhnCheckDigit } from './luhn.js';

/** The most lines one add-SIMs run sends (one request each); more is split into several runs. */
export const MAX_SIM_LINES = 100;

/** ICCIDs carry a Luhn check digit (ITU-T E.118). */
export function isValidIccid(iccid: string): boolean {
  return /^89\d{16,18}$/.test(iccid) && isLuhnValidDigits(iccid);
}

/**
 * A Luhn-valid 19-digit ICCID (89 = telecom, 01 = US, then the issuer and an 11-digit serial), as the
 * carrier simulator stocks them, for demo and test inventory.
 */
export function makeIccid(serial: number | bigint, issuer = '260'): string {
  const body = `8901${issuer}${String(serial).padStart(11, '0').slice(-11)}`;
  return `${body}${luhnCheckDigit(body)}`;
}

/** An ESN (8 hex digits, or 11 decimal digits) or a MEID (14 hex digits): no check digit to verify. */
export function isEsnFormat(value: string): boolean {
  return /^[0-9A-F]{8}$/.test(value) || /^\d{11}$/.test(value) || /^[0-9A-F]{14}$/.test(value);
}

/** What people type around the digits (spaces, dashes, dots) goes; hex letters are upper-cased. */
export function normaliseSimNumber(raw: string): string {
  return raw.replace(/[\s\u00a0.\-–—_]/g, '').toUpperCase();
}

export type SimLineProblem =
  /** Neither an ICCID nor an ESN/MEID. */
  | 'format'
  /** Looks like an ICCID (89…, right length) but the check digit does not match: a typo. */
  | 'checksum'
  /** The same number appears on an earlier line. */
  | 'duplicate'
  /** Beyond MAX_SIM_LINES: left for another run. */
  | 'too_many';

export type SimLine =
  | { line: number; raw: string; value: string; kind: 'iccid' | 'esn'; problem?: undefined; firstLine?: undefined }
  | { line: number; raw: string; value: string; kind?: undefined; problem: SimLineProblem; firstLine?: number };

/** One number: its kind, or what is wrong with it (duplicates are decided by `checkSimLines`). */
export function classifySimNumber(raw: string): { value: string; kind: 'iccid' | 'esn' } | { value: string; problem: 'format' | 'checksum' } {
  const value = normaliseSimNumber(raw);
  if (/^89\d{16,18}$/.test(value)) return isValidIccid(value) ? { value, kind: 'iccid' } : { value, problem: 'checksum' };
  if (isEsnFormat(value)) return { value, kind: 'esn' };
  return { value, problem: 'format' };
}

/**
 * Every non-blank line with its verdict, numbered as the person sees them (1-based, blank lines
 * counted), so the report can say "line 4". Repeats point at the first line with that number.
 */
export function checkSimLines(texts: readonly string[]): SimLine[] {
  const seen = new Map<string, number>();
  const out: SimLine[] = [];
  let accepted = 0;
  texts.forEach((raw, i) => {
    const line = i + 1;
    if (!raw.trim()) return;
    const c = classifySimNumber(raw);
    if ('problem' in c) {
      out.push({ line, raw: raw.trim(), value: c.value, problem: c.problem });
      return;
    }
    const first = seen.get(c.value);
    if (first !== undefined) {
      out.push({ line, raw: raw.trim(), value: c.value, problem: 'duplicate', firstLine: first });
      return;
    }
    seen.set(c.value, line);
    if (accepted >= MAX_SIM_LINES) {
      out.push({ line, raw: raw.trim(), value: c.value, problem: 'too_many' });
      return;
    }
    accepted++;
    out.push({ line, raw: raw.trim(), value: c.value, kind: c.kind });
  });
  return out;
}

/** Splits one CSV row (commas or semicolons, double quotes with "" escapes). */
function csvCells(row: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const ch = row[i]!;
    if (quoted) {
      if (ch === '"' && row[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === ';' || ch === '\t') {
      cells.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  cells.push(cur.trim());
  return cells;
}

const NUMBER_COLUMNS = ['iccid', 'esn', 'meid', 'sim', 'simnumber', 'sim_number', 'number'];

/**
 * The SIM numbers of a CSV file, one per row: the column whose header names one (iccid, esn, sim…),
 * else the first column; a first row that names columns instead of holding a number is the header.
 * Spreadsheets often save long numbers as 8.91E+18 or with a leading apostrophe: the apostrophe goes,
 * the scientific form stays as typed (and is reported as not a SIM number, which it no longer is).
 */
export function simNumbersFromCsv(text: string): string[] {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  while (rows.length && !rows[rows.length - 1]!.trim()) rows.pop();
  if (rows.length === 0) return [];
  const head = csvCells(rows[0]!).map((h) => h.toLowerCase().replace(/[\s-]+/g, '_'));
  const named = head.findIndex((h) => NUMBER_COLUMNS.includes(h));
  const headerRow = named >= 0 || (head.length > 0 && head.every((h) => h === '' || /[a-z]{3}/.test(h)) && !/\d{6}/.test(rows[0]!));
  const column = named >= 0 ? named : 0;
  return rows.slice(headerRow ? 1 : 0).map((r) => (csvCells(r)[column] ?? '').replace(/^'/, ''));
}
