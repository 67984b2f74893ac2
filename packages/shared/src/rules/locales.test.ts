import { describe, expect, it } from 'vitest';
import { LANGUAGES, LOAD_FALLBACKS, SUPPORTED_LOCALES, detectLocale, htmlLang, isRtl, languageOf, type LanguageCode } from './locales.js';

// SPEC §9, in the spec's order.
const SPEC_LANGUAGES =
  'en, fr, es, de, it, pt, nl, ru, pl, sv, no, da, fi, tr, el, cs, hu, ro, bg, hr, sr, sk, zh, ja, ko, th, vi, id, ms, hi, bn, ta, ur, fa, he, ar, fil, ht'.split(', ');
const ALL = LANGUAGES.map((l) => l.code);

describe('the language list', () => {
  it('holds exactly the 38 languages of SPEC §9, once each, each named in itself', () => {
    expect(ALL).toHaveLength(38);
    expect([...ALL].sort()).toEqual([...SPEC_LANGUAGES].sort());
    for (const l of LANGUAGES) {
      expect(l.name.trim(), l.code).not.toBe('');
    }
    expect(new Set(LANGUAGES.map((l) => l.name)).size).toBe(38);
  });

  it('writes the agreed variants in <html lang>: Simplified Chinese, Brazilian Portuguese, Cyrillic Serbian, Bokmål', () => {
    expect(htmlLang('zh')).toBe('zh-Hans');
    expect(htmlLang('pt')).toBe('pt-BR');
    expect(htmlLang('sr')).toBe('sr-Cyrl');
    expect(htmlLang('no')).toBe('nb');
    expect(htmlLang('fr')).toBe('fr');
    // Intl's own defaults for the bare codes are the same variants, so formatting can use the code.
    expect(new Intl.Locale('zh').maximize().script).toBe('Hans');
    expect(new Intl.Locale('pt').maximize().region).toBe('BR');
    expect(new Intl.Locale('sr').maximize().script).toBe('Cyrl');
    expect(new Intl.Locale('no').maximize().language).toMatch(/^(no|nb)$/);
  });

  it('names the endonyms so the Serbian one is Cyrillic and the Chinese one Simplified', () => {
    expect(languageOf('sr')?.name).toBe('Српски');
    expect(languageOf('zh')?.name).toBe('中文');
  });

  it('names every code the code rules know (locale-codes.ts’s LanguageCode)', () => {
    // Checked by the compiler (npm run typecheck): a code without a name makes this `false`.
    type Unnamed = Exclude<LanguageCode, (typeof LANGUAGES)[number]['code']>;
    const everyCodeNamed: [Unnamed] extends [never] ? true : false = true;
    expect(everyCodeNamed).toBe(true);
  });

  it('offers English first and only listed languages', () => {
    expect(SUPPORTED_LOCALES[0]?.code).toBe('en');
    for (const l of SUPPORTED_LOCALES) expect(ALL).toContain(l.code);
  });

  it('knows the right-to-left languages: ar, he, fa, ur and nothing else', () => {
    expect(LANGUAGES.filter((l) => isRtl(l.code)).map((l) => l.code).sort()).toEqual(['ar', 'fa', 'he', 'ur']);
    expect(isRtl('ar-EG')).toBe(true);
    expect(isRtl('iw')).toBe(true);
  });

  it('falls back when loading fails through en, then Chinese (the spec’s "cn"), then es', () => {
    expect(LOAD_FALLBACKS).toEqual(['en', 'zh', 'es']);
  });
});

describe('start-up language with every language offered', () => {
  it('takes the saved choice, then the browser language with region, then without, then English', () => {
    expect(detectLocale('ar', ['de-DE'], ALL)).toBe('ar');
    expect(detectLocale('xx', ['pt-BR'], ALL)).toBe('pt');
    expect(detectLocale(null, ['zh-CN', 'en'], ALL)).toBe('zh');
    expect(detectLocale(null, ['fil-PH'], ALL)).toBe('fil');
    expect(detectLocale(null, ['gd', 'cy'], ALL)).toBe('en');
  });

  it('reads the codes browsers use for our Norwegian, Filipino, Hebrew and Indonesian', () => {
    expect(detectLocale(null, ['nb-NO'], ALL)).toBe('no');
    expect(detectLocale(null, ['nn'], ALL)).toBe('no');
    expect(detectLocale(null, ['tl'], ALL)).toBe('fil');
    expect(detectLocale(null, ['iw-IL'], ALL)).toBe('he');
    expect(detectLocale(null, ['in'], ALL)).toBe('id');
  });
});
