import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, isCvcValid, isExpiryInFuture, isLuhnValid, parseExpiry } from './card-input.js';

describe('card input rules', () => {
  it('accepts the test cards and refuses a wrong check digit', () => {
    for (const n of ['4242 4242 4242 4242', '4000000000000002', '4000-0000-0000-9995', '4000000000000069', '4000000000003220']) {
      expect(isLuhnValid(n), n).toBe(true);
    }
    expect(isLuhnValid('4242 4242 4242 4241')).toBe(false);
    expect(isLuhnValid('4242')).toBe(false);
    expect(isLuhnValid('abcd abcd abcd abcd')).toBe(false);
  });

  it('formats the number and the expiry as people type', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42a42')).toBe('4242');
    expect(formatExpiry('1226')).toBe('12/26');
    expect(formatExpiry('1')).toBe('1');
  });

  it('parses and checks expiry dates: valid through the end of the month', () => {
    expect(parseExpiry('12/26')).toEqual({ month: 12, year: 2026 });
    expect(parseExpiry('3 / 2030')).toEqual({ month: 3, year: 2030 });
    expect(parseExpiry('13/26')).toBeUndefined();
    expect(parseExpiry('1226')).toBeUndefined();
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isExpiryInFuture(11, 2026, now)).toBe(true);
    expect(isExpiryInFuture(10, 2026, now)).toBe(false);
  });

  it('checks the CVC length', () => {
    expect(isCvcValid('123')).toBe(true);
    expect(isCvcValid('1234')).toBe(true);
    expect(isCvcValid('12')).toBe(false);
  });
});
