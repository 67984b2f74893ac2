import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Locales from './locales';

/**
 * SPEC §9's fallback list when a catalogue cannot be loaded: en, then Chinese (the spec's "cn"), then
 * es. The loaders stand in for the catalogue chunks so a test can make any of them fail.
 */
const failing = new Set<string>();
const calls: string[] = [];

vi.mock('virtual:messages/loaders', () => ({
  loadCatalogue: async (code: string, part: 'startup' | 'rest') => {
    if (!['en', 'es', 'fr', 'zh'].includes(code)) throw new Error(`no catalogue for ${code}`);
    if (part === 'rest') return { 'checkout.title': `${code} checkout` };
    calls.push(code);
    if (failing.has(code)) throw new TypeError(`Failed to fetch ${code}`);
    return { 'header.language': `${code} language` };
  },
}));

// The offered list as the shop will have it once Chinese lands, switchable per test.
const offered = new Set(['en', 'es', 'fr']);
vi.mock('./locales', async (original) => ({
  ...(await original<typeof Locales>()),
  isSupportedLocale: (code: string) => offered.has(code),
}));

const { loadMessages } = await import('./load-messages');

afterEach(() => {
  offered.delete('zh');
  failing.clear();
  calls.length = 0;
  vi.restoreAllMocks();
});

describe('loadMessages', () => {
  it('loads the chosen language, startup part or all', async () => {
    expect(await loadMessages('fr', 'startup')).toEqual({ locale: 'fr', messages: { 'header.language': 'fr language' } });
    expect((await loadMessages('es', 'all')).messages).toEqual({ 'header.language': 'es language', 'checkout.title': 'es checkout' });
  });

  it('falls back to English when the chosen catalogue fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    failing.add('fr');
    expect((await loadMessages('fr')).locale).toBe('en');
    expect(calls).toEqual(['fr', 'en']);
  });

  it('tries es after en when English fails too; Chinese only once it is offered', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    failing.add('fr').add('en');
    expect((await loadMessages('fr')).locale).toBe('es');
    // zh has a chunk here but is not offered yet (SUPPORTED_LOCALES), so it is skipped.
    expect(calls).toEqual(['fr', 'en', 'es']);
  });

  it('tries Chinese second once it is offered', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    offered.add('zh');
    failing.add('fr').add('en');
    expect((await loadMessages('fr')).locale).toBe('zh');
    expect(calls).toEqual(['fr', 'en', 'zh']);
  });

  it('skips the language that just failed and rethrows its error when every fallback fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    failing.add('en').add('es').add('zh');
    await expect(loadMessages('es')).rejects.toThrow('Failed to fetch es');
    expect(calls).toEqual(['es', 'en']);
  });
});
