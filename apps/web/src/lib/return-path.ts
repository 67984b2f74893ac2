/**
 * Where to go after signing in. The path arrives from router state or a `redirect` query parameter,
 * which anyone can put in a link, so only a path on this site is accepted: `//evil.example`,
 * `/\evil.example`, `https://…`, `javascript:` and control characters would all leave the site (or
 * run script) in some browser. Pages of the sign-in flow itself are refused too, so nobody lands back
 * on the login form after logging in.
 */

export const DEFAULT_RETURN_PATH = '/dashboard';

const SIGN_IN_PAGES = /^\/auth\/(login|registration|forgot-password|reset-password|social)(\/|$)/;

export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Browsers drop tabs and newlines inside URLs and treat '\' as '/': '/\t/evil.example' is '//evil.example'.
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === '\\') return null;
  }
  let url: URL;
  try {
    url = new URL(value, 'http://return.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://return.invalid') return null;
  if (SIGN_IN_PAGES.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The router's `state.from` (a Location the login guard stored) as a path, if it is one. */
export function pathFromState(state: unknown): string | null {
  if (!state || typeof state !== 'object' || !('from' in state)) return null;
  const from = (state as { from: unknown }).from;
  if (typeof from === 'string') return safeReturnPath(from);
  if (!from || typeof from !== 'object') return null;
  const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
  if (typeof pathname !== 'string') return null;
  return safeReturnPath(`${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`);
}

/** The return path a login page should use: router state first, then `?redirect=`, then the dashboard. */
export function returnPathFor(state: unknown, search: string): string {
  return pathFromState(state) ?? safeReturnPath(new URLSearchParams(search).get('redirect')) ?? DEFAULT_RETURN_PATH;
}
