import { api } from './api-client';
import { StorageKey } from './storage-keys';
import { readItem, removeItem } from './storage';
import { getSession, getToken, logout, setToken, subscribeSession, tokenExpiry } from './session';
import { notify } from './toast';

/**
 * The session rules of spec §4 that run for the whole app, outside React: the `?t=` hand-over, the
 * logout timer at the token's expiry and the start-up check against the server. session.ts holds the
 * store; this module decides when it changes. Kept free of zod and react-hook-form: it is in the
 * first download of every page.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Spec §4/§9: the logout timer never waits longer than 24 days. Browsers run a setTimeout longer
 * than 2^31-1 ms (24.8 days) at once, so the cap also keeps a long token from logging out instantly.
 */
export const LOGOUT_TIMER_CAP_MS = 24 * DAY_MS;

/** Milliseconds until the logout timer fires for a token expiring at `expiresAt` (epoch seconds). */
export function logoutDelay(expiresAt: number, now = Date.now()): number {
  return Math.max(0, Math.min(expiresAt * 1000 - now, LOGOUT_TIMER_CAP_MS));
}

/**
 * Logs out when the current token expires (capped, see above) and warns the person. Follows the
 * store: a new sign-in re-arms the timer, a logout disarms it. Returns the function that stops it.
 */
export function watchSessionExpiry(onExpired: () => void = warnSessionExpired): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let armedFor: string | null = null;

  function arm() {
    const { token, expiresAt } = getSession();
    if (token === armedFor) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    armedFor = token;
    if (!token || expiresAt === null) return;
    timer = setTimeout(() => {
      timer = undefined;
      // Another tab may have signed in again with a fresh token in the meantime.
      if (getToken() !== token) return;
      logout();
      onExpired();
    }, logoutDelay(expiresAt));
  }

  arm();
  const unsubscribe = subscribeSession(arm);
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  };
}

function warnSessionExpired() {
  notify.warning({ id: 'session.expiredWarning' });
}

/**
 * Tokens the server issued for "stay signed in" last 24 days, others hours; a token that arrives in a
 * URL carries no such flag, so the login page leaves the person's choice in sessionStorage before
 * leaving for a social provider. Without it, the token's own lifetime decides.
 */
function rememberHandedToken(token: string): boolean {
  const flag = readItem(StorageKey.socialRemember, 'session');
  removeItem(StorageKey.socialRemember, 'session');
  if (flag === '1') return true;
  if (flag === '0') return false;
  const exp = tokenExpiry(token);
  const iat = issuedAt(token);
  return iat !== null && exp !== null && exp - iat > 2 * 24 * 60 * 60;
}

function issuedAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const iat = (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { iat?: unknown }).iat;
    return typeof iat === 'number' ? iat : null;
  } catch {
    return null;
  }
}

/** Starts a session from a token that arrived in a URL (`?t=`, social sign-in). */
export function signInWithHandedToken(token: string): void {
  setToken(token, { remember: rememberHandedToken(token) });
}

export interface UrlHistory {
  replaceState(data: unknown, unused: string, url?: string | URL | null): void;
  readonly state: unknown;
}

/**
 * Spec §4: a `t` query parameter on any URL signs in with that token and opens the dashboard. Runs
 * before the router reads the address, so the token never reaches a page, a log line or the
 * browser's history (the entry is replaced). Returns whether a token was taken.
 */
export function adoptTokenFromUrl(location: Pick<Location, 'href'> = window.location, history: UrlHistory = window.history): boolean {
  const url = new URL(location.href);
  const token = url.searchParams.get('t');
  if (token === null) return false;
  if (token.trim()) signInWithHandedToken(token.trim());
  history.replaceState(history.state, '', token.trim() ? '/dashboard' : `${url.pathname}${stripParam(url.search, 't')}${url.hash}`);
  return token.trim() !== '';
}

function stripParam(search: string, name: string): string {
  const params = new URLSearchParams(search);
  params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

type AuthStatus = { isAuth: boolean };

function fetchAuthStatus(): Promise<AuthStatus> {
  // Never an error by contract (docs/decisions/031); a failure here is a network problem, not a verdict.
  return api.get<AuthStatus>('/public/auth', { toast: false });
}

/**
 * Spec §4: at start, a stored token the server no longer accepts (revoked by a password change,
 * logged out elsewhere, account deleted) ends the session here too, with the spec's warning. An
 * unreachable server proves nothing, so the session stays.
 */
export async function verifyStoredSession(fetchStatus: () => Promise<AuthStatus> = fetchAuthStatus): Promise<void> {
  const token = getToken();
  if (!token) return;
  let status: AuthStatus;
  try {
    status = await fetchStatus();
  } catch {
    return;
  }
  if (status.isAuth || getToken() !== token) return;
  logout();
  notify.warning({ id: 'error.yourSessionExpired' });
}

let started = false;

/** Runs the rules once per page load (React's strict mode creates the router twice in development). */
export function startSessionRules(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  adoptTokenFromUrl();
  watchSessionExpiry();
  void verifyStoredSession();
}
