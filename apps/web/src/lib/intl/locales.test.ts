import { describe, expect, it } from 'vitest';
import { detectLocale, isRtl } from './locales';

describe('start-up language (spec §4)', () => {
  it('prefers the saved language when it is offered', () => {
    expect(detectLocale('fr', ['es-ES', 'en-US'])).toBe('fr');
  });

  it('ignores a saved language that is no longer offered', () => {
    expect(detectLocale('xx', ['es-MX'])).toBe('es');
    expect(detectLocale('', ['fr-CA'])).toBe('fr');
  });

  it('tries the browser language with its region, then without', () => {
    // No regional catalogues ship yet, so "with region" falls through to the base language.
    expect(detectLocale(null, ['es-AR'])).toBe('es');
    expect(detectLocale(null, ['FR'])).toBe('fr');
  });

  it('walks the browser’s list in order before giving up', () => {
    expect(detectLocale(null, ['cy-GB', 'fr-FR', 'es'])).toBe('fr');
  });

  it('falls back to English', () => {
    expect(detectLocale(null, [])).toBe('en');
    expect(detectLocale(null, ['cy-GB', 'eu'])).toBe('en');
  });

  it('knows the right-to-left languages', () => {
    for (const code of ['ar', 'he', 'fa', 'ur', 'ar-EG']) expect(isRtl(code)).toBe(true);
    for (const code of ['en', 'es', 'fr', 'hi']) expect(isRtl(code)).toBe(false);
  });
});
