import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSchema } from '@app/shared/contracts/profile';
import { oauthFlows, subscriberIdentities, subscribers } from '../../db/schema/accounts.js';
import { buildTestApp } from '../../test/helpers.js';
import { signInAtProvider, startOidcIssuer } from '../../test/oidc-issuer.js';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.js';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/public/auth/social/acme/callback`;

let issuer: Awaited<ReturnType<typeof startOidcIssuer>>;
let t: TestApp;
let peer: SmtpPeer;
const logLines: string[] = [];
const issuedTokens: string[] = [];
const codes: string[] = [];

const accounts = {
  alice: { email: 'alice@acme.example', email_verified: true, given_name: 'Alice', family_name: 'Nakamura', locale: 'fr' },
  bob: { email: 'bob@acme.example', email_verified: true, given_name: 'Bob', family_name: 'Okafor' },
  carol: { email: 'carol@acme.example', email_verified: true, given_name: 'Carol', family_name: 'Silva' },
  dave: { email: 'dave@acme.example', email_verified: false, given_name: 'Dave' },
  // The real owner of an address someone else registered without verifying.
  erin: { email: 'alice2@acme.example', email_verified: true, given_name: 'Erin', family_name: 'Real' },
};

beforeAll(async () => {
  issuer = await startOidcIssuer({ clientId: 'shop-web', clientSecret: 'shop-web-secret-0123456789', redirectUris: [CALLBACK], accounts });
  peer = await startSmtpPeer();
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logLines.push(chunk.toString());
      cb();
    },
  });
  t = await buildTestApp({
    env: {
      SMTP_URL: peer.url,
      PUBLIC_URL,
      OIDC_PROVIDERS: 'acme, google',
      OIDC_ACME_ISSUER: issuer.issuer,
      OIDC_ACME_CLIENT_ID: 'shop-web',
      OIDC_ACME_CLIENT_SECRET: 'shop-web-secret-0123456789',
      OIDC_ACME_NAME: 'Acme ID',
      OIDC_GOOGLE_CLIENT_ID: 'google-client-id',
      OIDC_GOOGLE_CLIENT_SECRET: 'google-client-secret',
      RATE_LIMIT_REGISTER_EMAIL: '100/1h',
    },
    logger: { level: 'info', stream },
  });
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
  await peer?.close();
});

/** Starts at our server, signs in at the provider as `login`, and returns what our callback answered. */
async function socialSignIn(login: string, startQuery = '') {
  const start = await t.app.inject({ method: 'GET', url: `/public/auth/social/acme${startQuery}` });
  expect(start.statusCode).toBe(302);
  const authUrl = new URL(start.headers.location as string);
  expect(authUrl.origin).toBe(issuer.issuer);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const back = await signInAtProvider(authUrl.href, login, CALLBACK);
  codes.push(back.searchParams.get('code') ?? '');
  const res = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } });
  return { res, authUrl, back, cookie };
}

function tokenFrom(location: string): string {
  const url = new URL(location);
  expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/auth/social/acme`);
  const token = url.searchParams.get('t');
  expect(token).toBeTruthy();
  issuedTokens.push(token!);
  return token!;
}

async function profileWith(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/subscriber/profile', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return profileSchema.parse(res.json());
}

describe('providers', () => {
  it('lists only the configured providers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/auth/social/providers' });
    expect(res.json()).toEqual([
      { type: 'acme', name: 'Acme ID' },
      { type: 'google', name: 'Google' },
    ]);
  });

  it('sends an unconfigured provider back to the login page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/auth/social/facebook' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${PUBLIC_URL}/auth/login?error=social`);
  });

  it('refuses incomplete provider settings at start', async () => {
    await expect(buildTestApp({ env: { OIDC_PROVIDERS: 'acme', OIDC_ACME_CLIENT_ID: 'x' } })).rejects.toThrow(/OIDC_ACME_ISSUER/);
  });
});

