import { countries } from 'countries-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateListSchema, shippingRateListSchema, type Rate } from '@app/shared/contracts/catalogue';
import { apiErrorSchema } from '@app/shared/contracts/errors';
import { buildTestApp } from '../../test/helpers.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let rates: Rate[];

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/public/rate' });
  expect(res.statusCode).toBe(200);
  rates = rateListSchema.parse(res.json());
});
afterAll(async () => {
  await t?.close();
});

describe('GET /public/rate', () => {
  it('covers every country of countries-list, sorted by name, with dial codes', () => {
    expect(rates.map((r) => r.country).sort()).toEqual(Object.keys(countries).sort());
    const names = rates.map((r) => r.countryName);
    expect(names).toEqual([...names].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
    for (const r of rates) expect(r.dialCode, r.country).toMatch(/^\+\d{1,3}( \d{1,3})?$/);
    const get = (c: string) => rates.find((r) => r.country === c)!;
    expect(get('FR').dialCode).toBe('+33');
    expect(get('JM').dialCode).toBe('+1 876');
    expect(get('XK').dialCode).toBe('+383');
    expect(get('CW').dialCode).toBe('+599 9');
  });

  it('makes the marketing claims true: free US calls, unlimited to 60+, included minutes to 80+', () => {
    const us = rates.find((r) => r.country === 'US')!;
    expect(us.voiceRate).toBe(0);
    expect(us.smsRate).toBe(0);
    const abroad = rates.filter((r) => !['US', 'PR', 'VI', 'GU', 'AS', 'MP', 'UM'].includes(r.country));
    expect(abroad.filter((r) => r.unlimitedCalls).length).toBeGreaterThanOrEqual(60);
    expect(abroad.filter((r) => r.includedMinutes).length).toBeGreaterThan(80);
    // Paying destinations really cost something.
    for (const r of abroad.filter((x) => !x.unlimitedCalls)) expect(r.voiceRate, r.country).toBeGreaterThan(0);
  });

  it('returns a one-element list for ?country, case-insensitively', async () => {
    for (const q of ['FR', 'fr', ' fr ']) {
      const res = await t.app.inject({ method: 'GET', url: `/public/rate?country=${encodeURIComponent(q)}` });
      expect(res.statusCode, q).toBe(200);
      const list = rateListSchema.parse(res.json());
      expect(list).toEqual([rates.find((r) => r.country === 'FR')]);
    }
  });

  it('answers 404 RATE_NOT_FOUND with the catalogue message for an unknown country', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/rate?country=ZZ' });
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json())).toEqual({
      message: 'The rate you requested could not be found',
      code: 'RATE_NOT_FOUND',
    });
  });

  it.each(['F1', 'FRA', '', '12', 'F'])('answers 400 for the malformed country %j', async (q) => {
    const res = await t.app.inject({ method: 'GET', url: `/public/rate?country=${q}` });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors?.[0]).toEqual({ field: 'country', message: 'Must be a two-letter ISO country code', code: 'invalid' });
  });

  it('supports ETag revalidation', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/public/rate?country=DE' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/public/rate?country=DE',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /public/shipping_rate', () => {
  it('offers US standard in 3–5 business days plus express', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/shipping_rate?country=US' });
    expect(res.statusCode).toBe(200);
    const us = shippingRateListSchema.parse(res.json());
    const standard = us.find((r) => /standard/i.test(r.name))!;
    expect(standard).toMatchObject({ country: 'US', minDays: 3, maxDays: 5, businessDays: true });
    const express = us.find((r) => /express/i.test(r.name))!;
    expect(express.maxDays).toBeLessThan(standard.minDays);
    expect(express.price).toBeGreaterThan(standard.price);
  });

  it('ships internationally in 7–14 business days', async () => {
    for (const country of ['FR', 'mx', 'JP', 'NG', 'AU', 'BR']) {
      const res = await t.app.inject({ method: 'GET', url: `/public/shipping_rate?country=${country}` });
      expect(res.statusCode, country).toBe(200);
      const list = shippingRateListSchema.parse(res.json());
      const standard = list.find((r) => /standard/i.test(r.name))!;
      expect(standard, country).toMatchObject({ country: country.toUpperCase(), minDays: 7, maxDays: 14, businessDays: true });
      expect(standard.price).toBeGreaterThan(0);
    }
  });

  it('lists every destination without a country, the US first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/shipping_rate' });
    const all = shippingRateListSchema.parse(res.json());
    expect(all[0]!.country).toBe('US');
    expect(new Set(all.map((r) => r.country)).size).toBeGreaterThan(200);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
  });

  it("answers 404 'No available shipper' for embargoed or unknown destinations", async () => {
    for (const country of ['KP', 'CU', 'AQ', 'ZZ']) {
      const res = await t.app.inject({ method: 'GET', url: `/public/shipping_rate?country=${country}` });
      expect(res.statusCode, country).toBe(404);
      expect(apiErrorSchema.parse(res.json())).toEqual({ message: 'No available shipper', code: 'NO_AVAILABLE_SHIPPER' });
    }
  });

  it('rejects a malformed country with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/shipping_rate?country=U5' });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).code).toBe('VALIDATION_FAILED');
  });
});
