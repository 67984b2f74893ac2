import { useSyncExternalStore } from 'react';
import { StorageKey } from '../storage-keys';
import { readItem, writeItem } from '../storage';
import { loadMessages, type Messages } from './load-messages';
import { browserLanguages, detectLocale, isRtl, type LocaleCode } from './locales';

export interface LocaleState {
  locale: LocaleCode;
  messages: Messages;
  /** True while another language's catalogue is downloading. */
  loading: boolean;
}

let state: LocaleState | undefined;
const listeners = new Set<() => void>();
let latestRequest = 0;

function set(next: LocaleState) {
  state = next;
  applyDocumentLocale(next.locale);
  for (const listener of listeners) listener();
}

export function applyDocumentLocale(locale: string): void {
  const root = document.documentElement;
  root.lang = locale;
  root.dir = isRtl(locale) ? 'rtl' : 'ltr';
}

/** Picks the start-up language and loads its messages before the first render (no flash of English). */
export async function initLocale(): Promise<LocaleState> {
  const wanted = detectLocale(readItem(StorageKey.userLocale), browserLanguages());
  const { locale, messages } = await loadMessages(wanted);
  set({ locale, messages, loading: false });
  return state!;
}

/** Switches language, remembers the choice under `user-locale` and updates <html lang>. */
export async function setLocale(code: LocaleCode): Promise<void> {
  if (!state) throw new Error('initLocale() must run before setLocale()');
  const request = ++latestRequest;
  writeItem(StorageKey.userLocale, code);
  set({ ...state, loading: true });
  const { locale, messages } = await loadMessages(code);
  // A quicker later choice wins over a slow earlier download.
  if (request !== latestRequest) return;
  set({ locale, messages, loading: false });
}

function getState(): LocaleState {
  if (!state) throw new Error('initLocale() must run before rendering');
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocaleState(): LocaleState {
  return useSyncExternalStore(subscribe, getState, getState);
}

/** For tests: start in a known language without touching storage or the network. */
export function resetLocaleForTests(next: LocaleState): void {
  set(next);
}
