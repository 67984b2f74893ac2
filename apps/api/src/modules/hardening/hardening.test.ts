import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginResponseSchema } from '@app/shared/contracts/auth';
import { apiErrorSchema } from '@app/shared/contracts/errors';
import { profileSchema } from '@app/shared/contracts/profile';
import { passwordResetTokens, subscribers } from '../../db/schema/accounts.js';
import { buildTestApp } from '../../test/helpers.js';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.js';

/** Regression tests for defects the bad-input review found; each failed before its fix. */

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let t: TestApp;
let peer: SmtpPeer;

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await buildTestApp({ env: { SMTP_URL: peer.url } });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const PASSWORD = 'Blue-Harbour-Lantern-42';
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${++seq}@example.com`;

function registration(email: string, extra: Record<string, unknown> = {}) {
  return { firstName: 'Maria', lastName: 'Lopez', email, phone: '+1 646 555 0100', password: PASSWORD, confirmPassword: PASSWORD, ...extra };
}

/** Registers through the API, verifies with the mailed code and signs in. */
async function signedUp(tag: string) {
  const email = uniqueEmail(tag);
  const before = peer.received.length;
  const reg = await t.app.inject({ method: 'POST', url: '/public/auth/register', payload: registration(email) });
  expect(reg.statusCode, reg.body).toBe(201);
  const code = /\b(\d{6})\b/.exec((await peer.waitFor(email, { after: before })).text)?.[1];
  expect((await t.app.inject({ method: 'POST', url: `/public/auth/verify/${code}`, payload: { email } })).statusCode).toBe(200);
  const login = await t.app.inject({ method: 'POST', url: '/public/auth/login', payload: { email, password: PASSWORD } });
  expect(login.statusCode, login.body).toBe(200);
  return { email, token: loginResponseSchema.parse(login.json()).token };
}

describe('NUL characters (PostgreSQL text cannot hold them)', () => {
  it('registration with a NUL in a name answers 400 naming the field and creates no account', async () => {
    const email = uniqueEmail('nul');
    const res = await t.app.inject({ method: 'POST', url: '/public/auth/register', payload: registration(email, { firstName: 'Ma\u0000ria' }) });
    expect(res.statusCode, res.body).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'firstName', message: 'Contains a character that is not allowed', code: 'forbiddenCharacter' }],
    });
    expect(await t.db.select().from(subscribers).where(eq(subscribers.email, email))).toEqual([]);
  });

  it('a profile change with a NUL answers 400 naming every such field and changes nothing', async () => {
    const me = await signedUp('nulprofile');
    const auth = { authorization: `Bearer ${me.token}` };
    const res = await t.app.inject({ method: 'PATCH', url: '/subscriber/profile', headers: auth, payload: { city: 'Lis\u0000bon', state: '\u0000', firstName: 'Ana' } });
    expect(res.statusCode, res.body).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors?.map((e) => e.field).sort()).toEqual(['city', 'state']);
    const profile = profileSchema.parse((await t.app.inject({ method: 'GET', url: '/subscriber/profile', headers: auth })).json());
    expect(profile).toMatchObject({ city: null, state: null, firstName: 'Maria' });
  });

  it('a NUL in a query parameter or path segment is a field error too', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/public/utility/is_valid_reseller_code?code=DEMO%0010' });
    expect(query.statusCode).toBe(400);
    expect(apiErrorSchema.parse(query.json()).errors).toEqual([{ field: 'code', message: 'Contains a character that is not allowed', code: 'forbiddenCharacter' }]);
    const path = await t.app.inject({ method: 'GET', url: '/public/pwg/coverage/100%0001' });
    expect(path.statusCode).toBe(400);
    expect(apiErrorSchema.parse(path.json()).errors?.[0]?.field).toBe('zipcode');
  });
});

describe('social sign-in callback', () => {
  it('a malformed flow cookie ends on the login error page, not in a 500', async () => {
    const social = await buildTestApp({
      env: { PUBLIC_URL: 'http://localhost:3000', OIDC_PROVIDERS: 'acme', OIDC_ACME_ISSUER: 'http://127.0.0.1:9/', OIDC_ACME_CLIENT_ID: 'x', OIDC_ACME_CLIENT_SECRET: 'y' },
    });
    try {
      for (const method of ['GET', 'POST'] as const) {
        const res = await social.app.inject({
          method,
          url: '/public/auth/social/acme/callback?code=abc&state=def',
          headers: { cookie: 'social_flow=%E0%A4%A' },
        });
        expect(res.statusCode, res.body).toBe(302);
        expect(res.headers.location).toBe('http://localhost:3000/auth/login?error=social');
      }
    } finally {
      await social.close();
    }
  });
});

describe('addresses the router cannot read', () => {
  it('a bad percent-escape or an over-long path parameter answers in the error contract, without quoting the path', async () => {
    for (const url of ['/public/plan/%ZZ', '/subscriber/plan/%C0%AF', `/public/plan/${'x'.repeat(101)}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
      expect(apiErrorSchema.parse(res.json()).message).not.toContain(url.slice(-10));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('field errors', () => {
  it('name each unknown key a strict body refuses, instead of the whole request', async () => {
    const me = await signedUp('unknownkeys');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/subscriber/profile',
      headers: { authorization: `Bearer ${me.token}` },
      payload: { city: 'Lisbon', nickname: 'x', isAdmin: true },
    });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'nickname', message: 'Unknown field: nickname', code: 'unknownField', params: { name: 'nickname' } },
        { field: 'isAdmin', message: 'Unknown field: isAdmin', code: 'unknownField', params: { name: 'isAdmin' } },
      ]),
    );
    expect(body.errors?.map((e) => e.field)).not.toContain('request');
  });
});

