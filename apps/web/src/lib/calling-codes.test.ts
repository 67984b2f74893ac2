import { countries } from 'countries-list';
import { describe, expect, it } from 'vitest';
import { callingCountries, countryForNumber, findCallingCountry } from './calling-codes';

describe('calling codes', () => {
  it('match the country list the server checks profiles against', () => {
    const expected = Object.entries(countries)
      .map(([code, c]) => ({ code, dialCodes: c.phone.map(String) }))
      .sort((a, b) => a.code.localeCompare(b.code));
    expect(callingCountries()).toEqual(expected);
  });

  it('finds the country of a number by its longest calling code', () => {
    expect(countryForNumber('+16465550142')?.code).toBe('US');
    expect(countryForNumber('+17875550142')?.code).toBe('PR');
    expect(countryForNumber('+447700900123')?.code).toBe('GB');
    expect(countryForNumber('+79161234567')?.code).toBe('RU');
    expect(countryForNumber('+5215512345678')?.code).toBe('MX');
    expect(countryForNumber('')).toBeUndefined();
  });

  it('keeps the chosen country while the number still fits it', () => {
    expect(countryForNumber('+14165550142', 'CA')?.code).toBe('CA');
    expect(countryForNumber('+14165550142', 'MX')?.code).toBe('US');
    expect(countryForNumber('+77012345678', 'KZ')?.code).toBe('KZ');
  });

  it('looks countries up case-insensitively', () => {
    expect(findCallingCountry('us')?.dialCodes).toEqual(['1']);
    expect(findCallingCountry('ZZ')).toBeUndefined();
    expect(findCallingCountry(null)).toBeUndefined();
  });
});

describe('formatPhoneNumber', () => {
  it('writes the calling code once and the rest the way the country groups it', async () => {
    const { formatPhoneNumber } = await import('./calling-codes');
    expect(formatPhoneNumber('+16465550142')).toBe('+1 (646) 555-0142');
    expect(formatPhoneNumber('+17875550142')).toBe('+1 (787) 555-0142');
    expect(formatPhoneNumber('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhoneNumber('+442079460000')).toBe('+44 207 946 0000');
    expect(formatPhoneNumber('+525512345678')).toBe('+52 551 234 5678');
    expect(formatPhoneNumber('+1646')).toBe('+1646');
    expect(formatPhoneNumber('')).toBe('');
  });
});