describe('sign-in round trip against a local OpenID provider', () => {
  it('redirects with state, nonce and PKCE, then creates a verified account and signs it in', async () => {
    const { res, authUrl } = await socialSignIn('alice', '?remember=1');
    const p = authUrl.searchParams;
    expect(p.get('client_id')).toBe('shop-web');
    expect(p.get('redirect_uri')).toBe(CALLBACK);
    expect(p.get('response_type')).toBe('code');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('scope')).toBe('openid email profile');
    for (const k of ['state', 'nonce', 'code_challenge']) expect(p.get(k)?.length).toBeGreaterThan(20);
    // Only hashes of the state are stored.
    expect(JSON.stringify(await t.db.select().from(oauthFlows))).not.toContain(p.get('state'));

    expect(res.statusCode).toBe(302);
    const token = tokenFrom(res.headers.location as string);
    const claims = decodeJwt(token);
    expect(claims.email).toBe('alice@acme.example');
    expect(claims.exp! - Date.now() / 1000).toBeGreaterThan(24 * 86400 - 60);

    const profile = await profileWith(token);
    expect(profile).toMatchObject({
      email: 'alice@acme.example',
      emailVerified: true,
      hasPassword: false,
      firstName: 'Alice',
      lastName: 'Nakamura',
      locale: 'fr',
    });
    const links = await t.db.select().from(subscriberIdentities).where(eq(subscriberIdentities.subscriberId, profile.id));
    expect(links).toEqual([expect.objectContaining({ provider: 'acme', subject: 'alice' })]);
    // The flow is spent.
    expect(await t.db.select().from(oauthFlows)).toHaveLength(0);
  });

  it('signs the same person into the same account next time, with a short session by default', async () => {
    const first = await profileWith(tokenFrom((await socialSignIn('bob')).res.headers.location as string));
    const again = tokenFrom((await socialSignIn('bob')).res.headers.location as string);
    expect((await profileWith(again)).id).toBe(first.id);
    expect(decodeJwt(again).exp! - Date.now() / 1000).toBeLessThanOrEqual(12 * 3600);
    expect(await t.db.select().from(subscribers).where(eq(subscribers.email, 'bob@acme.example'))).toHaveLength(1);
  });

  it('links to an existing verified account with the same e-mail; its password keeps working', async () => {
    const before = peer.received.length;
    const pw = 'Harbour-Lights-Evening-31';
    const reg = await t.app.inject({
      method: 'POST',
      url: '/public/auth/register',
      payload: { firstName: 'Carol', lastName: 'Silva', email: 'carol@acme.example', phone: '+351912345678', password: pw, confirmPassword: pw },
    });
    expect(reg.statusCode).toBe(201);
    const code = /\b(\d{6})\b/.exec((await peer.waitFor('carol@acme.example', { after: before })).text)![1]!;
    expect((await t.app.inject({ method: 'POST', url: `/public/auth/verify/${code}`, payload: { email: 'carol@acme.example' } })).statusCode).toBe(200);
    const [existing] = await t.db.select().from(subscribers).where(eq(subscribers.email, 'carol@acme.example'));

    const token = tokenFrom((await socialSignIn('carol')).res.headers.location as string);
    expect((await profileWith(token)).id).toBe(existing!.id);
    const login = await t.app.inject({ method: 'POST', url: '/public/auth/login', payload: { email: 'carol@acme.example', password: pw } });
    expect(login.statusCode).toBe(200);
  });

  it('takes over an unverified account squatting the address and voids the squatter password', async () => {
    const squatterPw = 'Squatter-Knows-This-1';
    const reg = await t.app.inject({
      method: 'POST',
      url: '/public/auth/register',
      payload: { firstName: 'Mallory', lastName: 'X', email: 'alice2@acme.example', phone: '+15555550100', password: squatterPw, confirmPassword: squatterPw },
    });
    expect(reg.statusCode).toBe(201);
    const token = tokenFrom((await socialSignIn('erin')).res.headers.location as string);
    const profile = await profileWith(token);
    expect(profile).toMatchObject({ email: 'alice2@acme.example', emailVerified: true, hasPassword: false });
    const squat = await t.app.inject({ method: 'POST', url: '/public/auth/login', payload: { email: 'alice2@acme.example', password: squatterPw } });
    expect(squat.statusCode).toBe(401);
  });

  it('refuses an identity whose e-mail the provider has not verified', async () => {
    const { res } = await socialSignIn('dave');
    expect(res.headers.location).toBe(`${PUBLIC_URL}/auth/login?error=social`);
    expect(await t.db.select().from(subscribers).where(eq(subscribers.email, 'dave@acme.example'))).toHaveLength(0);
    expect(logLines.join('')).toContain('no verified e-mail from the provider');
  });
});

describe('callback defences', () => {
  it('refuses a replayed callback, one from another browser, and a forged state', async () => {
    const { res, back, cookie } = await socialSignIn('bob');
    expect(res.statusCode).toBe(302);
    tokenFrom(res.headers.location as string);
    const replay = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } });
    expect(replay.headers.location).toBe(`${PUBLIC_URL}/auth/login?error=social`);
    expect(logLines.join('')).toContain('unknown or expired state');

    const start = await t.app.inject({ method: 'GET', url: '/public/auth/social/acme' });
    const other = await signInAtProvider(String(start.headers.location), 'bob', CALLBACK);
    codes.push(other.searchParams.get('code') ?? '');
    const noCookie = await t.app.inject({ method: 'GET', url: other.pathname + other.search });
    expect(noCookie.headers.location).toBe(`${PUBLIC_URL}/auth/login?error=social`);
    expect(logLines.join('')).toContain('callback from another browser');

    const forged = new URL(other.href);
    forged.searchParams.set('state', 'forged-state-value');
    const bad = await t.app.inject({ method: 'GET', url: forged.pathname + forged.search, headers: { cookie: String(start.headers['set-cookie']).split(';')[0]! } });
    expect(bad.headers.location).toBe(`${PUBLIC_URL}/auth/login?error=social`);
  });

  it('turns a provider error and an unreachable provider into the login error page, not a 500', async () => {
    const denied = await t.app.inject({ method: 'GET', url: '/public/auth/social/acme/callback?error=access_denied&state=abc' });
    expect(denied.statusCode).toBe(302);
    expect(denied.headers.location).toBe(`${PUBLIC_URL}/auth/login?error=social`);

    const offline = await buildTestApp({
      env: { PUBLIC_URL, OIDC_PROVIDERS: 'lost', OIDC_LOST_ISSUER: 'http://127.0.0.1:9/', OIDC_LOST_CLIENT_ID: 'x', OIDC_LOST_CLIENT_SECRET: 'y' },
    });
    try {
      const res = await offline.app.inject({ method: 'GET', url: '/public/auth/social/lost' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`${PUBLIC_URL}/auth/login?error=social`);
    } finally {
      await offline.close();
    }
  });

  it('keeps the OAuth code, state and the issued token out of the logs', () => {
    const log = logLines.join('');
    expect(log).toContain('/public/auth/social/acme/callback?code=[redacted]');
    for (const token of issuedTokens) expect(log).not.toContain(token);
    for (const code of codes.filter(Boolean)) expect(log).not.toContain(code);
  });
});
