import type { InventoryItem } from '../../adapters/carrier/carrier.js';
import { isValidIccid } from '@app/shared/rules/sim-numbers';

/**
 * Reads the supplier's inventory file: CSV with a header naming at least `iccid` and `kind`
 * (physical or esim); optional `esn`, `smdp_address` and `matching_id` (eSIM profiles). Every line is
 * checked and reported by its number, so an operator can fix the file and load it again (lines
 * already loaded are skipped by the carrier).
 */
export interface ParsedInventory {
  items: InventoryItem[];
  problems: Array<{ line: number; problem: string }>;
}

function cells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === ';') {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

export function parseInventoryCsv(text: string): ParsedInventory {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = cells(lines[0] ?? '').map((h) => h.toLowerCase().replace(/[\s-]+/g, '_'));
  const col = (name: string) => header.indexOf(name);
  const items: InventoryItem[] = [];
  const problems: ParsedInventory['problems'] = [];
  if (col('iccid') < 0 || col('kind') < 0) {
    return { items, problems: [{ line: 1, problem: 'the header must name the columns iccid and kind' }] };
  }
  const seen = new Set<string>();
  lines.slice(1).forEach((raw, i) => {
    const line = i + 2;
    if (!raw.trim()) return;
    const c = cells(raw);
    const get = (name: string) => (col(name) >= 0 ? (c[col(name)] ?? '') : '');
    const iccid = get('iccid').replace(/\s+/g, '');
    const kind = get('kind').toLowerCase();
    if (!isValidIccid(iccid)) return problems.push({ line, problem: `ICCID ${iccid || '(empty)'} is not a valid ICCID (89…, 18-20 digits, check digit)` });
    if (kind !== 'physical' && kind !== 'esim') return problems.push({ line, problem: `kind must be physical or esim, not ${kind || '(empty)'}` });
    if (seen.has(iccid)) return problems.push({ line, problem: `ICCID ${iccid} appears twice in the file` });
    const smdp = get('smdp_address');
    const matchingId = get('matching_id');
    if (kind === 'esim' && smdp && !/^[A-Za-z0-9.-]+$/.test(smdp)) return problems.push({ line, problem: 'smdp_address must be a host name' });
    if (kind === 'esim' && matchingId && !/^[A-Za-z0-9-]{8,64}$/.test(matchingId)) return problems.push({ line, problem: 'matching_id must be 8-64 letters, digits or dashes' });
    seen.add(iccid);
    items.push({
      iccid,
      kind,
      ...(get('esn') ? { esn: get('esn') } : {}),
      ...(kind === 'esim' && smdp ? { smdpAddress: smdp } : {}),
      ...(kind === 'esim' && matchingId ? { matchingId } : {}),
    });
  });
  return { items, problems };
}
