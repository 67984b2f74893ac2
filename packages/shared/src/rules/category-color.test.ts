import { describe, expect, it } from 'vitest';
import { BRAND_COLORS, categoryColor, categoryColorVar, hashName } from './category-color.js';

describe('category colour', () => {
  it('is deterministic and ignores case and padding', () => {
    expect(categoryColor('PayGo')).toBe(categoryColor('PayGo'));
    expect(categoryColor('PayGo')).toBe(categoryColor(' paygo '));
    expect(hashName('abc')).toBe(hashName('abc'));
  });

  it('always returns a brand colour', () => {
    for (const name of ['', 'PayGo', 'Tourist', 'Value', 'Immigrant', 'Traveler', 'Roaming', 'Ωμέγα', '🙂']) {
      expect(BRAND_COLORS).toContain(categoryColor(name));
    }
  });

  it('spreads names over several colours', () => {
    const names = Array.from({ length: 60 }, (_, i) => `Category ${i}`);
    expect(new Set(names.map(categoryColor)).size).toBeGreaterThanOrEqual(5);
  });

  it('matches the known FNV-1a value so colours stay the same across releases', () => {
    expect(hashName('a')).toBe(0xe40c292c);
    expect(categoryColorVar('PayGo')).toBe(`var(--color-${categoryColor('paygo')})`);
  });
});
