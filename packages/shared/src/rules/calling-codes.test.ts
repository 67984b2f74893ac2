import { describe, expect, it } from 'vitest';
import { displayPhone, formatPhoneNumber } from './calling-codes.js';

describe('displayPhone', () => {
  it('writes one number one way whatever form it arrives in', () => {
    for (const raw of ['+16465550142', '+1 646 555 0142', '+1 (646) 555-0142', ' +1-646-555-0142 ']) {
      expect(displayPhone(raw)).toBe('+1 (646) 555-0142');
    }
    expect(displayPhone('+33 6 12 34 56 78')).toBe(formatPhoneNumber('+33612345678'));
    expect(displayPhone('+33612345678')).toBe('+33 6 12 34 56 78');
  });

  it('never doubles the calling code and leaves what is not a number alone', () => {
    expect(displayPhone('+16465550142')).not.toMatch(/\+1.*\+1/);
    expect(displayPhone('support line')).toBe('support line');
    expect(displayPhone('+12')).toBe('+12');
    expect(displayPhone('646 555 0142')).toBe('646 555 0142');
  });
});