describe('caching of personal answers', () => {
  it('tokens, addresses and profiles are sent with Cache-Control: no-store, errors too', async () => {
    const email = uniqueEmail('nostore');
    const before = peer.received.length;
    const reg = await t.app.inject({ method: 'POST', url: '/public/auth/register', payload: registration(email) });
    expect(reg.statusCode).toBe(201);
    expect(reg.headers['cache-control']).toBe('no-store');
    const code = /\b(\d{6})\b/.exec((await peer.waitFor(email, { after: before })).text)?.[1];
    const verify = await t.app.inject({ method: 'POST', url: `/public/auth/verify/${code}`, payload: { email } });
    expect(verify.headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({ method: 'POST', url: '/public/auth/login', payload: { email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const auth = { authorization: `Bearer ${loginResponseSchema.parse(login.json()).token}` };

    const patch = await t.app.inject({ method: 'PATCH', url: '/subscriber/profile', headers: auth, payload: { city: 'Lisbon' } });
    expect(patch.statusCode).toBe(200);
    expect(patch.headers['cache-control']).toBe('no-store');
    for (const url of ['/subscriber/profile', '/subscriber/no-such-route']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['cache-control']).toBe('no-store');
    }
    const wrong = await t.app.inject({ method: 'POST', url: '/public/auth/login', payload: { email, password: 'wrong-password-1' } });
    expect(wrong.headers['cache-control']).toBe('no-store');

    // Routes with a policy of their own keep it.
    const plans = await t.app.inject({ method: 'GET', url: '/public/plan_category' });
    const planId = (plans.json() as { plans: { id: string }[] }[]).flatMap((c) => c.plans)[0]!.id;
    expect((await t.app.inject({ method: 'GET', url: `/subscriber/plan/${planId}`, headers: auth })).headers['cache-control']).toBe('private, max-age=60');
    expect(plans.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('double submits', () => {
  it('forgot-password sent twice at once issues one link and one mail, and answers both the same', async () => {
    const me = await signedUp('forgottwice');
    const before = peer.received.length;
    const forgot = () => t.app.inject({ method: 'POST', url: '/public/auth/forgot_password', payload: { email: me.email } });
    const answers = await Promise.all([forgot(), forgot()]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.body).toBe(answers[0]!.body);
    await peer.waitFor(me.email, { after: before });
    await new Promise((r) => setTimeout(r, 200));
    expect(peer.received.slice(before).filter((m) => m.to.includes(me.email))).toHaveLength(1);
    const [row] = await t.db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.email, me.email));
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.subscriberId, row!.id))).toHaveLength(1);
  });

  it('two identical password changes in flight both answer success; the password changes once, one mail', async () => {
    const me = await signedUp('doubleclick');
    const auth = { authorization: `Bearer ${me.token}` };
    const NEW = 'Copper-Valley-Orchard-91';
    const change = () =>
      t.app.inject({ method: 'POST', url: '/subscriber/change_password', headers: auth, payload: { currentPassword: PASSWORD, password: NEW, confirmPassword: NEW } });
    const before = peer.received.length;
    const answers = await Promise.all([change(), change()]);
    expect(answers.map((r) => `${r.statusCode} ${r.body}`)).toEqual([
      '200 {"message":"Your password has been changed."}',
      '200 {"message":"Your password has been changed."}',
    ]);
    await peer.waitFor(me.email, { after: before });
    await new Promise((r) => setTimeout(r, 200));
    expect(peer.received.slice(before).filter((m) => m.to.includes(me.email))).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: '/public/auth/login', payload: { email: me.email, password: NEW } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/public/auth/login', payload: { email: me.email, password: PASSWORD } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/subscriber/profile', headers: auth })).statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('a mail the server refuses is logged without the address it was for', async () => {
    // A mail server that refuses the recipient quotes the address back, as real ones do.
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const err = Object.assign(new Error(`<${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 });
        callback(err);
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const port = (refusing.server.address() as AddressInfo).port;
    const app = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, logger: { level: 'info', stream } });
    try {
      const email = uniqueEmail('refused');
      const res = await app.app.inject({ method: 'POST', url: '/public/auth/register', payload: registration(email) });
      expect(res.statusCode).toBe(201);
      // Sent by the job worker after the request: wait for its first attempt.
      await vi.waitFor(() => expect(lines.some((l) => l.includes('account mail not sent'))).toBe(true), { timeout: 10_000, interval: 100 });
      const failure = lines.find((l) => l.includes('account mail not sent'));
      expect(JSON.parse(failure!)).toMatchObject({ kind: 'verification-code', reason: expect.stringContaining('Recipient address rejected') });
      expect(lines.join('')).not.toContain(email);
      expect(lines.join('')).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.-]+/);
    } finally {
      await app.close();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});

describe('sign-in timing', () => {
  it('the first login for an unknown address after start costs one argon2 verification, like a wrong password', async () => {
    // A fresh module graph: the throw-away hash for unknown addresses is module state.
    vi.resetModules();
    const argon2 = (await import('argon2')).default;
    const { buildTestApp: freshApp } = await import('../../test/helpers.js');
    const app = await freshApp();
    const hash = vi.spyOn(argon2, 'hash');
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const res = await app.app.inject({ method: 'POST', url: '/public/auth/login', payload: { email: uniqueEmail('ghost'), password: PASSWORD } });
      expect(res.statusCode).toBe(401);
      expect(hash).not.toHaveBeenCalled();
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
      verify.mockRestore();
      await app.close();
    }
  });
});

describe('unique e-mail', () => {
  it('an address held by a row the lookup skips (a deactivated account) answers 409, not the raw unique violation', async () => {
    const email = uniqueEmail('held');
    await t.db.insert(subscribers).values({ email, firstName: 'Old', lastName: 'Row', deletedAt: new Date() });
    const res = await t.app.inject({ method: 'POST', url: '/public/auth/register', payload: registration(email) });
    expect(res.statusCode, res.body).toBe(409);
    expect(apiErrorSchema.parse(res.json()).code).toBe('SUBSCRIBER_ALREADY_EXISTS');
    expect(await t.db.select().from(subscribers).where(eq(subscribers.email, email))).toHaveLength(1);
  });
});

describe('account lockout under parallel guesses', () => {
  const statuses = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode).sort();

  it('sign-in: of 20 guesses sent at once only 10 passwords are checked, and the right one is refused after them', async () => {
    const me = await signedUp('parallel');
    const verify = vi.spyOn(argon2, 'verify');
    let answers;
    try {
      answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.app.inject({ method: 'POST', url: '/public/auth/login', payload: { email: me.email, password: `wrong-guess-${i}` } }),
        ),
      );
      expect(verify).toHaveBeenCalledTimes(10);
    } finally {
      verify.mockRestore();
    }
    expect(statuses(answers)).toEqual([...Array(9).fill(401), ...Array(11).fill(429)]);
    const right = await t.app.inject({ method: 'POST', url: '/public/auth/login', payload: { email: me.email, password: PASSWORD } });
    expect(right.statusCode).toBe(429);
  });

  it('deleting the account: parallel wrong passwords are held to the same 10 checks', async () => {
    const me = await signedUp('paralleldelete');
    const auth = { authorization: `Bearer ${me.token}` };
    const verify = vi.spyOn(argon2, 'verify');
    let answers;
    try {
      answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.app.inject({ method: 'POST', url: '/subscriber/delete_account', headers: auth, payload: { password: `wrong-guess-${i}` } }),
        ),
      );
      expect(verify).toHaveBeenCalledTimes(10);
    } finally {
      verify.mockRestore();
    }
    // Counted per session (docs/decisions/073): ten wrong passwords, then refused unchecked.
    expect(statuses(answers)).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
    const right = await t.app.inject({ method: 'POST', url: '/subscriber/delete_account', headers: auth, payload: { password: PASSWORD } });
    expect(right.statusCode).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: '/subscriber/profile', headers: auth })).statusCode).toBe(200);
  });
});
