import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverageSchema } from '@app/shared/contracts/catalogue';
import { apiErrorSchema } from '@app/shared/contracts/errors';
import { buildTestApp } from '../../test/helpers.js';
import { classify, coverageForZip, distanceKm, METROS } from './coverage.service.js';
import { zipIndex } from './zip-index.js';
import { stateForZip } from './zip-states.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /public/pwg/coverage/:zipcode', () => {
  it('returns 5G excellent in Manhattan', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/pwg/coverage/10001' });
    expect(res.statusCode).toBe(200);
    expect(coverageSchema.parse(res.json())).toEqual({
      zipcode: '10001',
      city: null,
      state: 'NY',
      has5g: true,
      has4g: true,
      quality: 'excellent',
    });
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('returns 4G only, fair, in remote Nevada', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/pwg/coverage/89049' });
    expect(coverageSchema.parse(res.json())).toMatchObject({ state: 'NV', has5g: false, has4g: true, quality: 'fair' });
  });

  it('keeps leading zeros (Puerto Rico, New England)', async () => {
    const pr = coverageSchema.parse((await t.app.inject({ method: 'GET', url: '/public/pwg/coverage/00901' })).json());
    expect(pr).toMatchObject({ zipcode: '00901', state: 'PR', has5g: true });
    const ma = coverageSchema.parse((await t.app.inject({ method: 'GET', url: '/public/pwg/coverage/02108' })).json());
    expect(ma).toMatchObject({ zipcode: '02108', state: 'MA', quality: 'excellent' });
  });

  it("answers 404 'Coverage not found' for a ZIP that does not exist", async () => {
    for (const zip of ['00000', '99999']) {
      const res = await t.app.inject({ method: 'GET', url: `/public/pwg/coverage/${zip}` });
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json())).toEqual({ message: 'Coverage not found', code: 'COVERAGE_NOT_FOUND' });
    }
  });

  it.each(['abcde', '1234', '123456', '12a45', '%20%2012'])("answers 400 'Must be 5 digits only' for %j", async (zip) => {
    const res = await t.app.inject({ method: 'GET', url: `/public/pwg/coverage/${zip}` });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual([{ field: 'zipcode', message: 'Must be 5 digits only', code: 'digitsOnly', params: { num: 5 } }]);
  });
});

describe('coverage model', () => {
  it('answers for every US ZIP, always with 4G, with every quality band in use', () => {
    const index = zipIndex();
    expect(index.size).toBeGreaterThan(33_000);
    const bands = new Map<string, number>();
    // Every 7th ZIP keeps the test quick while sampling every state.
    for (let zip = 0; zip < 100_000; zip += 7) {
      const code = String(zip).padStart(5, '0');
      const c = coverageForZip(code);
      if (!c) continue;
      expect(c.has4g).toBe(true);
      expect(c.state, code).not.toBeNull();
      const key = `${c.has5g}-${c.quality}`;
      bands.set(key, (bands.get(key) ?? 0) + 1);
    }
    expect([...bands.keys()].sort()).toEqual(['false-fair', 'false-good', 'true-excellent', 'true-good']);
  });

  it('classifies by margin to the nearest metro core', () => {
    expect(classify(-5)).toEqual({ has5g: true, has4g: true, quality: 'excellent' });
    expect(classify(0)).toMatchObject({ has5g: true, quality: 'excellent' });
    expect(classify(40)).toMatchObject({ has5g: true, quality: 'good' });
    expect(classify(41)).toMatchObject({ has5g: false, quality: 'good' });
    expect(classify(120)).toMatchObject({ has5g: false, quality: 'good' });
    expect(classify(121)).toEqual({ has5g: false, has4g: true, quality: 'fair' });
  });

  it('places every metro on a real ZIP and measures distance correctly', () => {
    for (const [name, zip] of METROS) expect(zipIndex().locate(zip), name).toBeDefined();
    // New York to Los Angeles is about 3,940 km as the crow flies.
    const ny = zipIndex().locate('10001')!;
    const la = zipIndex().locate('90012')!;
    expect(distanceKm(ny, la)).toBeGreaterThan(3900);
    expect(distanceKm(ny, la)).toBeLessThan(3980);
  });

  it('derives the state from the ZIP prefix', () => {
    expect(stateForZip('90210')).toBe('CA');
    expect(stateForZip('20500')).toBe('DC');
    expect(stateForZip('73301')).toBe('TX');
    expect(stateForZip('96799')).toBe('AS');
    expect(stateForZip('96950')).toBe('MP');
    expect(stateForZip('99501')).toBe('AK');
    expect(stateForZip('00100')).toBeNull();
  });
});
