import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTE_PATTERNS, matchRoute } from '@app/shared/rules/site-routes';
import { routes } from './route-table';

/** Every full path of the route table, as the server's list writes it ("/plan/:name"). */
function fullPaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const here = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const own = route.index || (route.path && !route.children) ? [here || '/'] : [];
    return [...own, ...(route.children ? fullPaths(route.children, here) : [])];
  });
}

describe('route table and the server route list (packages/shared/src/rules/site-routes.ts)', () => {
  it('name the same pages, so the server answers 404 exactly where the app shows the 404 page', () => {
    const app = fullPaths(routes).filter((p) => p !== '/*');
    expect(new Set(app).size).toBe(app.length);
    expect([...app].sort()).toEqual([...ROUTE_PATTERNS].sort());
  });

  it('match each page to itself', () => {
    for (const pattern of ROUTE_PATTERNS) {
      const concrete = pattern.replace(/:\w+/g, 'x1');
      expect(matchRoute(concrete)?.pattern, pattern).toBe(pattern);
    }
  });
});
