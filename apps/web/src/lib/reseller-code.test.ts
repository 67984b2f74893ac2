import { describe, expect, it, vi } from 'vitest';
import { captureResellerCode, resellerCodeValidity, splitResellerSegment, storedResellerCode, usableResellerCode } from './reseller-code';

describe('unknown-path rule: splitting off the reseller code', () => {
  it.each([
    ['/plans/paygo/ABC123', '?x=1', { code: 'ABC123', to: '/plans/paygo?x=1' }],
    ['/ABC123', '', { code: 'ABC123', to: '/' }],
    ['/ABC123', '?utm=mail', { code: 'ABC123', to: '/?utm=mail' }],
    ['/plan/tourist/partner-7', '', { code: 'partner-7', to: '/plan/tourist' }],
  ])('%s%s', (path, search, expected) => {
    expect(splitResellerSegment(path, search)).toEqual(expected);
  });

  it.each(['/plans/paygo/', '/', '/x', '/a/b.c', '/a/%E0%A4%A', '/' + 'a'.repeat(40)])('leaves %s to the 404 page', (path) => {
    expect(splitResellerSegment(path)).toBeNull();
  });
});

describe('capturing a reseller code', () => {
  it('stores it at once and flags a valid code', async () => {
    const check = vi.fn(async () => true);
    const done = captureResellerCode('ABC123', check);
    expect(storedResellerCode()).toBe('ABC123');
    expect(resellerCodeValidity()).toBeNull();
    await done;
    expect(check).toHaveBeenCalledWith('ABC123');
    expect(resellerCodeValidity()).toBe(true);
    expect(usableResellerCode()).toBe('ABC123');
  });

  it('keeps an invalid code but flags it, so checkout does not send it', async () => {
    await captureResellerCode('NOPE99', async () => false);
    expect(storedResellerCode()).toBe('NOPE99');
    expect(resellerCodeValidity()).toBe(false);
    expect(usableResellerCode()).toBeNull();
  });

  it('keeps the code with an unknown flag when the check fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await captureResellerCode('ABC123', async () => Promise.reject(new Error('offline')));
    expect(storedResellerCode()).toBe('ABC123');
    expect(resellerCodeValidity()).toBeNull();
    warn.mockRestore();
  });

  it('ignores a late answer for a code that has since been replaced', async () => {
    let answer: (valid: boolean) => void = () => {};
    const first = captureResellerCode('FIRST1', () => new Promise((resolve) => (answer = resolve)));
    await captureResellerCode('SECOND', async () => true);
    answer(false);
    await first;
    expect(storedResellerCode()).toBe('SECOND');
    expect(resellerCodeValidity()).toBe(true);
  });
});
