/**
 * Integer cents ↔ the decimal strings PayPal and CoinPayments use. The few currencies without minor
 * units (ISO 4217 exponent 0) that those gateways accept are listed; every other one has two decimals.
 */
const ZERO_DECIMAL = new Set(['JPY', 'HUF', 'TWD', 'KRW', 'CLP', 'ISK', 'VND']);

export function decimalsOf(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
}

export function toDecimal(minor: number, currency: string): string {
  const d = decimalsOf(currency);
  if (d === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses '12.34' to 1234 without floating point; undefined for anything that is not a plain amount. */
export function toMinor(value: string | undefined, currency: string): number | undefined {
  if (value === undefined) return undefined;
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return undefined;
  const d = decimalsOf(currency);
  const frac = (m[3] ?? '').padEnd(d, '0');
  if (frac.length > d && /[^0]/.test(frac.slice(d))) return undefined;
  const n = Number(m[2]) * 10 ** d + Number(frac.slice(0, d) || '0');
  return m[1] === '-' ? -n : n;
}
