import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The module keeps the app's one language state; each test starts from a fresh copy. */
async function freshStore() {
  vi.resetModules();
  return import('./locale-store');
}

function cookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

function browserLanguages(list: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(list);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(list[0] ?? '');
}

beforeEach(() => {
  document.cookie = 'user-locale=; Max-Age=0; Path=/';
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('start-up language (SPEC §4) and the cookie for the server renderer', () => {
  it('starts in the stored language, sets <html lang dir> and mirrors the choice into the cookie', async () => {
    localStorage.setItem('user-locale', 'fr');
    browserLanguages(['es-ES']);
    const { initLocale } = await freshStore();
    const state = await initLocale();
    expect(state.locale).toBe('fr');
    expect(state.messages).toHaveProperty(['header.language']);
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(cookie('user-locale')).toBe('fr');
  });

  it('ignores a stored language that is not offered (yet) and takes the browser’s, with region first', async () => {
    localStorage.setItem('user-locale', 'cy');
    browserLanguages(['cy-GB', 'es-MX', 'fr']);
    const { initLocale } = await freshStore();
    expect((await initLocale()).locale).toBe('es');
    // The cookie mirrors the stored choice (the server ignores one it does not offer, as we do).
    expect(cookie('user-locale')).toBe('cy');
  });

  it('clears the cookie when nothing (or nothing sensible) is stored, and falls back to English', async () => {
    document.cookie = 'user-locale=fr; Path=/';
    localStorage.setItem('user-locale', 'x; Path=/evil');
    browserLanguages(['eu-ES']);
    const { initLocale } = await freshStore();
    expect((await initLocale()).locale).toBe('en');
    expect(cookie('user-locale')).toBeUndefined();
  });

  it('prefers the language the server rendered the page in', async () => {
    localStorage.setItem('user-locale', 'fr');
    const { initLocale } = await freshStore();
    expect((await initLocale('es')).locale).toBe('es');
  });
});

describe('switching language', () => {
  it('stores the choice, mirrors it into the cookie and updates <html lang>', async () => {
    browserLanguages(['en-US']);
    const { initLocale, setLocale } = await freshStore();
    await initLocale();
    expect(cookie('user-locale') || undefined).toBeUndefined();
    const written: string[] = [];
    let owner: object | null = document;
    while (owner && !Object.getOwnPropertyDescriptor(owner, 'cookie')) owner = Object.getPrototypeOf(owner) as object | null;
    const descriptor = Object.getOwnPropertyDescriptor(owner!, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      descriptor.set!.call(document, value);
    });
    await setLocale('es');
    // For the server's first byte on every page: a year, the whole site, sent on top-level navigations.
    expect(written).toEqual(['user-locale=es; Max-Age=31536000; Path=/; SameSite=Lax']);
    expect(localStorage.getItem('user-locale')).toBe('es');
    expect(cookie('user-locale')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('writes dir="rtl" for the right-to-left languages and the variant tag for lang', async () => {
    const { applyDocumentLocale } = await freshStore();
    applyDocumentLocale('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    applyDocumentLocale('zh');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('zh-Hans');
    applyDocumentLocale('he');
    expect(document.documentElement.dir).toBe('rtl');
    applyDocumentLocale('en');
    expect(document.documentElement.dir).toBe('ltr');
  });
});

describe('the rest of the messages', () => {
  it('arrive in the object react-intl already holds, so the page on screen does not render again', async () => {
    browserLanguages(['de-DE']);
    const { initLocale, ensureAllMessages, useLocaleState } = await freshStore();
    const first = await initLocale();
    expect(first.messageSet).toBe('startup');
    expect(first.messages).not.toHaveProperty(['checkout.lead']);
    let renders = 0;
    function Reader() {
      renders++;
      useLocaleState();
      return null;
    }
    const view = render(<Reader />);
    expect(renders).toBe(1);
    await act(() => ensureAllMessages());
    // Nothing on screen changed, so nothing subscribed renders again.
    expect(renders).toBe(1);
    expect(first.messageSet).toBe('all');
    view.unmount();
    // The same object, now with the checkout's words (not a startup group) in German.
    expect(JSON.stringify((first.messages as Record<string, unknown>)['checkout.lead'])).toContain('Den Endbetrag sehen Sie');
    expect(first.messages).toHaveProperty(['header.language']);
  });
});
