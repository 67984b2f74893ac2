import { describe, expect, it } from 'vitest';
import { dataSizeParts, formatAllowance, formatDataSize, formatMinutes, formatSms } from './allowance.js';

/** Intl separates number and unit with a (narrow) no-break space; compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('data sizes', () => {
  it('reads MB below 1 GB and GB from 1024 MB up', () => {
    expect(plain(formatDataSize(0))).toBe('0 MB');
    expect(plain(formatDataSize(500))).toBe('500 MB');
    expect(plain(formatDataSize(1023))).toBe('1,023 MB');
    expect(plain(formatDataSize(1024))).toBe('1 GB');
    expect(plain(formatDataSize(1536))).toBe('1.5 GB');
    expect(plain(formatDataSize(10240))).toBe('10 GB');
    expect(plain(formatDataSize(3 * 1024 + 256))).toBe('3.25 GB');
  });

  it('never shows more than 1023 MB', () => {
    for (let mb = 0; mb <= 50 * 1024; mb += 97) {
      const { value, unit } = dataSizeParts(mb);
      if (unit === 'MB') expect(value).toBeLessThan(1024);
      else expect(value).toBeGreaterThanOrEqual(1);
    }
  });

  it('follows the language', () => {
    expect(plain(formatDataSize(1536, 'fr'))).toBe('1,5 Go');
    expect(plain(formatDataSize(10240, 'es'))).toBe('10 GB');
  });

  it('rejects what is not a size', () => {
    expect(() => formatDataSize(-1)).toThrow(RangeError);
    expect(() => formatDataSize(Number.NaN)).toThrow(RangeError);
  });
});

describe('minutes and messages', () => {
  it('labels them as the spec does', () => {
    expect(plain(formatMinutes(100))).toBe('100 min');
    expect(plain(formatMinutes(1500, 'es'))).toMatch(/^1\.?500 min$/);
    expect(plain(formatSms(250))).toBe('250 SMS');
    expect(plain(formatAllowance('data', 2048))).toBe('2 GB');
    expect(plain(formatAllowance('voice', 60))).toBe('60 min');
    expect(plain(formatAllowance('text', 7))).toBe('7 SMS');
  });
});
