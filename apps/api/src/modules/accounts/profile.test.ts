import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@app/shared/contracts/errors';
import { Messages } from '@app/shared/errors';
import { profileSchema } from '@app/shared/contracts/profile';
import { sessions, subscribers } from '../../db/schema/accounts.js';
import { signedInSubscriber } from '../../test/fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A signed-in subscriber registered in Spanish with a UK phone number. */
const subscriber = (firstName: string) =>
  signedInSubscriber(t.container, { firstName, lastName: 'Tester', phone: '+442079460000', locale: 'es' });

const get = (token: string) => t.app.inject({ method: 'GET', url: '/subscriber/profile', headers: { authorization: `Bearer ${token}` } });
const patch = (token: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/subscriber/profile', headers: { authorization: `Bearer ${token}` }, payload });

describe('reading the profile', () => {
  it('returns the caller’s own profile with every field of the spec', async () => {
    const me = await subscriber('Lucia');
    const res = await get(me.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const p = profileSchema.parse(res.json());
    expect(p).toEqual({
      id: me.id,
      email: me.email,
      emailVerified: true,
      hasPassword: true,
      firstName: 'Lucia',
      lastName: 'Tester',
      phone: '+442079460000',
      country: null,
      balance: 0,
      whenBelow: null,
      topUpAmount: null,
      balanceThreshold: null,
      callBelow: null,
      smsBelow: null,
      dataBelow: null,
      birthDate: null,
      birthDateParts: null,
      shippingAddress1: null,
      shippingAddress2: null,
      city: null,
      state: null,
      zipcode: null,
      autoRenewPaymentMethodId: null,
      autoTopUpPaymentMethodId: null,
      autoExtendPaymentMethodId: null,
      locale: 'es',
      resellerCode: null,
      createdAt: expect.any(String),
    });
    expect(res.body).not.toMatch(/password_?hash|argon2/i);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/subscriber/profile' });
    expect(res.statusCode).toBe(401);
    expect(apiErrorSchema.parse(res.json())).toEqual({ code: 'UNAUTHORIZED', message: Messages.sessionExpired });
  });

  it('notes when the session was last used, at most every few minutes', async () => {
    const me = await subscriber('Idle');
    const sid = decodeJwt(me.token).sid as string;
    const old = new Date(Date.now() - 10 * 60_000);
    await t.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.id, sid));
    const [before] = await t.db.select().from(subscribers).where(eq(subscribers.id, me.id));
    await get(me.token);
    const [s] = await t.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(s!.lastSeenAt.getTime()).toBeGreaterThan(old.getTime() + 60_000);
    const [after] = await t.db.select().from(subscribers).where(eq(subscribers.id, me.id));
    expect(after!.lastSeenAt).not.toBeNull();
    // Activity is not a profile change.
    expect(after!.updatedAt.getTime()).toBe(before!.updatedAt.getTime());
  });
});

