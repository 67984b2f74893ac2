import { describe, expect, it, vi } from 'vitest';
import { fetchIpCountry, parseCountryAnswer } from './ip-country';

describe('IP country lookup', () => {
  it('reads plain-text and JSON answers', () => {
    expect(parseCountryAnswer('mx\n')).toBe('MX');
    expect(parseCountryAnswer('{"country_code":"fr"}')).toBe('FR');
    expect(parseCountryAnswer('{"countryCode":"DE"}')).toBe('DE');
    expect(parseCountryAnswer('{"country":"ES","city":"Madrid"}')).toBe('ES');
    expect(parseCountryAnswer('{"country":"Spain"}')).toBeNull();
    expect(parseCountryAnswer('<html>rate limited</html>')).toBeNull();
  });

  it('gives up after the timeout, so the phone field falls back to the first preferred country', async () => {
    vi.useFakeTimers();
    const hanging = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const answer = fetchIpCountry('https://ip.test/country', 1500, hanging as typeof fetch);
    await vi.advanceTimersByTimeAsync(1500);
    await expect(answer).resolves.toBeNull();
    vi.useRealTimers();
  });

  it('treats network errors and error statuses as no answer', async () => {
    await expect(fetchIpCountry('https://ip.test', 1000, (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch)).resolves.toBeNull();
    await expect(fetchIpCountry('https://ip.test', 1000, (async () => new Response('US', { status: 429 })) as typeof fetch)).resolves.toBeNull();
    await expect(fetchIpCountry('https://ip.test', 1000, (async () => new Response('US')) as typeof fetch)).resolves.toBe('US');
  });
});
