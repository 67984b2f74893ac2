import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@app/shared/contracts/errors';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import { buildContainer, type Container } from '../../container.js';
import { createSubscriber, uniqueEmail } from '../../test/fixtures.js';
import { emailKey } from '../accounts/auth.service.js';
import { buildTestApp, createTestDb, testEnv, type TestApp, type TestDb } from '../../test/helpers.js';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.js';

/**
 * Issue 9, "locking a victim out": strangers' failed sign-ins and reset requests must not stop the
 * owner, while guessing stays impractical; limits live in PostgreSQL, so they hold across instances
 * and restarts; resend and verify answer alike for unknown and unverified addresses.
 */

let t: TestApp;
let peer: SmtpPeer;

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.20';

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await buildTestApp({ env: { SMTP_URL: peer.url } });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

function post(url: string, body: object, opts: { ip?: string; token?: string; cookie?: string; app?: App } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  return (opts.app ?? t.app).inject({ method: 'POST', url, payload: body, remoteAddress: opts.ip ?? OWNER, headers });
}

/** The trusted-device cookie a successful sign-in set, as a Cookie header. */
function deviceCookie(res: LightMyRequestResponse): string {
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('device='));
  expect(set).toMatch(/; Path=\/public\/auth\/login; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
  return set!.split(';')[0]!;
}

const mailsTo = (email: string, subject?: RegExp) => peer.received.filter((m) => m.to.includes(email) && (!subject || subject.test(m.subject)));
const settle = () => new Promise((r) => setTimeout(r, 1200));

