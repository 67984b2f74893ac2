import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from './payment-tab';

describe('automatic-payment amounts in the page’s language', () => {
  it('shows the stored amount with the language’s decimal sign and digits, and reads it back', () => {
    expect(fromCents(1250, 'en')).toBe('12.50');
    expect(fromCents(1250, 'fr')).toBe('12,50');
    expect(fromCents(null, 'fr')).toBe('');
    for (const locale of ['en', 'es', 'fr', 'de', 'fa', 'ar', 'bn']) {
      expect(toCents(fromCents(1250, locale)), locale).toBe(1250);
    }
  });
});
