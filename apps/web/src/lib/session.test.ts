import { afterEach, describe, expect, it } from 'vitest';
import { getSession, logout, onLogout, refreshSession, setToken, subscribeSession, tokenExpiry } from './session';

function jwt(payload: object): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;
}

const inAnHour = Math.floor(Date.now() / 1000) + 3600;

afterEach(() => logout());

describe('session', () => {
  it('keeps the token in localStorage when remembered, sessionStorage otherwise', () => {
    setToken(jwt({ email: 'a@b.c', exp: inAnHour }), { remember: true });
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(getSession()).toMatchObject({ isAuth: true, expiresAt: inAnHour });

    setToken(jwt({ email: 'a@b.c', exp: inAnHour }), { remember: false });
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).not.toBeNull();
    expect(getSession().isAuth).toBe(true);
  });

  it('reads a token another page left in either storage', () => {
    sessionStorage.setItem('token', jwt({ exp: inAnHour }));
    expect(refreshSession().isAuth).toBe(true);
  });

  it('clears an expired token and counts as logged out', () => {
    localStorage.setItem('token', jwt({ exp: Math.floor(Date.now() / 1000) - 10 }));
    localStorage.setItem('cart', '[]');
    expect(refreshSession().isAuth).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('decodes exp from base64url payloads and tolerates garbage', () => {
    expect(tokenExpiry(jwt({ exp: 123, name: 'ü?>' }))).toBe(123);
    expect(tokenExpiry('not-a-jwt')).toBeNull();
    expect(tokenExpiry('a.%%%.c')).toBeNull();
  });

  it('logout clears the spec’s keys and keeps language and reseller code', () => {
    setToken(jwt({ exp: inAnHour }), { remember: true });
    for (const key of ['order', 'cart', 'shippingInfo', 'prices', 'cards', 'addOns', 'dashboard']) {
      localStorage.setItem(key, 'x');
      sessionStorage.setItem(key, 'x');
    }
    localStorage.setItem('user-locale', 'es');
    localStorage.setItem('resellerCode', 'ABC123');
    let notified = 0;
    let cleaned = 0;
    const unsubscribe = subscribeSession(() => notified++);
    const unregister = onLogout(() => cleaned++);
    logout();
    unsubscribe();
    unregister();
    for (const key of ['token', 'order', 'cart', 'shippingInfo', 'prices', 'cards', 'addOns', 'dashboard']) {
      expect(localStorage.getItem(key)).toBeNull();
      expect(sessionStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('user-locale')).toBe('es');
    expect(localStorage.getItem('resellerCode')).toBe('ABC123');
    expect(getSession().isAuth).toBe(false);
    expect(notified).toBe(1);
    expect(cleaned).toBe(1);
  });
});
