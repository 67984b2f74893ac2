import { describe, expect, it } from 'vitest';
import { hidesFooter, isPlansPath, isSupportPath, showsLogin, showsSignUp, supportLinks } from './site-links';

describe('header rules (spec §2)', () => {
  it('sends extend and top-up to the dashboard once signed in', () => {
    expect(supportLinks(false).map((l) => l.to)).toEqual(['/activate', '/wifi-actions', '/port-in-number', '/extend-your-sim', '/top-up-sim']);
    expect(supportLinks(true).map((l) => l.to)).toEqual(['/activate', '/wifi-actions', '/port-in-number', '/dashboard/sim', '/dashboard/sim']);
  });

  it('highlights the menus for their routes', () => {
    expect(isPlansPath('/plan/paygo')).toBe(true);
    expect(isPlansPath('/plans/tourist')).toBe(true);
    expect(isPlansPath('/planet')).toBe(false);
    expect(isSupportPath('/port-in-number', false)).toBe(true);
    expect(isSupportPath('/top-up-sim/', false)).toBe(true);
    expect(isSupportPath('/dashboard/sim', true)).toBe(true);
    expect(isSupportPath('/dashboard/sim', false)).toBe(false);
  });

  it('hides Sign Up on dashboard and registration pages, Login on the login page', () => {
    expect(showsSignUp('/')).toBe(true);
    expect(showsSignUp('/dashboard')).toBe(false);
    expect(showsSignUp('/dashboard/usage')).toBe(false);
    expect(showsSignUp('/auth/registration')).toBe(false);
    expect(showsSignUp('/auth/login')).toBe(true);
    expect(showsLogin('/auth/login')).toBe(false);
    expect(showsLogin('/auth/login/')).toBe(false);
    expect(showsLogin('/auth/registration')).toBe(true);
  });

  it('hides the footer on the plan group pages, the error page and social sign-in', () => {
    expect(hidesFooter('/plans/imigrant')).toBe(true);
    expect(hidesFooter('/plans/roaming/')).toBe(true);
    expect(hidesFooter('/error-page')).toBe(true);
    expect(hidesFooter('/auth/social/facebook')).toBe(true);
    expect(hidesFooter('/plans')).toBe(false);
    expect(hidesFooter('/plan/paygo')).toBe(false);
  });
});
