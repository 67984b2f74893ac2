import { matchPath } from 'react-router';
import { PLAN_GROUPS } from '@app/shared/rules/catalogue';

/** Links the header, the drawer and the footer share, so the three never drift apart. */
export interface SiteLink {
  to: string;
  labelId: string;
}

/** The Support menu (spec §2). Extend and top-up live in the dashboard once signed in. */
export function supportLinks(isAuth: boolean): SiteLink[] {
  return [
    { to: '/activate', labelId: 'nav.support.activate' },
    { to: '/wifi-actions', labelId: 'nav.support.wifi' },
    { to: '/port-in-number', labelId: 'nav.support.portIn' },
    { to: isAuth ? '/dashboard/sim' : '/extend-your-sim', labelId: 'nav.support.extend' },
    { to: isAuth ? '/dashboard/sim' : '/top-up-sim', labelId: 'nav.support.topUp' },
  ];
}

const SUPPORT_PATHS = ['/activate', '/wifi-actions', '/port-in-number', '/extend-your-sim', '/top-up-sim'];

export function isSupportPath(pathname: string, isAuth: boolean): boolean {
  return SUPPORT_PATHS.includes(trimSlash(pathname)) || (isAuth && trimSlash(pathname) === '/dashboard/sim');
}

export function isPlansPath(pathname: string): boolean {
  return /^\/plans?(\/|$)/.test(pathname);
}

function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Sign Up / My Account is hidden on dashboard pages and on registration (spec §2). */
export function showsSignUp(pathname: string): boolean {
  const path = trimSlash(pathname);
  return !(path === '/dashboard' || path.startsWith('/dashboard/') || path === '/auth/registration');
}

/** Login is hidden on the login page itself. */
export function showsLogin(pathname: string): boolean {
  return trimSlash(pathname) !== '/auth/login';
}

/** Pages without a footer (spec §2): the six plan group pages, the error page and social sign-in. */
const FOOTERLESS = ['/plans/:group', '/error-page', '/auth/social/:type'];
const PLAN_GROUP_PATHS = new Set<string>(PLAN_GROUPS.map((g) => g.path));

export function hidesFooter(pathname: string): boolean {
  const path = trimSlash(pathname);
  return FOOTERLESS.some((pattern) => {
    const match = matchPath(pattern, path);
    if (!match) return false;
    return pattern !== '/plans/:group' || PLAN_GROUP_PATHS.has(match.params.group ?? '');
  });
}
