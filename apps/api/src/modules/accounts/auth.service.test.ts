import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingTransport, type RecordingTransport } from '../../adapters/mail/recording-transport.js';
import { buildTestContainer, type TestContainer } from '../../test/helpers.js';
import { FIXTURE_PASSWORD, uniqueEmail } from '../../test/fixtures.js';

/**
 * The accounts service on its own: a real database, the real job queue, a recording mail adapter,
 * and no HTTP server at all. What a job worker or an operator command gets from the container.
 */
let tc: TestContainer;
let mail: RecordingTransport;

beforeAll(async () => {
  mail = recordingTransport();
  tc = await buildTestContainer({ mailTransport: mail });
});
afterAll(async () => {
  await tc?.close();
});

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

describe('AuthService without Fastify', () => {
  it('registers, mails the code through the queue, verifies and signs in', async () => {
    const { auth, sessions } = tc.container.services;
    const email = uniqueEmail('service');
    const registered = await auth.register({
      firstName: 'Noor',
      lastName: 'Haddad',
      email,
      phone: '+16465550123',
      password: FIXTURE_PASSWORD,
      locale: 'fr',
    });
    expect(registered.email).toBe(email);

    const sent = await mail.waitFor(email);
    expect(sent.kind).toBe('verification-code');
    expect(sent.subject).toMatch(/^\d{6} est votre code de vérification /);
    expect(sent.messageId).toMatch(/^<[0-9a-f-]{36}@libertywave\.example>$/);

    await auth.verifyEmail(email, codeIn(sent.text));
    const { response: login } = await auth.login({ email, password: FIXTURE_PASSWORD, stayLoggedIn: false });
    const session = await sessions.authenticate(login.token);
    expect(session?.email).toBe(email);
  });

  it('queues the mail in the registration transaction: a failed registration sends nothing', async () => {
    const { auth } = tc.container.services;
    const email = uniqueEmail('twice');
    const input = { firstName: 'A', lastName: 'B', email, phone: '+16465550124', password: FIXTURE_PASSWORD };
    await auth.register(input);
    await mail.waitFor(email);
    // The same address with another password is the spec's 409; no second code goes out.
    await expect(auth.register({ ...input, password: 'Another-Long-Passphrase-9' })).rejects.toMatchObject({ code: 'SUBSCRIBER_ALREADY_EXISTS', statusCode: 409 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(mail.sent.filter((m) => m.to === email)).toHaveLength(1);
  });

  it('retries a mail the transport refused, with backoff, until it goes', async () => {
    const { auth } = tc.container.services;
    const email = uniqueEmail('retry');
    mail.failNext(2, '421 try again later');
    await auth.forgotPassword(email.replace('retry', 'nobody')); // unknown address: nothing queued
    await auth.register({ firstName: 'Re', lastName: 'Try', email, phone: '+16465550125', password: FIXTURE_PASSWORD });
    const sent = await mail.waitFor(email, 20_000);
    expect(sent.kind).toBe('verification-code');
    expect(mail.sent.filter((m) => m.to === email)).toHaveLength(1);
  }, 30_000);
});
