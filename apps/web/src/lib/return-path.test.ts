import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_PATH, pathFromState, returnPathFor, safeReturnPath } from './return-path';

describe('return path after signing in', () => {
  it('accepts paths on this site, with their query and hash', () => {
    expect(safeReturnPath('/dashboard/sim')).toBe('/dashboard/sim');
    expect(safeReturnPath('/dashboard/order-view/42?tab=items#top')).toBe('/dashboard/order-view/42?tab=items#top');
    expect(safeReturnPath('/dashboard/../plans/paygo')).toBe('/plans/paygo');
  });

  it.each([
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['dashboard'],
    [''],
    ['/a\\b'],
    [`/${'a'.repeat(3000)}`],
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses the sign-in pages themselves, so nobody lands back on a form', () => {
    expect(safeReturnPath('/auth/login')).toBeNull();
    expect(safeReturnPath('/auth/registration?x=1')).toBeNull();
    expect(safeReturnPath('/auth/social/google?t=abc')).toBeNull();
  });

  it('reads the guard’s router state, then ?redirect=, then falls back to the dashboard', () => {
    const from = { pathname: '/dashboard/sim', search: '?page=2', hash: '' };
    expect(pathFromState({ from })).toBe('/dashboard/sim?page=2');
    expect(returnPathFor({ from }, '?redirect=%2Fdashboard%2Fusage')).toBe('/dashboard/sim?page=2');
    expect(returnPathFor(null, '?redirect=%2Fdashboard%2Fusage')).toBe('/dashboard/usage');
    expect(returnPathFor(null, '?redirect=%2F%2Fevil.example')).toBe(DEFAULT_RETURN_PATH);
    expect(returnPathFor({ from: { pathname: '//evil.example' } }, '')).toBe(DEFAULT_RETURN_PATH);
    expect(returnPathFor({ email: 'a@b.c' }, '')).toBe(DEFAULT_RETURN_PATH);
  });
});
