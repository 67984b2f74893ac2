import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { adoptTokenFromUrl, LOGOUT_TIMER_CAP_MS, logoutDelay, verifyStoredSession, watchSessionExpiry } from './session-lifecycle';
import { getSession, getToken, logout, refreshSession, setToken } from './session';
import { registerToastDisplay, type ToastRequest } from './toast';

function jwt(payload: object): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const nowSeconds = () => Math.floor(Date.now() / 1000);

let toasts: ToastRequest[];

beforeEach(() => {
  toasts = [];
  registerToastDisplay((request) => toasts.push(request));
});

afterEach(() => {
  registerToastDisplay(null);
  vi.useRealTimers();
  logout();
});

describe('logout timer (spec §4)', () => {
  it('waits until the token expires', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(logoutDelay(now / 1000 + 3600, now)).toBe(3600 * 1000);
  });

  it('never waits longer than 24 days, even for a token valid far longer', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(LOGOUT_TIMER_CAP_MS).toBe(24 * DAY_MS);
    expect(logoutDelay(now / 1000 + 30 * 24 * 3600, now)).toBe(24 * DAY_MS);
    // Below setTimeout's 2^31-1 ms limit, past which browsers would fire at once.
    expect(LOGOUT_TIMER_CAP_MS).toBeLessThan(2 ** 31 - 1);
  });

  it('fires at once for a token already past its expiry', () => {
    expect(logoutDelay(1, Date.UTC(2026, 0, 1))).toBe(0);
  });

  it('logs out at expiry and shows the spec’s warning', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    setToken(jwt({ exp: nowSeconds() + 60 }), { remember: true });
    const stop = watchSessionExpiry();
    vi.advanceTimersByTime(59_000);
    expect(getSession().isAuth).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(getSession().isAuth).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(toasts).toEqual([{ variant: 'warning', message: { id: 'session.expiredWarning' } }]);
    stop();
  });

  it('logs out after 24 days when the token would last longer', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    setToken(jwt({ exp: nowSeconds() + 40 * 24 * 3600 }), { remember: true });
    const stop = watchSessionExpiry();
    vi.advanceTimersByTime(24 * DAY_MS - 1);
    expect(getSession().isAuth).toBe(true);
    vi.advanceTimersByTime(1);
    expect(getSession().isAuth).toBe(false);
    stop();
  });

  it('re-arms for a new sign-in and disarms on logout', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    const expired = vi.fn();
    const stop = watchSessionExpiry(expired);
    setToken(jwt({ exp: nowSeconds() + 10 }), { remember: false });
    setToken(jwt({ exp: nowSeconds() + 100 }), { remember: false });
    vi.advanceTimersByTime(10_000);
    expect(getSession().isAuth).toBe(true);
    logout();
    vi.advanceTimersByTime(200_000);
    expect(expired).not.toHaveBeenCalled();
    stop();
  });

  it('clears a stored token that has already expired when the app starts', () => {
    localStorage.setItem('token', jwt({ exp: nowSeconds() - 5 }));
    expect(refreshSession().isAuth).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('?t= sign-in (spec §4)', () => {
  const history = () => ({ state: { idx: 0 }, replaceState: vi.fn() });

  it('takes the token, keeps it out of the address and opens the dashboard', () => {
    const token = jwt({ exp: nowSeconds() + 3600, iat: nowSeconds() });
    const h = history();
    expect(adoptTokenFromUrl({ href: `http://shop.test/plans/paygo?x=1&t=${token}` }, h)).toBe(true);
    expect(getToken()).toBe(token);
    expect(h.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/dashboard');
  });

  it('keeps a short session in sessionStorage and a 24-day one in localStorage', () => {
    const short = jwt({ iat: nowSeconds(), exp: nowSeconds() + 12 * 3600 });
    adoptTokenFromUrl({ href: `http://shop.test/?t=${short}` }, history());
    expect(sessionStorage.getItem('token')).toBe(short);
    expect(localStorage.getItem('token')).toBeNull();

    const long = jwt({ iat: nowSeconds(), exp: nowSeconds() + 24 * 24 * 3600 });
    adoptTokenFromUrl({ href: `http://shop.test/?t=${long}` }, history());
    expect(localStorage.getItem('token')).toBe(long);
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('follows the ‘Stay signed in’ choice left before a social sign-in', () => {
    sessionStorage.setItem('socialRemember', '1');
    const short = jwt({ iat: nowSeconds(), exp: nowSeconds() + 3600 });
    adoptTokenFromUrl({ href: `http://shop.test/auth/social/google?t=${short}` }, history());
    expect(localStorage.getItem('token')).toBe(short);
    expect(sessionStorage.getItem('socialRemember')).toBeNull();
  });

  it('does nothing without t, and drops an empty t', () => {
    const h = history();
    expect(adoptTokenFromUrl({ href: 'http://shop.test/faq?q=1' }, h)).toBe(false);
    expect(h.replaceState).not.toHaveBeenCalled();
    expect(adoptTokenFromUrl({ href: 'http://shop.test/faq?q=1&t=#top' }, h)).toBe(false);
    expect(h.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/faq?q=1#top');
    expect(getToken()).toBeNull();
  });
});

describe('start-up session check (spec §4)', () => {
  it('logs out with error.yourSessionExpired when the server no longer knows the session', async () => {
    setToken(jwt({ exp: nowSeconds() + 3600 }), { remember: true });
    await verifyStoredSession(async () => ({ isAuth: false }));
    expect(getSession().isAuth).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(toasts).toEqual([{ variant: 'warning', message: { id: 'error.yourSessionExpired' } }]);
  });

  it('keeps a session the server confirms, and one it cannot be asked about', async () => {
    setToken(jwt({ exp: nowSeconds() + 3600 }), { remember: true });
    await verifyStoredSession(async () => ({ isAuth: true }));
    await verifyStoredSession(async () => {
      throw new ApiError('offline', { status: 0, kind: 'network' });
    });
    expect(getSession().isAuth).toBe(true);
    expect(toasts).toEqual([]);
  });

  it('asks nothing without a stored token', async () => {
    const check = vi.fn(async () => ({ isAuth: false }));
    await verifyStoredSession(check);
    expect(check).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('does not end a newer sign-in made while the check was running', async () => {
    setToken(jwt({ exp: nowSeconds() + 3600, n: 1 }), { remember: true });
    await verifyStoredSession(async () => {
      setToken(jwt({ exp: nowSeconds() + 3600, n: 2 }), { remember: true });
      return { isAuth: false };
    });
    expect(getSession().isAuth).toBe(true);
  });
});
