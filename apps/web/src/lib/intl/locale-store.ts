import { createContext, useContext, useSyncExternalStore } from 'react';
import { StorageKey } from '../storage-keys';
import { readItem, writeItem } from '../storage';
import { loadMessages, type MessageSet, type Messages } from './load-messages';
import { mirrorLocaleCookie } from './locale-cookie';
import { browserLanguages, detectLocale, htmlLang, isRtl, type LocaleCode } from './locales';

export interface LocaleState {
  locale: LocaleCode;
  messages: Messages;
  /** True while another language's catalogue is downloading. */
  loading: boolean;
  /** Which messages are in: the startup groups only, or all (load-messages.ts). */
  messageSet?: MessageSet;
}

let state: LocaleState | undefined;
const listeners = new Set<() => void>();
let latestRequest = 0;

function set(next: LocaleState) {
  state = next;
  applyDocumentLocale(next.locale);
  for (const listener of listeners) listener();
}

/**
 * `<html lang dir>` for the language on screen (the server writes the same for the first byte):
 * screen readers pick their voice by `lang`, and `dir="rtl"` mirrors every logical CSS property.
 */
export function applyDocumentLocale(locale: string): void {
  const root = document.documentElement;
  root.lang = htmlLang(locale);
  root.dir = isRtl(locale) ? 'rtl' : 'ltr';
}

let starting: { locale: LocaleCode; done: Promise<LocaleState> } | undefined;
let allMessages: Promise<void> | undefined;

/**
 * Picks the start-up language and loads its messages before the first render (no flash of English):
 * the startup groups only, unless the first page needs them all (`ensureAllMessages`). `preferred`
 * is the language the server rendered the page in, if it did (decision 201).
 */
export function initLocale(preferred?: LocaleCode): Promise<LocaleState> {
  const stored = readItem(StorageKey.userLocale);
  mirrorLocaleCookie(stored);
  const wanted = preferred ?? detectLocale(stored, browserLanguages());
  const done = loadMessages(wanted, 'startup').then(({ locale, messages }) => {
    // Our own copy: the rest of this language is added to it in place (ensureAllMessages).
    set({ locale, messages: { ...messages } as Messages, loading: false, messageSet: 'startup' });
    return state!;
  });
  starting = { locale: wanted, done };
  return done;
}

/**
 * Resolves once every message of the current language is in (pages outside the startup groups await
 * it). Called while the start-up language is still loading (the router starts first), it waits for it.
 */
export function ensureAllMessages(): Promise<void> {
  // The rest downloads alongside the startup part (same modules, fetched once).
  if (!state && starting) return Promise.all([starting.done, loadMessages(starting.locale, 'all')]).then(() => ensureAllMessages());
  if (!state || state.messageSet !== 'startup') return Promise.resolve();
  if (!allMessages) {
    const wanted = state.locale;
    allMessages = loadMessages(wanted, 'all').then(({ locale, messages }) => {
      allMessages = undefined;
      // A language switch meanwhile has loaded everything of its own language.
      if (state?.locale !== wanted || state.messageSet !== 'startup') return;
      if (locale === wanted) {
        // The same language, more of it: added to the object react-intl already holds, so its
        // context stays the same and the page does not render again (decision 225). What shows on
        // screen used only startup messages; whatever renders from now on finds the rest. Nor does
        // the state change identity: a new object would render every subscriber (the app's root
        // among them) again for nothing on screen.
        Object.assign(state.messages, messages);
        state.messageSet = 'all';
      } else {
        // Its files could not be fetched and a fallback language stood in: a real change.
        set({ ...state, locale, messages, messageSet: 'all' });
      }
    });
  }
  return allMessages;
}

/**
 * Switches language, remembers the choice under `user-locale` (and its cookie) and updates
 * <html lang dir>. Only messages change: the page, the cart and any half-filled form stay.
 */
export async function setLocale(code: LocaleCode): Promise<void> {
  if (!state) throw new Error('initLocale() must run before setLocale()');
  const request = ++latestRequest;
  writeItem(StorageKey.userLocale, code);
  mirrorLocaleCookie(code);
  set({ ...state, loading: true });
  const { locale, messages } = await loadMessages(code, 'all');
  // A quicker later choice wins over a slow earlier download.
  if (request !== latestRequest) return;
  set({ locale, messages, loading: false, messageSet: 'all' });
}

function getState(): LocaleState {
  if (!state) throw new Error('initLocale() must run before rendering');
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The server renders many requests, each in its own language, in one process: it hands each render
 * its language here instead of through the module-wide store (decision 202).
 */
export const ServerLocaleContext = createContext<LocaleState | null>(null);

/** Before the store starts (only on the server, where the context speaks instead). */
const NO_LOCALE: LocaleState = { locale: 'en', messages: {}, loading: false };

function getServerState(): LocaleState {
  return state ?? NO_LOCALE;
}

export function useLocaleState(): LocaleState {
  const server = useContext(ServerLocaleContext);
  const client = useSyncExternalStore(subscribe, getState, server ? getServerState : getState);
  return server ?? client;
}

/** For tests: start in a known language without touching storage or the network. */
export function resetLocaleForTests(next: LocaleState): void {
  set(next);
}
