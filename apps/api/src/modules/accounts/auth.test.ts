import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema, registerResponseSchema } from '@app/shared/contracts/auth';
import { AuthMessages } from '@app/shared/rules/account';
import { apiErrorSchema } from '@app/shared/contracts/errors';
import { ERRORS, Messages } from '@app/shared/errors';
import { loginThrottle, passwordResetTokens, sessions, subscribers, emailVerificationCodes } from '../../db/schema/accounts.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { buildContainer } from '../../container.js';
import { appSecret } from '../../db/schema/accounts.js';
import { buildTestApp, testEnv } from '../../test/helpers.js';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.js';
import { emailKey } from './auth.service.js';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let t: TestApp;
let peer: SmtpPeer;
/** Every response body this file receives, scanned at the end for secrets. */
const bodies: { url: string; body: string }[] = [];
/** Secrets that must never come back in a response body (passwords, codes, reset tokens). */
const secrets = new Set<string>([testEnv.JWT_SECRET]);
/** Session tokens: each may appear only in the response that issued it. */
const issuedTokens = new Map<string, string>();

// Generous limits for the main app: the limit tests use apps of their own.
const roomyLimits = {
  RATE_LIMIT_LOGIN: '1000/15m',
  RATE_LIMIT_REGISTER: '1000/1h',
  RATE_LIMIT_VERIFY: '1000/15m',
  RATE_LIMIT_RESEND: '1000/1h',
  RATE_LIMIT_FORGOT: '1000/1h',
  RATE_LIMIT_FORGOT_EMAIL: '1000/1h',
};

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await buildTestApp({ env: { SMTP_URL: peer.url, ...roomyLimits } });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

interface CallOptions {
  body?: unknown;
  token?: string;
  ip?: string;
  app?: TestApp;
}

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, opts: CallOptions = {}) {
  const res = await (opts.app ?? t).app.inject({
    method,
    url,
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  bodies.push({ url, body: res.body });
  return res;
}

let seq = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${++seq}@example.com`;
const PASSWORD = 'Blue-Harbour-Lantern-42';

function registration(email: string, extra: Record<string, unknown> = {}) {
  secrets.add(PASSWORD);
  return {
    firstName: 'Maria',
    lastName: 'Lopez',
    email,
    phone: '+1 (646) 555-0100',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...extra,
  };
}

function codeFrom(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in mail: ${text}`);
  secrets.add(code);
  return code;
}

async function register(email: string, extra: Record<string, unknown> = {}) {
  const before = peer.received.length;
  const res = await call('POST', '/public/auth/register', { body: registration(email, extra) });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await peer.waitFor(email, { after: before });
  return { res, mail, code: codeFrom(mail.text) };
}

async function login(email: string, password = PASSWORD, extra: Record<string, unknown> = {}, app?: TestApp) {
  const res = await call('POST', '/public/auth/login', { body: { email, password, ...extra }, ...(app ? { app } : {}) });
  if (res.statusCode === 200) {
    const token = loginResponseSchema.parse(res.json()).token;
    issuedTokens.set(token, res.body);
  }
  return res;
}

/** A verified account and a session token for it. */
async function signedUp(tag: string, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail(tag);
  const { code } = await register(email);
  expect((await call('POST', `/public/auth/verify/${code}`, { body: { email } })).statusCode).toBe(200);
  const res = await login(email, PASSWORD, extra);
  expect(res.statusCode, res.body).toBe(200);
  return { email, token: loginResponseSchema.parse(res.json()).token };
}

const errorOf = (res: { json(): unknown }) => apiErrorSchema.parse(res.json());

