import { describe, expect, it } from 'vitest';
import { asciiDigits, editableAmount } from './digits';

describe('amounts typed and shown in the page’s language', () => {
  it('reads Arabic-Indic, Persian, Devanagari, Bengali, Tamil and Thai digits as 0–9', () => {
    expect(asciiDigits('١٢٫٥٠')).toBe('12.50');
    expect(asciiDigits('۱۲۳۴۵۶۷۸۹۰')).toBe('1234567890');
    expect(asciiDigits('१२ ১২ ௧௨ ๑๒')).toBe('12 12 12 12');
    expect(asciiDigits('+1 (646) 555')).toBe('+1 (646) 555');
  });

  it('writes an amount to edit with the language’s decimal sign and digits, without grouping', () => {
    expect(editableAmount(123456, 'en')).toBe('1234.56');
    expect(editableAmount(1250, 'fr')).toBe('12,50');
    expect(editableAmount(1250, 'fa')).toBe('۱۲٫۵۰');
  });
});
