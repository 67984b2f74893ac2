import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers.js';

describe('GET /public/utility/ip_country', () => {
  const apps: Array<Awaited<ReturnType<typeof buildTestApp>>> = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it('ignores the country header unless the site runs behind a trusted proxy', async () => {
    const t = await buildTestApp();
    apps.push(t);
    const res = await t.app.inject({ url: '/public/utility/ip_country', headers: { 'cf-ipcountry': 'FR' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ country: null });
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('reads the configured header behind a proxy, and rejects unknown or odd values', async () => {
    const t = await buildTestApp({ env: { TRUST_PROXY: 'true', GEOIP_COUNTRY_HEADER: 'X-Geo-Country' } });
    apps.push(t);
    const ask = async (v?: string) =>
      (await t.app.inject({ url: '/public/utility/ip_country', headers: v === undefined ? {} : { 'x-geo-country': v } })).json();
    expect(await ask('de')).toEqual({ country: 'DE' });
    expect(await ask(undefined)).toEqual({ country: null });
    expect(await ask('XX')).toEqual({ country: null });
    expect(await ask('T1')).toEqual({ country: null });
    expect(await ask('Germany')).toEqual({ country: null });
    expect(await ask("' or 1=1")).toEqual({ country: null });
  });
});