describe('registration and e-mail verification', () => {
  it('registers, mails a six-digit code, verifies with it, then signs in', async () => {
    const email = uniqueEmail('maria');
    const { res, mail, code } = await register(email, { email: `  ${email.toUpperCase()} ` });
    expect(registerResponseSchema.parse(res.json())).toEqual({ message: AuthMessages.registered, email, resendAfter: 60 });
    expect(mail.subject).toContain(code);
    expect(mail.html).toContain(code);
    expect(mail.text).toContain('Liberty Wave Mobile');

    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.email, email));
    expect(row).toMatchObject({ firstName: 'Maria', phone: '+16465550100', emailVerifiedAt: null, locale: 'en' });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const [stored] = await t.db.select().from(emailVerificationCodes).where(eq(emailVerificationCodes.subscriberId, row!.id));
    expect(stored?.codeHash).not.toContain(code);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);

    const unverified = await login(email);
    expect(unverified.statusCode).toBe(403);
    expect(errorOf(unverified)).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: AuthMessages.emailNotVerified });

    const verified = await call('POST', `/public/auth/verify/${code}`, { body: { email } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: AuthMessages.verified, email });
    // A double submit answers the same.
    expect((await call('POST', `/public/auth/verify/${code}`, { body: { email } })).statusCode).toBe(200);

    const ok = await login(email);
    expect(ok.statusCode).toBe(200);
    expect(loginResponseSchema.parse(ok.json()).subscriber).toMatchObject({ email, firstName: 'Maria', lastName: 'Lopez' });
  });

  it('reports each invalid field with the form messages', async () => {
    const res = await call('POST', '/public/auth/register', {
      body: { firstName: '', lastName: 'X', email: 'not-an-email', phone: '+1 ٦٤٦', password: 'password1', confirmPassword: 'password2' },
    });
    expect(res.statusCode).toBe(400);
    const body = errorOf(res);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: 'First name is a required field', code: 'required', params: { name: 'First name' } },
        { field: 'email', message: 'Please enter a valid email address', code: 'email' },
        { field: 'phone', message: 'Min 7 digits', code: 'minDigits', params: { min: 7 } },
        { field: 'password', message: 'This password is too common. Please choose a less common one.', code: 'commonPassword' },
        { field: 'confirmPassword', message: 'Passwords do not match', code: 'passwordsMismatch' },
      ]),
    );
  });

  it('refuses a second account for the same address with 409, but a double submit is not an error', async () => {
    const email = uniqueEmail('dup');
    await register(email);
    const mailsBefore = peer.received.length;
    const again = await call('POST', '/public/auth/register', { body: registration(email) });
    expect(again.statusCode).toBe(201);
    const other = await call('POST', '/public/auth/register', {
      body: registration(email.toUpperCase(), { password: 'Another-Secret-Pass', confirmPassword: 'Another-Secret-Pass' }),
    });
    expect(other.statusCode).toBe(409);
    expect(errorOf(other)).toEqual({ code: 'SUBSCRIBER_ALREADY_EXISTS', message: ERRORS.SUBSCRIBER_ALREADY_EXISTS.message });
    const rows = await t.db.select().from(subscribers).where(eq(subscribers.email, email));
    expect(rows).toHaveLength(1);
    expect(peer.received.length).toBe(mailsBefore);
  });

  it('two simultaneous identical registrations create one account', async () => {
    const email = uniqueEmail('race');
    const [a, b] = await Promise.all([
      call('POST', '/public/auth/register', { body: registration(email) }),
      call('POST', '/public/auth/register', { body: registration(email) }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(await t.db.select().from(subscribers).where(eq(subscribers.email, email))).toHaveLength(1);
  });

  it('kills a code after five wrong guesses; a resent code works', async () => {
    const email = uniqueEmail('guess');
    const { code } = await register(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const r = await call('POST', `/public/auth/verify/${wrong}`, { body: { email } });
      expect(r.statusCode).toBe(400);
      expect(errorOf(r).code).toBe('INVALID_VERIFICATION_CODE');
    }
    const fifth = await call('POST', `/public/auth/verify/${wrong}`, { body: { email } });
    expect(errorOf(fifth)).toMatchObject({ code: 'VERIFICATION_CODE_EXPIRED', message: AuthMessages.codeExpired });
    const right = await call('POST', `/public/auth/verify/${code}`, { body: { email } });
    expect(errorOf(right).code).toBe('VERIFICATION_CODE_EXPIRED');

    // The cooldown counts from the first mail; pretend it passed.
    const [s] = await t.db.select().from(subscribers).where(eq(subscribers.email, email));
    await t.db.update(emailVerificationCodes).set({ sentAt: new Date(Date.now() - 61_000) }).where(eq(emailVerificationCodes.subscriberId, s!.id));
    const before = peer.received.length;
    const resent = await call('POST', '/public/auth/verify/000000/resend_code', { body: { email } });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: AuthMessages.codeSent, resendAfter: 60 });
    const fresh = codeFrom((await peer.waitFor(email, { after: before })).text);
    expect((await call('POST', `/public/auth/verify/${fresh}`, { body: { email } })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail('late');
    const { code } = await register(email);
    const [s] = await t.db.select().from(subscribers).where(eq(subscribers.email, email));
    await t.db.update(emailVerificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailVerificationCodes.subscriberId, s!.id));
    const r = await call('POST', `/public/auth/verify/${code}`, { body: { email } });
    expect(errorOf(r).code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('validates the code in the path and the e-mail in the body', async () => {
    const r = await call('POST', '/public/auth/verify/12ab56', { body: { email: 'x' } });
    expect(r.statusCode).toBe(400);
    expect(errorOf(r).errors).toEqual(expect.arrayContaining([{ field: 'code', message: 'Must be 6 digits only', code: 'digitsOnly', params: { num: 6 } }]));
  });

  it('enforces the resend cooldown with 429, Retry-After and retryAfter', async () => {
    const email = uniqueEmail('impatient');
    await register(email);
    const r = await call('POST', '/public/auth/verify/x/resend_code', { body: { email } });
    expect(r.statusCode).toBe(429);
    const body = errorOf(r);
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.retryAfter).toBeGreaterThan(50);
    expect(body.retryAfter).toBeLessThanOrEqual(60);
    expect(Number(r.headers['retry-after'])).toBe(body.retryAfter);
    expect(body.message).toMatch(/^Please wait (\d+ seconds|1 minute) before requesting a new code\.$/);
  });

  it('answers resend for an unknown address like for a real one, and sends nothing', async () => {
    const before = peer.received.length;
    const r = await call('POST', '/public/auth/verify/000000/resend_code', { body: { email: uniqueEmail('ghost') } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ message: AuthMessages.codeSent, resendAfter: 60 });
    await new Promise((res) => setTimeout(res, 200));
    expect(peer.received.length).toBe(before);
  });
});

describe('sign-in and sessions', () => {
  it('gives the same 401 for a wrong password and an unknown address', async () => {
    const { email } = await signedUp('wrongpw');
    const wrong = await login(email, 'Not-The-Password-1');
    const unknown = await login(uniqueEmail('nobody'), 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(wrong)).toEqual({ code: 'INCORRECT_CREDENTIALS', message: AuthMessages.incorrectCredentials });
    expect(unknown.body).toBe(wrong.body);
  });

  it('issues a short session by default and a 24-day one with stay signed in', async () => {
    const { email } = await signedUp('stay');
    const short = loginResponseSchema.parse((await login(email)).json());
    const long = loginResponseSchema.parse((await login(email, PASSWORD, { stayLoggedIn: true })).json());
    const alias = loginResponseSchema.parse((await login(email, PASSWORD, { rememberMe: true })).json());
    const now = Date.now() / 1000;
    const claims = decodeJwt(short.token);
    expect(claims).toMatchObject({ email, sub: short.subscriber.id });
    expect(typeof claims.sid).toBe('string');
    expect(claims.exp! - now).toBeGreaterThan(12 * 3600 - 60);
    expect(claims.exp! - now).toBeLessThanOrEqual(12 * 3600);
    expect(short.stayLoggedIn).toBe(false);
    expect(new Date(short.expiresAt).getTime() / 1000).toBe(claims.exp);
    for (const s of [long, alias]) {
      const exp = decodeJwt(s.token).exp!;
      expect(exp - now).toBeGreaterThan(24 * 86400 - 60);
      expect(exp - now).toBeLessThanOrEqual(24 * 86400);
      expect(s.stayLoggedIn).toBe(true);
    }
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, claims.sid as string));
    expect(row).toMatchObject({ stayLoggedIn: false, method: 'password', revokedAt: null });
  });

  it('reports the session state at /public/auth', async () => {
    const { email, token } = await signedUp('status');
    expect((await call('GET', '/public/auth')).json()).toEqual({ isAuth: false });
    expect((await call('GET', '/public/auth', { token: 'garbage' })).json()).toEqual({ isAuth: false });
    const live = (await call('GET', '/public/auth', { token })).json();
    expect(live).toMatchObject({ isAuth: true, subscriber: { email, firstName: 'Maria' } });
    expect(live.expiresAt).toBe(new Date(decodeJwt(token).exp! * 1000).toISOString());
    await call('POST', '/subscriber/logout', { token });
    expect((await call('GET', '/public/auth', { token })).json()).toEqual({ isAuth: false });
  });

  it('guards /subscriber routes: missing, malformed, forged, expired and revoked tokens get 401 UNAUTHORIZED', async () => {
    const { email, token } = await signedUp('guard');
    const expectExpired = async (tok: string | undefined) => {
      const r = await call('GET', '/subscriber/profile', tok ? { token: tok } : {});
      expect(r.statusCode).toBe(401);
      expect(errorOf(r)).toEqual({ code: 'UNAUTHORIZED', message: Messages.sessionExpired });
    };
    await expectExpired(undefined);
    await expectExpired('not.a.jwt');
    const claims = decodeJwt(token);
    const forge = (key: string, exp: number) =>
      new SignJWT({ email, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub!)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(key));
    await expectExpired(await forge('another-secret-another-secret-another-secret', claims.exp!));
    await expectExpired(await forge(testEnv.JWT_SECRET, Math.floor(Date.now() / 1000) - 5));
    // An unsigned token ("alg": "none") is not accepted either.
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`;
    await expectExpired(none);
    // A session whose row expired even though the JWT has not.
    expect((await call('GET', '/subscriber/profile', { token })).statusCode).toBe(200);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, claims.sid as string));
    await expectExpired(token);
    // Unknown routes under /subscriber are not revealed to anonymous callers.
    expect((await call('GET', '/subscriber/no-such-thing')).statusCode).toBe(401);
    // A percent-encoded path that the router decodes to a /subscriber route is guarded too.
    const encoded = await call('PATCH', '/%73ubscriber/profile', { body: { firstName: 'Anon' } });
    expect(encoded.statusCode).toBe(401);
    expect(errorOf(encoded).code).toBe('UNAUTHORIZED');
  });

  it('logout revokes the session; a second logout is still fine', async () => {
    const { token } = await signedUp('logout');
    expect((await call('GET', '/subscriber/profile', { token })).statusCode).toBe(200);
    const out = await call('POST', '/subscriber/logout', { token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: AuthMessages.loggedOut });
    expect((await call('GET', '/subscriber/profile', { token })).statusCode).toBe(401);
    expect((await call('POST', '/subscriber/logout', { token })).statusCode).toBe(200);
    expect((await call('POST', '/subscriber/logout', { token: 'nope' })).statusCode).toBe(401);
  });

  it('locks an account after 10 failed passwords; the right one fails too until the lock ends', async () => {
    const { email } = await signedUp('brute');
    for (let i = 1; i <= 9; i++) expect((await login(email, `wrong-guess-${i}`)).statusCode).toBe(401);
    const tenth = await login(email, 'wrong-guess-10');
    expect(tenth.statusCode).toBe(429);
    const locked = await login(email);
    expect(locked.statusCode).toBe(429);
    const body = errorOf(locked);
    expect(body.code).toBe('ACCOUNT_LOCKED');
    expect(body.message).toMatch(/locked for 15 minutes/);
    expect(body.retryAfter).toBeGreaterThan(14 * 60);
    expect(locked.headers['retry-after']).toBe(String(body.retryAfter));

    // The lock ends by itself: move it into the past.
    await t.db.update(loginThrottle).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(loginThrottle.emailKey, emailKey(email)));
    expect((await login(email)).statusCode).toBe(200);
    // Success clears the count.
    expect(await t.db.select().from(loginThrottle).where(eq(loginThrottle.emailKey, emailKey(email)))).toHaveLength(0);
  });

  it('locks unknown addresses the same way, so the lock reveals nothing', async () => {
    const email = uniqueEmail('phantom');
    for (let i = 1; i <= 9; i++) expect((await login(email, `guess-${i}`)).statusCode).toBe(401);
    expect((await login(email, 'guess-10')).statusCode).toBe(429);
  });
});

describe('plan reads for signed-in subscribers', () => {
  it('serves /subscriber/plan/:id and /subscriber/plan_pricing behind auth, same data as /public', async () => {
    const { token } = await signedUp('shopper');
    const publicPrices = await call('GET', '/public/plan_pricing?isActive=true');
    expect(publicPrices.statusCode).toBe(200);
    const prices = publicPrices.json() as { planId: string }[];
    expect(prices.length).toBeGreaterThan(0);
    const planId = prices[0]!.planId;

    expect((await call('GET', '/subscriber/plan_pricing?isActive=true')).statusCode).toBe(401);
    expect((await call('GET', `/subscriber/plan/${planId}`)).statusCode).toBe(401);

    const mine = await call('GET', '/subscriber/plan_pricing?isActive=true', { token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(prices);
    expect(mine.headers['cache-control']).toBe('private, max-age=60');
    const plan = await call('GET', `/subscriber/plan/${planId}`, { token });
    expect(plan.statusCode).toBe(200);
    expect(plan.json()).toEqual((await call('GET', `/public/plan/${planId}`)).json());
    const byPlan = await call('GET', `/subscriber/plan_pricing?planId=${planId}&isActive=true`, { token });
    expect((byPlan.json() as { planId: string }[]).every((p) => p.planId === planId)).toBe(true);
  });
});

describe('signing key', () => {
  it('without JWT_SECRET, generates one key in the database that every instance on it uses', async () => {
    const first = await buildTestApp({ env: { JWT_SECRET: '', SMTP_URL: peer.url } });
    try {
      const config = loadConfig({ ...testEnv, JWT_SECRET: '' });
      expect(config.JWT_SECRET).toBeUndefined();
      // A second instance on the same database.
      const secondContainer = await buildContainer(config, { db: first.db, pool: first.pool });
      const second = await buildApp(secondContainer, { webDist: false });
      try {
        const rows = await first.db.select().from(appSecret);
        expect(rows).toHaveLength(1);
        expect(rows[0]!.value.length).toBeGreaterThanOrEqual(64);
        secrets.add(rows[0]!.value);

        const email = uniqueEmail('twoinstances');
        const before = peer.received.length;
        await call('POST', '/public/auth/register', { app: first, body: registration(email) });
        const code = codeFrom((await peer.waitFor(email, { after: before })).text);
        await call('POST', `/public/auth/verify/${code}`, { app: first, body: { email } });
        const token = loginResponseSchema.parse((await login(email, PASSWORD, {}, first)).json()).token;
        const onSecond = await second.inject({ method: 'GET', url: '/subscriber/profile', headers: { authorization: `Bearer ${token}` } });
        expect(onSecond.statusCode).toBe(200);
        // The test suite's configured secret is not the generated one.
        const elsewhere = await call('GET', '/subscriber/profile', { token });
        expect(elsewhere.statusCode).toBe(401);
      } finally {
        await second.close();
        await secondContainer.close();
      }
    } finally {
      await first.close();
    }
  });
});

describe('forgotten password', () => {
  it('answers an unknown address exactly like a known one, in similar time', async () => {
    const { email } = await signedUp('forgot');
    const t0 = Date.now();
    const known = await call('POST', '/public/auth/forgot_password', { body: { email } });
    const t1 = Date.now();
    const unknown = await call('POST', '/public/auth/forgot_password', { body: { email: uniqueEmail('stranger') } });
    const t2 = Date.now();
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: AuthMessages.resetLinkSent });
    expect(t1 - t0).toBeGreaterThanOrEqual(290);
    expect(t2 - t1).toBeGreaterThanOrEqual(290);
    expect(Math.abs(t2 - t1 - (t1 - t0))).toBeLessThan(200);
  });

  it('resets by a single-use link, ends every session, and unlocks the account', async () => {
    const { email, token: oldToken } = await signedUp('reset');
    // Lock the account first (for clients it does not know): the reset must lift it.
    const lockedFrom = peer.received.length;
    for (let i = 1; i <= 10; i++) await login(email, `nope-${i}`);
    expect((await login(email)).statusCode).toBe(429);
    // The owner hears of it once.
    expect((await peer.waitFor(email, { after: lockedFrom })).subject).toBe('Failed sign-in attempts on your Liberty Wave Mobile account');

    const before = peer.received.length;
    await call('POST', '/public/auth/forgot_password', { body: { email } });
    const mail = await peer.waitFor(email, { after: before });
    expect(mail.subject).toBe('Reset your Liberty Wave Mobile password');
    const link = /(http:\/\/localhost:3000\/auth\/reset-password\?token=[\w%-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    expect(mail.html).toContain(link!);
    const resetToken = decodeURIComponent(new URL(link!).searchParams.get('token')!);
    secrets.add(resetToken);
    const [stored] = await t.db.select().from(passwordResetTokens).orderBy(passwordResetTokens.createdAt);
    expect(JSON.stringify(stored)).not.toContain(resetToken);

    const newPassword = 'Quiet-Meadow-Compass-77';
    secrets.add(newPassword);
    const changedMailFrom = peer.received.length;
    const ok = await call('POST', '/public/auth/reset_password', {
      body: { token: resetToken, password: newPassword, confirmPassword: newPassword },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: AuthMessages.passwordReset });
    expect((await peer.waitFor(email, { after: changedMailFrom })).subject).toBe('Your Liberty Wave Mobile password was changed');

    expect((await call('GET', '/subscriber/profile', { token: oldToken })).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(email, newPassword)).statusCode).toBe(200);

    // The same link again: harmless double submit with the same password, refused with another.
    const replay = await call('POST', '/public/auth/reset_password', { body: { token: resetToken, password: newPassword, confirmPassword: newPassword } });
    expect(replay.statusCode).toBe(200);
    const reuse = await call('POST', '/public/auth/reset_password', {
      body: { token: resetToken, password: 'Another-Fresh-Phrase-9', confirmPassword: 'Another-Fresh-Phrase-9' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(errorOf(reuse)).toEqual({ code: 'INVALID_RESET_TOKEN', message: AuthMessages.invalidResetToken });
    expect((await login(email, newPassword)).statusCode).toBe(200);
  });

  it('refuses an expired link and a made-up one', async () => {
    const { email } = await signedUp('expiredlink');
    const before = peer.received.length;
    await call('POST', '/public/auth/forgot_password', { body: { email } });
    const mail = await peer.waitFor(email, { after: before });
    const resetToken = decodeURIComponent(/token=([\w%-]+)/.exec(mail.text)![1]!);
    secrets.add(resetToken);
    const [s] = await t.db.select().from(subscribers).where(eq(subscribers.email, email));
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.subscriberId, s!.id));
    const body = { token: resetToken, password: 'Quiet-Meadow-Compass-77', confirmPassword: 'Quiet-Meadow-Compass-77' };
    expect(errorOf(await call('POST', '/public/auth/reset_password', { body })).code).toBe('INVALID_RESET_TOKEN');
    expect(errorOf(await call('POST', '/public/auth/reset_password', { body: { ...body, token: 'made-up' } })).code).toBe('INVALID_RESET_TOKEN');
    expect((await login(email)).statusCode).toBe(200);
  });

  it('verifies the address of an unverified account (the link proves the mailbox)', async () => {
    const email = uniqueEmail('unverified-reset');
    await register(email);
    const before = peer.received.length;
    await call('POST', '/public/auth/forgot_password', { body: { email } });
    const resetToken = decodeURIComponent(/token=([\w%-]+)/.exec((await peer.waitFor(email, { after: before })).text)![1]!);
    secrets.add(resetToken);
    const pw = 'Quiet-Meadow-Compass-77';
    expect((await call('POST', '/public/auth/reset_password', { body: { token: resetToken, password: pw, confirmPassword: pw } })).statusCode).toBe(200);
    expect((await login(email, pw)).statusCode).toBe(200);
  });
});

describe('changing the password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const { email, token } = await signedUp('change');
    const other = loginResponseSchema.parse((await login(email)).json()).token;

    const wrong = await call('POST', '/subscriber/change_password', {
      token,
      body: { currentPassword: 'not-it-at-all', password: 'Fresh-Orchard-Signal-5', confirmPassword: 'Fresh-Orchard-Signal-5' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong)).toEqual({
      code: 'INCORRECT_CREDENTIALS',
      message: AuthMessages.incorrectPassword,
      errors: [{ field: 'currentPassword', message: AuthMessages.incorrectPassword, code: 'INCORRECT_CREDENTIALS' }],
    });

    const same = await call('POST', '/subscriber/change_password', { token, body: { currentPassword: PASSWORD, password: PASSWORD, confirmPassword: PASSWORD } });
    expect(same.statusCode).toBe(400);
    expect(errorOf(same).errors).toEqual([{ field: 'password', message: AuthMessages.samePassword, code: 'SAME_PASSWORD' }]);

    const mismatch = await call('POST', '/subscriber/change_password', {
      token,
      body: { currentPassword: PASSWORD, password: 'Fresh-Orchard-Signal-5', confirmPassword: 'Fresh-Orchard-Signal-6' },
    });
    expect(errorOf(mismatch).errors).toEqual([{ field: 'confirmPassword', message: 'Passwords do not match', code: 'passwordsMismatch' }]);

    const next = 'Fresh-Orchard-Signal-5';
    secrets.add(next);
    const before = peer.received.length;
    const body = { currentPassword: PASSWORD, password: next, confirmPassword: next };
    const ok = await call('POST', '/subscriber/change_password', { token, body });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: AuthMessages.passwordChanged });
    expect((await peer.waitFor(email, { after: before })).subject).toBe('Your Liberty Wave Mobile password was changed');
    // A double click sends the same body again: same answer, no second change.
    expect((await call('POST', '/subscriber/change_password', { token, body })).statusCode).toBe(200);

    expect((await call('GET', '/subscriber/profile', { token })).statusCode).toBe(200);
    expect((await call('GET', '/subscriber/profile', { token: other })).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(email, next)).statusCode).toBe(200);
  });
});

describe('deleting the account', () => {
  it('needs the password, anonymises the person, revokes sessions and says goodbye by mail', async () => {
    const { email, token } = await signedUp('leaver');
    const wrong = await call('POST', '/subscriber/delete_account', { token, body: { password: 'guessing-wrong' } });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).code).toBe('INCORRECT_CREDENTIALS');
    expect((await call('POST', '/subscriber/delete_account', { token, body: {} })).statusCode).toBe(400);

    const [before] = await t.db.select().from(subscribers).where(eq(subscribers.email, email));
    const mailsBefore = peer.received.length;
    const ok = await call('DELETE', '/subscriber/profile', { token, body: { password: PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: AuthMessages.accountDeleted });
    const goodbye = await peer.waitFor(email, { after: mailsBefore });
    expect(goodbye.subject).toBe('Your Liberty Wave Mobile account has been deleted');

    const [after] = await t.db.select().from(subscribers).where(eq(subscribers.id, before!.id));
    expect(after).toMatchObject({ firstName: '', lastName: '', phone: null, passwordHash: null, birthDate: null, shippingAddress1: null });
    expect(after?.email).toMatch(/^deleted-[0-9a-f-]{36}@invalid$/);
    expect(after?.deletedAt).toBeInstanceOf(Date);

    expect((await call('GET', '/subscriber/profile', { token })).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(401);
    // The address is free again.
    await register(email);
  });
});

describe('request limits', () => {
  it('limits registrations per IP; forgot-password per address never refuses', async () => {
    const limited = await buildTestApp({ env: { SMTP_URL: peer.url, RATE_LIMIT_REGISTER: '2/1h', RATE_LIMIT_FORGOT_EMAIL: '2/1h' } });
    try {
      const reg = (ip: string) => call('POST', '/public/auth/register', { app: limited, ip, body: registration(uniqueEmail('flood')) });
      expect((await reg('203.0.113.5')).statusCode).toBe(201);
      expect((await reg('203.0.113.5')).statusCode).toBe(201);
      const third = await reg('203.0.113.5');
      expect(third.statusCode).toBe(429);
      expect(errorOf(third)).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 60 minutes.' });
      expect(errorOf(third).retryAfter).toBeGreaterThan(3500);
      expect((await reg('203.0.113.6')).statusCode).toBe(201);

      const email = uniqueEmail('forgetful');
      const forgot = (ip: string) => call('POST', '/public/auth/forgot_password', { app: limited, ip, body: { email } });
      // Past the per-address cap the answer stays the same (the cap only stops the mail, see
      // hardening/lockout.test.ts): a stranger's requests never make the owner's answer a 429.
      for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await forgot(ip)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits sign-in attempts per IP across addresses', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_LOGIN: '3/15m' } });
    try {
      const attempt = () => login(uniqueEmail('spray'), 'whatever-it-is', { }, limited);
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('secrets', () => {
  it('never logs passwords, codes, reset tokens or session tokens', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const logged = await buildTestApp({ env: { SMTP_URL: peer.url }, logger: { level: 'trace', stream } });
    try {
      const email = uniqueEmail('logged');
      const before = peer.received.length;
      await call('POST', '/public/auth/register', { app: logged, body: registration(email) });
      const code = codeFrom((await peer.waitFor(email, { after: before })).text);
      await call('POST', `/public/auth/verify/${code}`, { app: logged, body: { email } });
      const res = await login(email, PASSWORD, {}, logged);
      const token = loginResponseSchema.parse(res.json()).token;
      await call('GET', `/subscriber/profile`, { app: logged, token });
      const mailsBefore = peer.received.length;
      await call('POST', '/public/auth/forgot_password', { app: logged, body: { email } });
      const resetToken = decodeURIComponent(/token=([\w%-]+)/.exec((await peer.waitFor(email, { after: mailsBefore })).text)![1]!);
      await call('GET', `/auth/reset-password?token=${resetToken}&x=1`, { app: logged });
      await call('GET', `/public/auth/social/acme/callback?code=${code}abc&state=${resetToken}&t=${token}`, { app: logged });
      const pw = 'Quiet-Meadow-Compass-77';
      await call('POST', '/public/auth/reset_password', { app: logged, body: { token: resetToken, password: pw, confirmPassword: pw } });

      // A database failure mid-registration: the failed query's parameters include the new hash.
      await logged.pool.query(`alter table subscribers add constraint test_no_explode check (first_name <> 'Explode')`);
      const boom = await call('POST', '/public/auth/register', { app: logged, body: registration(uniqueEmail('boom'), { firstName: 'Explode' }) });
      expect(boom.statusCode).toBe(500);
      expect(errorOf(boom)).toEqual({ code: 'INTERNAL_ERROR', message: Messages.somethingWentWrong });

      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(10);
      expect(log).toContain('test_no_explode');
      expect(log).toContain('params: [redacted]');
      expect(log).toContain('/public/auth/verify/[redacted]');
      expect(log).toContain('token=[redacted]&x=1');
      for (const secret of [PASSWORD, pw, code, token, resetToken, token.split('.')[2]!, testEnv.JWT_SECRET]) {
        expect(log, `log contains ${secret}`).not.toContain(secret);
      }
      expect(log).not.toContain('$argon2');
    } finally {
      await logged.close();
    }
  });

  it('returned no password, hash, code, reset token or foreign session token in any response body', () => {
    expect(bodies.length).toBeGreaterThan(50);
    for (const { url, body } of bodies) {
      expect(body, url).not.toContain('$argon2');
      expect(body, url).not.toMatch(/password_?hash|codeHash|tokenHash/i);
      for (const s of secrets) expect(body, `${url} leaks a secret`).not.toContain(s);
      for (const [token, issuedIn] of issuedTokens) if (body !== issuedIn) expect(body, `${url} leaks a token`).not.toContain(token);
    }
  });
});