describe('strangers cannot lock the owner out', () => {
  it('after ten bad logins and six reset requests by someone else, the owner resets, keeps their session, changes the password and signs in on their device', async () => {
    const owner = await createSubscriber(t.container);
    // The owner signed in earlier on their phone: a session, and the device cookie.
    const earlier = await post('/public/auth/login', { email: owner.email, password: owner.password });
    expect(earlier.statusCode).toBe(200);
    const token = (earlier.json() as { token: string }).token;
    const device = deviceCookie(earlier);

    // The attacker: ten wrong passwords (the tenth locks sign-ins from unknown devices)…
    for (let i = 1; i <= 10; i++) {
      const r = await post('/public/auth/login', { email: owner.email, password: `Guess-Number-${i}-xx` }, { ip: ATTACKER });
      expect(r.statusCode).toBe(i < 10 ? 401 : 429);
    }
    const refused = await post('/public/auth/login', { email: owner.email, password: owner.password }, { ip: ATTACKER });
    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.parse(refused.json()).code).toBe('ACCOUNT_LOCKED');
    // …and six reset requests.
    for (let i = 0; i < 6; i++) expect((await post('/public/auth/forgot_password', { email: owner.email }, { ip: ATTACKER })).statusCode).toBe(200);

    // The owner's forgot-password still answers 2xx.
    const forgot = await post('/public/auth/forgot_password', { email: owner.email });
    expect(forgot.statusCode).toBe(200);
    // Their open session still works, change_password included.
    expect((await t.app.inject({ method: 'GET', url: '/subscriber/profile', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    const newPassword = 'Amber-Lighthouse-Crossing-63';
    const changed = await post('/subscriber/change_password', { currentPassword: owner.password, password: newPassword, confirmPassword: newPassword }, { token });
    expect(changed.statusCode, changed.body).toBe(200);
    // And their device signs in, where a device the account does not know is still refused.
    const mine = await post('/public/auth/login', { email: owner.email, password: newPassword }, { cookie: device });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await post('/public/auth/login', { email: owner.email, password: newPassword }, { ip: ATTACKER })).statusCode).toBe(429);

    // The owner was told once, not per attempt.
    for (let i = 0; i < 3; i++) await post('/public/auth/login', { email: owner.email, password: `More-Guesses-${i}-xx` }, { ip: ATTACKER });
    await settle();
    expect(mailsTo(owner.email, /Failed sign-in attempts/)).toHaveLength(1);
    expect(mailsTo(owner.email, /Failed sign-in attempts/)[0]!.text).toContain('wrong password for your Liberty Wave Mobile account 10 times');
  });

  it("a device cookie is no key: another account's, a forged one, or one past its own failure limit is treated as unknown", async () => {
    const a = await createSubscriber(t.container);
    const b = await createSubscriber(t.container);
    const aDevice = deviceCookie(await post('/public/auth/login', { email: a.email, password: a.password }));
    for (let i = 1; i <= 10; i++) await post('/public/auth/login', { email: b.email, password: `Guess-Number-${i}-xx` }, { ip: ATTACKER });
    // A's device cookie does not open B's locked sign-in, nor does a forged one.
    expect((await post('/public/auth/login', { email: b.email, password: b.password }, { cookie: aDevice })).statusCode).toBe(429);
    const forged = `device=${'A'.repeat(22)}.${'B'.repeat(32)}`;
    expect((await post('/public/auth/login', { email: b.email, password: b.password }, { cookie: forged })).statusCode).toBe(429);

    // A stolen device cookie still guesses at most the threshold before it counts as unknown.
    for (let i = 1; i <= 10; i++) {
      expect((await post('/public/auth/login', { email: a.email, password: `Guess-Number-${i}-xx` }, { cookie: aDevice, ip: ATTACKER })).statusCode).toBe(401);
    }
    // The eleventh is an unknown device's first failure (A's own lock counter starts).
    expect((await post('/public/auth/login', { email: a.email, password: 'Guess-Number-11-xx' }, { cookie: aDevice, ip: ATTACKER })).statusCode).toBe(401);
    const [row] = (await t.pool.query<{ failures: number }>('SELECT failures FROM login_throttle WHERE email_key = $1', [emailKey(a.email)])).rows;
    expect(row?.failures).toBe(1);
  });

  it("a signed-in session's wrong passwords are its own: they never lock sign-in, and are limited per session", async () => {
    const s = await createSubscriber(t.container);
    const res = await post('/public/auth/login', { email: s.email, password: s.password });
    const token = (res.json() as { token: string }).token;
    const wrong = { currentPassword: 'Not-My-Password-99', password: 'Brand-New-Password-88', confirmPassword: 'Brand-New-Password-88' };
    for (let i = 1; i <= 10; i++) expect((await post('/subscriber/change_password', wrong, { token })).statusCode).toBe(401);
    const eleventh = await post('/subscriber/change_password', wrong, { token });
    expect(eleventh.statusCode).toBe(429);
    expect(apiErrorSchema.parse(eleventh.json())).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    // Sign-in was never locked by them, from any device.
    expect((await post('/public/auth/login', { email: s.email, password: s.password }, { ip: ATTACKER })).statusCode).toBe(200);
  });
});

describe('mail caps are silent', () => {
  it('past the cap a reset request answers the same and sends nothing; the links already sent still work', async () => {
    const capped = await buildTestApp({ env: { SMTP_URL: peer.url, RATE_LIMIT_FORGOT_EMAIL: '2/1h' } });
    try {
      const s = await createSubscriber(capped.container);
      const ask = () => post('/public/auth/forgot_password', { email: s.email }, { ip: ATTACKER, app: capped.app });
      // Each request after the first minute would issue a link; age the previous one past it.
      const age = () => capped.pool.query(`UPDATE password_reset_tokens SET created_at = created_at - interval '2 minutes'`);
      const answers: string[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await ask();
        expect(r.statusCode).toBe(200);
        answers.push(r.body);
        await age();
      }
      expect(new Set(answers).size).toBe(1);
      await settle();
      const mails = mailsTo(s.email, /Reset your/);
      expect(mails).toHaveLength(2);
      // The first link still resets the password.
      const link = /token=([\w%-]+)/.exec(mails[0]!.text)![1]!;
      const reset = await post('/public/auth/reset_password', { token: decodeURIComponent(link), password: 'Fresh-Garden-Window-24', confirmPassword: 'Fresh-Garden-Window-24' }, { app: capped.app });
      expect(reset.statusCode, reset.body).toBe(200);
    } finally {
      await capped.close();
    }
  });
});

describe('resend and verify tell nobody whether an address has an account', () => {
  it('resend answers a missing and an unverified address alike, in the same words and about the same time', async () => {
    const unverified = await createSubscriber(t.container, { verified: false });
    // Its registration code was sent long ago.
    await t.pool.query(`UPDATE email_verification_codes SET sent_at = now() - interval '10 minutes'`);
    const missing = uniqueEmail('nobody');
    const resend = async (email: string) => {
      const started = performance.now();
      const r = await post('/public/auth/verify/000000/resend_code', { email }, { ip: ATTACKER });
      return { status: r.statusCode, body: r.body, ms: performance.now() - started };
    };
    const a = await resend(missing);
    const b = await resend(unverified.email);
    expect(a.status).toBe(200);
    expect([b.status, b.body]).toEqual([a.status, a.body]);
    expect(Math.abs(a.ms - b.ms)).toBeLessThan(250);
    // The cooldown holds for both, with the same answer.
    const a2 = await resend(missing);
    const b2 = await resend(unverified.email);
    expect(a2.status).toBe(429);
    expect([b2.status, b2.body]).toEqual([a2.status, a2.body]);
  });

  it('after a resend, wrong codes for a missing and for an unverified address get the same answers, down to the expiry', async () => {
    const unverified = await createSubscriber(t.container, { verified: false });
    const missing = uniqueEmail('ghost');
    for (const email of [missing, unverified.email]) {
      await t.pool.query('DELETE FROM rate_counters WHERE key LIKE $1', ['resend-cooldown:%']);
      await t.pool.query(`UPDATE email_verification_codes SET sent_at = now() - interval '10 minutes'`);
      expect((await post('/public/auth/verify/000000/resend_code', { email }, { ip: ATTACKER })).statusCode).toBe(200);
    }
    const verify = async (email: string) => {
      const r = await post('/public/auth/verify/999999', { email }, { ip: ATTACKER });
      return `${r.statusCode} ${r.body}`;
    };
    for (let i = 0; i < 6; i++) expect(await verify(missing)).toBe(await verify(unverified.email));
    expect(await verify(missing)).toContain('VERIFICATION_CODE_EXPIRED');
    // Without any resend, a missing address reads like a code that ran out, as an old one does.
    await t.pool.query(`UPDATE email_verification_codes SET expires_at = now() - interval '1 minute'`);
    const old = await createSubscriber(t.container, { verified: false });
    await t.pool.query(`INSERT INTO email_verification_codes (subscriber_id, code_hash, expires_at, sent_at) VALUES ($1, 'ab', now() - interval '1 minute', now() - interval '20 minutes') ON CONFLICT (subscriber_id) DO UPDATE SET expires_at = excluded.expires_at`, [old.id]);
    expect(await verify(uniqueEmail('never'))).toBe(await verify(old.email));
  });
});

describe('limits live in PostgreSQL', () => {
  let tdb: TestDb;
  const containers: Container[] = [];
  const apps: App[] = [];

  beforeAll(async () => {
    tdb = await createTestDb();
  });
  afterAll(async () => {
    for (const a of apps) await a.close().catch(() => {});
    for (const c of containers) await c.close().catch(() => {});
    await tdb?.drop();
  });

  async function instance() {
    const config = loadConfig({ ...testEnv, RATE_LIMIT_LOGIN: '3/15m' });
    const c = await buildContainer(config, { db: tdb.db, pool: tdb.pool });
    containers.push(c);
    const app = await buildApp(c, { webDist: false });
    apps.push(app);
    return { app, container: c };
  }

  it('two instances count together, and a restart forgets nothing (per-address request limit and account lock)', async () => {
    const a = await instance();
    const b = await instance();
    const owner = await createSubscriber(a.container);
    const guess = (app: App, ip: string, email = uniqueEmail('spray')) => post('/public/auth/login', { email, password: 'Whatever-It-Is-1' }, { ip, app });
    expect((await guess(a.app, ATTACKER)).statusCode).toBe(401);
    expect((await guess(b.app, ATTACKER)).statusCode).toBe(401);
    expect((await guess(a.app, ATTACKER)).statusCode).toBe(401);
    expect((await guess(b.app, ATTACKER)).statusCode).toBe(429);

    // Ten failures for the owner spread over both instances from many addresses lock it.
    for (let i = 0; i < 10; i++) await guess(i % 2 ? a.app : b.app, `192.0.2.${10 + i}`, owner.email);

    // Restart: instance A goes away, a new one comes up on the same database.
    await a.app.close();
    const c = await instance();
    expect((await guess(c.app, ATTACKER)).statusCode).toBe(429);
    const locked = await post('/public/auth/login', { email: owner.email, password: owner.password }, { ip: '192.0.2.99', app: c.app });
    expect(locked.statusCode).toBe(429);
    expect(apiErrorSchema.parse(locked.json()).code).toBe('ACCOUNT_LOCKED');
  });
});
