import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicDetailsSchema, resellerCodeCheckSchema } from '@app/shared/contracts/catalogue';
import { apiErrorSchema } from '@app/shared/contracts/errors';
import { buildTestApp } from '../../test/helpers.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      COMPANY_NAME: 'Test Mobile Co',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_from_env',
      SMTP_URL: 'smtp://user:hunter2@mail.example:587',
      DATABASE_URL: 'postgres://admin:s3cret@db.example:5432/shop',
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /public/service_provider/public_details', () => {
  it('returns the company and payment details from the configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/service_provider/public_details' });
    expect(res.statusCode).toBe(200);
    const details = publicDetailsSchema.parse(res.json());
    expect(details).toMatchObject({
      companyName: 'Test Mobile Co',
      stripePublicKey: 'pk_test_from_env',
      payPalClientId: t.config.PAYPAL_CLIENT_ID,
      telegram: t.config.TELEGRAM_HANDLE,
      currency: 'USD',
      simCardPrice: 100,
    });
    expect(res.headers.etag).toBeDefined();
  });

  it('contains no secret-looking key or value', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/service_provider/public_details' });
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(Object.keys(publicDetailsSchema.shape).sort());
    for (const key of Object.keys(body)) expect(key).not.toMatch(/secret|password|token|private|smtp|database|jwt|^sk/i);
    expect(res.body).not.toMatch(/hunter2|s3cret|sk_(live|test)_|postgres:\/\/|smtp:\/\//);
    expect(res.body).not.toContain(t.config.JWT_SECRET);
  });
});

describe('GET /public/utility/is_valid_reseller_code', () => {
  it('accepts active codes in any case and echoes the canonical code', async () => {
    for (const [input, code] of [
      ['DEMO10', 'DEMO10'],
      ['demo10', 'DEMO10'],
      ['Partner-NY', 'PARTNER-NY'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/public/utility/is_valid_reseller_code?code=${input}` });
      expect(res.statusCode).toBe(200);
      expect(resellerCodeCheckSchema.parse(res.json())).toEqual({ valid: true, code });
    }
  });

  it('reports unknown and inactive codes as invalid', async () => {
    for (const code of ['NOPE-123', 'CAMPUS-2024']) {
      const res = await t.app.inject({ method: 'GET', url: `/public/utility/is_valid_reseller_code?code=${code}` });
      expect(resellerCodeCheckSchema.parse(res.json())).toEqual({ valid: false, code });
    }
  });

  it.each([
    ['', 'Min 3 characters', { code: 'minChars', params: { min: 3 } }],
    ['ab', 'Min 3 characters', { code: 'minChars', params: { min: 3 } }],
    ['bad code!', "Must be alphanumeric and can contain '-'", { code: 'alphanumeric' }],
    ['x'.repeat(33), 'Must be at most 32 characters', { code: 'maxChars', params: { max: 32 } }],
  ])('answers 400 for the malformed code %j', async (code, message, coded) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/public/utility/is_valid_reseller_code?code=${encodeURIComponent(code)}`,
    });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors?.[0]).toEqual({ field: 'code', message, ...coded });
  });

  it('answers 400 when the code is missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/utility/is_valid_reseller_code' });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).code).toBe('VALIDATION_FAILED');
  });
});
