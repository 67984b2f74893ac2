import { describe, expect, it } from 'vitest';
import { phoneSchema } from '../contracts/phone.js';
import { normalizePhone } from './phone.js';

describe('normalizePhone', () => {
  it('keeps digits, drops separators and adds the plus', () => {
    expect(normalizePhone('+1 (646) 555-0142')).toBe('+16465550142');
    expect(normalizePhone('44 20 7946 0958')).toBe('+442079460958');
  });

  it('converts full-width, Arabic-Indic and Persian digits to ASCII', () => {
    expect(normalizePhone('＋４４２０７９４６')).toBe('+44207946');
    expect(normalizePhone('٩٧١٥٠١٢٣٤٥٦٧')).toBe('+971501234567');
    expect(normalizePhone('۹۸۹۱۲۳۴۵۶۷۸۹')).toBe('+989123456789');
    expect(normalizePhone('+1 ６４６ ٥٥٥ ۰۱۴۲')).toBe('+16465550142');
  });

  it('keeps a plus only at the start', () => {
    expect(normalizePhone('+1+646+555')).toBe('+1646555');
    expect(normalizePhone('1-646+5550142')).toBe('+16465550142');
  });

  it('returns an empty string when there is no digit', () => {
    expect(normalizePhone('')).toBe('');
    expect(normalizePhone('+')).toBe('');
    expect(normalizePhone('abc')).toBe('');
  });
});

describe('phoneSchema', () => {
  const schema = phoneSchema('Phone');
  it('parses to the normalised number', () => {
    expect(schema.parse(' +1 646 555 0142 ')).toBe('+16465550142');
  });

  it('explains what is wrong', () => {
    const msg = (v: unknown) => schema.safeParse(v).error?.issues[0]?.message;
    expect(msg('')).toBe('Phone is a required field');
    expect(msg(undefined)).toBe('Phone is a required field');
    expect(msg('+12345')).toBe('Min 7 digits');
    expect(msg('+1234567890123456')).toBe('Max 15 digits');
    expect(msg('+0123456789')).toMatch(/international format/);
  });
});