describe('changing the profile', () => {
  it('changes only the fields sent and normalises them', async () => {
    const me = await subscriber('Ana');
    const res = await patch(me.token, {
      firstName: '  Ana María ',
      phone: '+۱ ۶۴۶ ۵۵۵ ۰۱۹۹',
      country: 'us',
      birthDate: '07/04/1990',
      shippingAddress1: '350 Fifth Avenue',
      shippingAddress2: 'Suite 4200',
      city: 'New York',
      state: 'NY',
      zipcode: '10118',
      whenBelow: 500,
      topUpAmount: 2000,
      balanceThreshold: 300,
      locale: 'fr',
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = profileSchema.parse(res.json());
    expect(p).toMatchObject({
      firstName: 'Ana María',
      lastName: 'Tester',
      phone: '+16465550199',
      country: 'US',
      birthDate: '07/04/1990',
      birthDateParts: { day: 4, month: 7, year: 1990 },
      shippingAddress1: '350 Fifth Avenue',
      shippingAddress2: 'Suite 4200',
      city: 'New York',
      state: 'NY',
      zipcode: '10118',
      whenBelow: 500,
      topUpAmount: 2000,
      balanceThreshold: 300,
      locale: 'fr',
      email: me.email,
    });
    expect(profileSchema.parse((await get(me.token)).json())).toEqual(p);
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.id, me.id));
    expect(row!.birthDate).toBe('1990-07-04');

    // Clearing optional fields; the same request twice leaves the same result.
    const clear = { shippingAddress2: '', birthDate: null, topUpAmount: null };
    const once = profileSchema.parse((await patch(me.token, clear)).json());
    const twice = profileSchema.parse((await patch(me.token, clear)).json());
    expect(once).toMatchObject({ shippingAddress2: null, birthDate: null, birthDateParts: null, topUpAmount: null, city: 'New York' });
    expect(twice).toEqual(once);
  });

  it('answers field errors for invalid values and changes nothing', async () => {
    const me = await subscriber('Invalid');
    const res = await patch(me.token, {
      firstName: '',
      country: 'Atlantis',
      zipcode: '10118_X',
      birthDate: '02/30/2000',
      topUpAmount: 50,
      whenBelow: -1,
      phone: '12',
    });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: 'First name is a required field', code: 'required', params: { name: 'First name' } },
        { field: 'country', message: 'Please enter a country', code: 'country' },
        { field: 'zipcode', message: "Must be alphanumeric and can contain '-'", code: 'alphanumeric' },
        { field: 'birthDate', message: 'Please enter a valid date of birth', code: 'birthDate' },
        { field: 'topUpAmount', message: 'Min 100', code: 'min', params: { min: 100 } },
        { field: 'whenBelow', message: 'Min 0', code: 'min', params: { min: 0 } },
        { field: 'phone', message: 'Min 7 digits', code: 'minDigits', params: { min: 7 } },
      ]),
    );
    expect(profileSchema.parse((await get(me.token)).json()).firstName).toBe('Invalid');

    const unknownCountry = await patch(me.token, { country: 'XX' });
    expect(apiErrorSchema.parse(unknownCountry.json()).errors).toEqual([{ field: 'country', message: 'Please enter a country', code: 'country' }]);
  });

  it('cannot set the e-mail, the balance, card links or someone else’s id', async () => {
    const me = await subscriber('Greedy');
    const victim = await subscriber('Victim');
    const res = await patch(me.token, {
      email: victim.email,
      balance: 1_000_000,
      autoRenewPaymentMethodId: '7f3c1f0e-2b7a-4c1e-9a55-0d6b9a8f3e21',
      id: victim.id,
      firstName: 'Hacked',
    });
    expect(res.statusCode).toBe(400);
    const fields = apiErrorSchema.parse(res.json()).errors?.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'balance', 'autoRenewPaymentMethodId', 'id']));
    const extra = await patch(me.token, { firstName: 'Sneaky', passwordHash: 'x' });
    expect(extra.statusCode).toBe(400);

    const mine = profileSchema.parse((await get(me.token)).json());
    const theirs = profileSchema.parse((await get(victim.token)).json());
    expect(mine).toMatchObject({ email: me.email, balance: 0, firstName: 'Greedy', autoRenewPaymentMethodId: null });
    expect(theirs).toMatchObject({ id: victim.id, email: victim.email, firstName: 'Victim' });
  });

  it('each subscriber reads and changes only their own row', async () => {
    const a = await subscriber('Alpha');
    const b = await subscriber('Bravo');
    expect((await patch(a.token, { city: 'Lisbon' })).statusCode).toBe(200);
    expect(profileSchema.parse((await get(a.token)).json())).toMatchObject({ id: a.id, city: 'Lisbon' });
    expect(profileSchema.parse((await get(b.token)).json())).toMatchObject({ id: b.id, city: null, firstName: 'Bravo' });
  });
});
