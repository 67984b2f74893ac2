import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@app/shared/contracts/errors';
import { signedInSubscriber, uniqueEmail } from '../../test/fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.js';

/** Findings of the hostile probe (issue 9) that need no server process of their own; each failed before its fix. */

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

describe('names that reach mail', () => {
  it('registration refuses a first name carrying a URL, and sends no mail', async () => {
    const email = uniqueEmail('url-name');
    const res = await t.app.inject({
      method: 'POST',
      url: '/public/auth/register',
      payload: { firstName: 'Claim your prize at https://evil.example', lastName: 'Lopez', email, phone: '+1 646 555 0100', password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors?.map((e) => e.field)).toEqual(['firstName']);
    await new Promise((r) => setTimeout(r, 300));
    expect(peer.received.filter((m) => m.to.includes(email))).toHaveLength(0);
  });

  it('the profile refuses a last name with control characters', async () => {
    const s = await signedInSubscriber(t.container);
    const res = await t.app.inject({ method: 'PATCH', url: '/subscriber/profile', headers: s.auth, payload: { lastName: 'Lopez\r\nBcc: all@example.org' } });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).errors?.map((e) => e.field)).toEqual(['lastName']);
  });
});
