import { describe, expect, it } from 'vitest';
import { hasResellerSegment, isPrivatePath, matchRoute } from './site-routes.js';
import { acceptLanguageTags, detectLocale } from './locales.js';

describe('matchRoute', () => {
  it('matches like the router: case and trailing slash ignored, params decoded, static before dynamic', () => {
    expect(matchRoute('/')).toEqual({ pattern: '/', params: {} });
    expect(matchRoute('/FAQ/')?.pattern).toBe('/faq');
    expect(matchRoute('/coverage')?.pattern).toBe('/coverage');
    expect(matchRoute('/coverage/10001')).toEqual({ pattern: '/coverage/:zipcode', params: { zipcode: '10001' } });
    expect(matchRoute('/plan/pay%20go/basic')).toEqual({ pattern: '/plan/:name/:plan', params: { name: 'pay go', plan: 'basic' } });
    expect(matchRoute('/dashboard/order-view/7')?.pattern).toBe('/dashboard/order-view/:id');
    expect(matchRoute('/no/such/')).toBeNull();
    expect(matchRoute('/plan/%E0%A4%A')).toBeNull();
  });

  it('knows which last segments the unknown-path rule keeps as a reseller code', () => {
    expect(hasResellerSegment('/faq/partner-1')).toBe(true);
    expect(hasResellerSegment('/faq/')).toBe(false);
    expect(hasResellerSegment('/ab')).toBe(false);
    expect(hasResellerSegment('/faq/a%20b')).toBe(false);
    expect(hasResellerSegment('/%E0%A4%A')).toBe(false);
  });

  it('marks accounts, checkout and the dashboard private, public pages not', () => {
    for (const p of ['/dashboard', '/dashboard/sim', '/auth/login', '/checkout', '/payment', '/payment-confirmation']) expect(isPrivatePath(p), p).toBe(true);
    for (const p of ['/', '/faq', '/plan/paygo', '/authors', '/about']) expect(isPrivatePath(p), p).toBe(false);
  });
});

describe('acceptLanguageTags', () => {
  it('orders by q, drops q=0, * and junk, and feeds detectLocale', () => {
    expect(acceptLanguageTags('fr-CA,fr;q=0.9,en;q=0.8')).toEqual(['fr-CA', 'fr', 'en']);
    expect(acceptLanguageTags('en;q=0.5, es')).toEqual(['es', 'en']);
    expect(acceptLanguageTags('de;q=0, *;q=0.1, <script>')).toEqual([]);
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(detectLocale(null, acceptLanguageTags('cy-GB,es-MX;q=0.7'))).toBe('es');
    expect(detectLocale('fr', acceptLanguageTags('es'))).toBe('fr');
    expect(detectLocale(null, acceptLanguageTags('cy'))).toBe('en');
  });
});
