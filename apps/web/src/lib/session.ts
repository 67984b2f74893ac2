import { useSyncExternalStore } from 'react';
import { SESSION_SCOPED_KEYS, StorageKey } from './storage-keys';
import { readItem, removeItem, writeItem } from './storage';

/**
 * The signed-in state of this browser tab. The token sits in localStorage when the subscriber chose to
 * stay signed in and in sessionStorage otherwise (spec §4), always under the same key.
 */
export interface Session {
  token: string | null;
  isAuth: boolean;
  /** Seconds since the epoch, from the token's `exp` claim, when it has one. */
  expiresAt: number | null;
}

const SIGNED_OUT: Session = { token: null, isAuth: false, expiresAt: null };

/** Reads `exp` without verifying the signature: the server verifies; the client only needs the date. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

function isExpired(expiresAt: number | null, now = Date.now()): boolean {
  return expiresAt !== null && expiresAt * 1000 <= now;
}

function readStoredToken(): string | null {
  return readItem(StorageKey.token, 'local') ?? readItem(StorageKey.token, 'session');
}

let current: Session = SIGNED_OUT;
const listeners = new Set<() => void>();
const logoutHandlers = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function clearStoredSession() {
  for (const key of SESSION_SCOPED_KEYS) removeItem(key, 'both');
}

/** Re-reads storage; a token whose expiry has passed is cleared and counts as logged out (spec §4). */
export function refreshSession(): Session {
  const token = readStoredToken();
  let next: Session = SIGNED_OUT;
  if (token) {
    const expiresAt = tokenExpiry(token);
    if (isExpired(expiresAt)) {
      clearStoredSession();
      for (const handler of logoutHandlers) handler();
    } else {
      next = { token, isAuth: true, expiresAt };
    }
  }
  if (next.token !== current.token) {
    current = next;
    emit();
  }
  return current;
}

export function getSession(): Session {
  return current;
}

export function getToken(): string | null {
  return current.token;
}

/** Stores a token the server issued. `remember` keeps it across browser restarts. */
export function setToken(token: string, { remember }: { remember: boolean }): void {
  removeItem(StorageKey.token, 'both');
  writeItem(StorageKey.token, token, remember ? 'local' : 'session');
  refreshSession();
}

/**
 * Ends the session: clears the token, the order in progress, the cart, shipping info, prices, cards,
 * add-ons and dashboard data (spec §4), then tells in-memory stores to forget theirs. Navigation is
 * the caller's choice: the header goes home, other places go to the login page.
 */
export function logout(): void {
  clearStoredSession();
  for (const handler of logoutHandlers) handler();
  if (current !== SIGNED_OUT) {
    current = SIGNED_OUT;
    emit();
  }
}

/** Registers cleanup to run on logout (in-memory caches); returns the unregister function. */
export function onLogout(handler: () => void): () => void {
  logoutHandlers.add(handler);
  return () => logoutHandlers.delete(handler);
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  // The server renders signed out (it never sees the token); hydration starts from the same state and
  // the stored session shows right after (decision 202).
  return useSyncExternalStore(subscribeSession, getSession, () => SIGNED_OUT);
}

if (typeof window !== 'undefined') {
  refreshSession();
  // Another tab signing in or out changes localStorage; follow it so tabs never disagree.
  window.addEventListener('storage', (event) => {
    if (event.key === StorageKey.token || event.key === null) refreshSession();
  });
}
