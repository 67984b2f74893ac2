import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboxTransport } from '../../adapters/mail/outbox-transport.js';
import { subscribers } from '../../db/schema/accounts.js';
import { signedInSubscriber } from '../../test/fixtures.js';
import { buildTestApp } from '../../test/helpers.js';
import { SUPPORTED_LOCALES } from '@app/shared/rules/locales';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.js';
import { MailTemplates, mailCataloguesDir, renderMail, type Catalogue, type MailContent } from './mail-templates.js';

/** The mails written so far: the outbox renames each file into place, so a dot file is still being written. */
function finished(outbox: string): string[] {
  return readdirSync(outbox).filter((name) => !name.startsWith('.'));
}

const company = { name: 'Liberty Wave Mobile', address: '350 Fifth Avenue, New York, NY 10118, USA', phone: '+1 (646) 555-0142', email: 'hello@libertywave.example' };
const at = new Date('2025-03-14T15:09:00Z');

const contents: MailContent[] = [
  { kind: 'verification-code', firstName: 'Zoé', code: '482913', minutes: 15 },
  { kind: 'password-reset', firstName: 'Zoé', link: 'https://shop.example/auth/reset-password?token=abc_DEF-123', minutes: 60 },
  { kind: 'password-changed', firstName: 'Zoé', at },
  { kind: 'account-deleted', firstName: 'Zoé' },
  { kind: 'payment-failed', firstName: 'Zoé', orderNumber: 'LW-7F3K9Q', total: 2599, currency: 'USD', reason: 'expired', link: 'https://shop.example/dashboard/order-view/1' },
];

describe('templates', () => {
  const subjects: Record<string, string[]> = {
    en: [
      '482913 is your Liberty Wave Mobile verification code',
      'Reset your Liberty Wave Mobile password',
      'Your Liberty Wave Mobile password was changed',
      'Your Liberty Wave Mobile account has been deleted',
      'Your payment for Liberty Wave Mobile order LW-7F3K9Q did not go through',
    ],
    es: [
      '482913 es tu código de verificación de Liberty Wave Mobile',
      'Restablece tu contraseña de Liberty Wave Mobile',
      'Se ha cambiado tu contraseña de Liberty Wave Mobile',
      'Tu cuenta de Liberty Wave Mobile ha sido eliminada',
      'Tu pago del pedido LW-7F3K9Q de Liberty Wave Mobile no se completó',
    ],
    fr: [
      '482913 est votre code de vérification Liberty Wave Mobile',
      'Réinitialisez votre mot de passe Liberty Wave Mobile',
      'Votre mot de passe Liberty Wave Mobile a été modifié',
      'Votre compte Liberty Wave Mobile a été supprimé',
      'Votre paiement de la commande Liberty Wave Mobile LW-7F3K9Q n’a pas abouti',
    ],
  };

  for (const [locale, expected] of Object.entries(subjects)) {
    it(`writes every mail in ${locale}, as text and HTML, with the company details`, () => {
      contents.forEach((c, i) => {
        const m = renderMail(c, locale, company);
        expect(m.subject).toBe(expected[i]);
        for (const part of [m.text, m.html]) {
          expect(part).toContain('Zoé');
          expect(part).toContain(company.address);
          expect(part).toContain(company.phone);
          expect(part).toContain(company.email);
        }
        expect(m.html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${locale}" dir="ltr">`));
      });
    });
  }

  it('puts the code and the link where a person finds them, and says how long they last', () => {
    const code = renderMail(contents[0]!, 'en', company);
    expect(code.text).toContain('\n    482913\n');
    expect(code.text).toContain('expires in 15 minutes');
    const reset = renderMail(contents[1]!, 'es', company);
    expect(reset.text).toContain('https://shop.example/auth/reset-password?token=abc_DEF-123');
    expect(reset.html).toContain('href="https://shop.example/auth/reset-password?token=abc_DEF-123"');
    expect(reset.text).toContain('caduca en 60 minutos');
    const changed = renderMail(contents[2]!, 'fr', company);
    expect(changed.text).toContain('14 mars 2025');
    expect(changed.text).toContain('Mot de passe oublié');
  });

  it('falls back to English and uses the language of a regional tag', () => {
    expect(renderMail(contents[3]!, 'cy', company).subject).toBe('Your Liberty Wave Mobile account has been deleted');
    expect(renderMail(contents[3]!, null, company).subject).toBe('Your Liberty Wave Mobile account has been deleted');
    expect(renderMail(contents[3]!, 'fr-CA', company).subject).toBe('Votre compte Liberty Wave Mobile a été supprimé');
    expect(renderMail(contents[3]!, 'es-MX', company).subject).toBe('Tu cuenta de Liberty Wave Mobile ha sido eliminada');
  });

  it('writes money, dates and counts the way the mail’s language does (Intl)', () => {
    const money = { kind: 'low-balance', firstName: 'Zoé', balance: 123456, threshold: 150000, currency: 'USD', link: 'https://shop.example/dashboard' } as const;
    expect(renderMail(money, 'en', company).text).toContain('$1,234.56');
    expect(renderMail(money, 'fr', company).text).toContain('1\u202f234,56\u00a0$US');
    expect(renderMail(money, 'es', company).text).toContain('1234,56\u00a0US$');
    // The time zone is named by Intl in the language, not appended in English.
    expect(renderMail(contents[2]!, 'en', company).text).toContain('March 14, 2025 at 3:09 PM UTC');
    expect(renderMail(contents[2]!, 'fr', company).text).toContain('14 mars 2025 à 15:09 UTC');
    // A number used as a plain {argument} is grouped and written with the language's digits too.
    const attempts = { kind: 'sign-in-attempts', firstName: 'Zoé', attempts: 1500, minutes: 15 } as const;
    expect(renderMail(attempts, 'en', company).text).toContain('1,500 times');
    expect(renderMail(attempts, 'fr', company).text).toContain('1\u202f500');
    const arabic = new MailTemplates(new Map<string, Catalogue>([['en', english], ['ar', english]]), company).render(attempts, 'ar');
    expect(arabic.text).toContain(new Intl.NumberFormat('ar').format(1500));
  });

  it('says why a paid SIM change failed in the subscriber’s language, with the refund as money', () => {
    const failed = { kind: 'sim-action-failed', firstName: 'Zoé', number: '+16465550181', link: 'https://shop.example/dashboard/sim' } as const;
    expect(renderMail({ ...failed, outcome: 'refunded', amount: 1299, currency: 'USD' }, 'es', company).text).toContain('Los 12,99\u00a0US$ que pagaste están en el saldo de tu cuenta.');
    expect(renderMail({ ...failed, outcome: 'free' }, 'fr', company).text).toContain('rien ne vous a donc été facturé');
    expect(renderMail({ ...failed, outcome: 'kept' }, 'en', company).text).toContain('Your plan stays paid');
    // A mail queued by the previous version still carries its English note.
    expect(renderMail({ ...failed, note: 'The 12.99 you paid is on your account balance.' }, 'en', company).text).toContain('The 12.99 you paid');
  });

  it('tells the owner in every language that their number moved to another carrier', () => {
    const moved = { kind: 'number-ported-out', firstName: 'Zoé', number: '+16465550181', link: 'https://shop.example/dashboard/sim' } as const;
    const en = renderMail(moved, 'en', company);
    expect(en.subject).toBe('Your number has moved to another carrier');
    expect(en.text).toContain('If you did not ask for this move, contact us right away');
    for (const { code } of SUPPORTED_LOCALES) {
      const m = renderMail(moved, code, company);
      expect(m.locale).toBe(code);
      // Every language has its own words (no English fallback), the number and the link, and no raw placeholder.
      if (code !== 'en') expect(m.subject).not.toBe(en.subject);
      expect(m.text).toContain('6465550181'.slice(-4));
      expect(m.text).toContain('https://shop.example/dashboard/sim');
      expect(m.text).not.toMatch(/[{}]/);
    }
  });

  it('tells the buyer in every language that a paid order waits for SIM stock, and that a refund is there', () => {
    const late = { kind: 'order-delayed', firstName: 'Zoé', orderNumber: 'LW-7F3K9Q', link: 'https://shop.example/dashboard/order-view/1' } as const;
    const en = renderMail(late, 'en', company);
    expect(en.subject).toBe('Your order LW-7F3K9Q is taking longer than usual');
    expect(en.text).toContain('we are waiting for new stock from the network');
    expect(en.text).toContain('contact us for a refund of the plan');
    for (const { code } of SUPPORTED_LOCALES) {
      const m = renderMail(late, code, company);
      expect(m.locale).toBe(code);
      if (code !== 'en') expect(m.subject).not.toBe(en.subject);
      expect(m.subject).toContain('LW-7F3K9Q');
      expect(m.text).toContain('https://shop.example/dashboard/order-view/1');
      expect(m.text).not.toMatch(/[{}]/);
    }
  });

  it('reads right to left in a right-to-left language, keeping codes, numbers and addresses left to right', () => {
    const rtl = new MailTemplates(new Map<string, Catalogue>([['en', english], ['ar', english]]), company);
    const m = rtl.render({ kind: 'order-paid', firstName: 'Zoé', orderNumber: 'LW-7F3K9Q', total: 2599, currency: 'USD', link: 'https://shop.example/i/1' }, 'ar');
    expect(m.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(m.html).toContain('<bdi dir="ltr">LW-7F3K9Q</bdi>');
    expect(m.html).toContain('<p dir="ltr" style="margin:0 0 16px;font-size:13px;word-break:break-all"><a href="https://shop.example/i/1">');
    expect(m.html).toContain('<bdi dir="ltr">+1 (646) 555-0142</bdi>');
    expect(renderMail(contents[0]!, 'en', company).html).toContain('<p dir="ltr" style="margin:0 0 16px;font:700 28px');
  });

  it('escapes the company details in the HTML part', () => {
    const m = renderMail({ kind: 'account-deleted', firstName: 'Zoé' }, 'en', { ...company, name: 'A & B "Mobile"' });
    expect(m.html).toContain('A &amp; B &quot;Mobile&quot;');
  });

  it('greets without a stored name that could read as a link or markup (accounts older than the name rule)', () => {
    for (const firstName of ['<img src=x onerror=alert(1)>', 'Win a prize at https://evil.example', 'www.evil.example', 'Bob\u0007\r\nBcc: x@y.z']) {
      const m = renderMail({ kind: 'verification-code', firstName, code: '482913', minutes: 15 }, 'en', company);
      expect(m.html).not.toMatch(/img|evil|Bcc/);
      expect(m.text).not.toMatch(/img|evil|Bcc/);
      expect(m.text.split('\n')[0]).toBe(renderMail({ kind: 'verification-code', firstName: '', code: '1', minutes: 1 }, 'en', company).text.split('\n')[0]);
    }
    expect(renderMail({ kind: 'account-deleted', firstName: 'Anne-Marie' }, 'en', company).text).toContain('Anne-Marie');
  });
});

const english = JSON.parse(readFileSync(path.join(mailCataloguesDir, 'en.json'), 'utf8')) as Catalogue;

describe('delivery over SMTP', () => {
  let peer: SmtpPeer;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await buildTestApp({ env: { SMTP_URL: peer.url, COMPANY_NAME: 'Onda Libre Móvil', COMPANY_EMAIL: 'hola@ondalibre.example' } });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('sends the code in the subscriber’s language from the company, and the code verifies', async () => {
    const email = 'amelie@example.fr';
    const reg = await t.app.inject({
      method: 'POST',
      url: '/public/auth/register',
      payload: { firstName: 'Amélie', lastName: 'Durand', email, phone: '+33 6 12 34 56 78', password: 'Tournesol-Violet-2025', confirmPassword: 'Tournesol-Violet-2025', locale: 'fr' },
    });
    expect(reg.statusCode).toBe(201);
    const mail = await peer.waitFor(email);
    expect(mail.from).toBe('hola@ondalibre.example');
    // The display name is non-ASCII, so it travels as an RFC 2047 encoded word.
    expect(mail.raw).toMatch(/^From: =\?UTF-8\?Q\?Onda_Libre_M=C3=B3vil\?= <hola@ondalibre\.example>/m);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail.subject).toMatch(/^\d{6} est votre code de vérification Onda Libre Móvil$/);
    expect(mail.text).toContain('Bonjour Amélie,');
    expect(mail.html).toContain('<html lang="fr" dir="ltr">');
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    expect(mail.html).toContain(code);
    const verified = await t.app.inject({ method: 'POST', url: `/public/auth/verify/${code}`, payload: { email } });
    expect(verified.statusCode).toBe(200);
  });

  it('takes the language from Accept-Language when the form sends none', async () => {
    const email = 'pablo@example.es';
    await t.app.inject({
      method: 'POST',
      url: '/public/auth/register',
      headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' },
      payload: { firstName: 'Pablo', lastName: 'Ruiz', email, phone: '+34 612 345 678', password: 'Girasol-Azul-Marino-7', confirmPassword: 'Girasol-Azul-Marino-7' },
    });
    expect((await peer.waitFor(email)).subject).toMatch(/^\d{6} es tu código de verificación de Onda Libre Móvil$/);
  });

  /** Registers as the web app does in `lang` (the form's locale and the API client's header) and reads the code mail. */
  async function registeredIn(lang: string, firstName: string) {
    const email = `registered.${lang}.${Date.now()}@example.org`;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/public/auth/register',
      headers: { 'accept-language': lang },
      payload: { firstName, lastName: 'Test', email, phone: '+1 646 555 0133', password: 'Paper-Kite-Morning-4', confirmPassword: 'Paper-Kite-Morning-4', locale: lang },
    });
    expect(reg.statusCode).toBe(201);
    const mail = await peer.waitFor(email);
    const code = /\b(\d{6})\b/.exec(mail.subject)![1]!;
    // What the language's own catalogue says for this code and name: the mail must be exactly it.
    const expected = renderMail({ kind: 'verification-code', firstName, code, minutes: t.config.VERIFICATION_CODE_TTL_MINUTES }, lang, {
      name: 'Onda Libre Móvil',
      address: t.config.COMPANY_ADDRESS,
      phone: t.config.COMPANY_PHONE,
      email: 'hola@ondalibre.example',
    });
    expect(expected.locale).toBe(lang);
    expect(mail.subject).toBe(expected.subject);
    expect(mail.text.replace(/\r\n/g, '\n').trimEnd()).toBe(expected.text.trimEnd());
    expect(mail.html).toContain(`<html lang="${lang}"`);
    expect(mail.subject).not.toBe(renderMail({ kind: 'verification-code', firstName, code, minutes: 15 }, 'en', { ...company, name: 'Onda Libre Móvil' }).subject);
  }

  // Issue 13's acceptance. It runs as soon as apps/api/locales/mail/de.json is in the repository.
  it('a verification mail for an account registered in German arrives in German', async () => {
    await registeredIn('de', 'Jürgen');
  });

  it('a verification mail for an account registered in French arrives in French (stand-in for the German acceptance test)', async () => {
    await registeredIn('fr', 'Hélène');
  });

  it('later mail follows the language the subscriber last used on the site', async () => {
    const me = await signedInSubscriber(t.container, { locale: 'en', firstName: 'Lena' });
    const localeNow = async () => (await t.db.select({ locale: subscribers.locale }).from(subscribers).where(eq(subscribers.id, me.id)))[0]!.locale;
    const nextMail = async (send: () => Promise<{ statusCode: number }>) => {
      const before = peer.received.length;
      expect((await send()).statusCode).toBe(200);
      return (await peer.waitFor(me.email, { after: before })).subject;
    };

    // Switching the site to Spanish: the next signed-in call says so.
    expect((await t.app.inject({ method: 'GET', url: '/subscriber/profile', headers: { ...me.auth, 'accept-language': 'es' } })).statusCode).toBe(200);
    expect(await localeNow()).toBe('es');
    expect(await nextMail(() => t.app.inject({ method: 'POST', url: '/public/auth/forgot_password', payload: { email: me.email } }))).toBe(
      'Restablece tu contraseña de Onda Libre Móvil',
    );

    // A language the shop does not offer, or none at all, changes nothing.
    await t.app.inject({ method: 'GET', url: '/subscriber/profile', headers: { ...me.auth, 'accept-language': 'cy-GB,cy;q=0.9' } });
    await t.app.inject({ method: 'GET', url: '/subscriber/profile', headers: me.auth });
    expect(await localeNow()).toBe('es');

    // The call that causes a mail carries the language too: it is written in the one just used.
    const changed = await nextMail(() =>
      t.app.inject({
        method: 'POST',
        url: '/subscriber/change_password',
        headers: { ...me.auth, 'accept-language': 'fr-CA,fr;q=0.9' },
        payload: { currentPassword: me.password, password: 'Autre-Mot-De-Passe-2025', confirmPassword: 'Autre-Mot-De-Passe-2025' },
      }),
    );
    expect(changed).toBe('Votre mot de passe Onda Libre Móvil a été modifié');
    expect(await localeNow()).toBe('fr');
  });
});

describe('without a mail server', () => {
  it('writes each mail to an owner-only DATA_DIR/outbox, says where at start-up, and never logs a code or link', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-outbox-'));
    // Everything the process could print: the pino log and the console.
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const spies = (['log', 'info', 'warn', 'error'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' '))),
    );
    const t = await buildTestApp({ env: { DATA_DIR: dataDir }, logger: { level: 'trace', stream } });
    const outbox = path.join(dataDir, 'outbox');
    try {
      expect(lines.some((l) => l.includes('SMTP_URL is not set') && l.includes(outbox))).toBe(true);
      const email = 'newcomer@example.org';
      const reg = await t.app.inject({
        method: 'POST',
        url: '/public/auth/register',
        payload: { firstName: 'New', lastName: 'Comer', email, phone: '+1 646 555 0111', password: 'Paper-Kite-Morning-4', confirmPassword: 'Paper-Kite-Morning-4' },
      });
      expect(reg.statusCode).toBe(201);
      // The mail is queued with the registration and written by the job worker a moment later.
      await vi.waitFor(() => expect(finished(outbox)).toHaveLength(2), { timeout: 10_000, interval: 100 });
      const files = finished(outbox).sort();
      expect(files[0]).toMatch(/-verification-code-[0-9a-f]{6}\.eml$/);
      expect(files[1]).toMatch(/-verification-code-[0-9a-f]{6}\.json$/);
      const meta = JSON.parse(readFileSync(path.join(outbox, files[1]!), 'utf8')) as { to: string; subject: string; text: string };
      expect(meta.to).toBe(email);
      const code = /\b(\d{6})\b/.exec(meta.subject)![1]!;
      expect(meta.text).toContain(code);
      expect(readFileSync(path.join(outbox, files[0]!), 'utf8')).toMatch(/^Content-Type: multipart\/alternative/m);
      expect((await t.app.inject({ method: 'POST', url: `/public/auth/verify/${code}`, payload: { email } })).statusCode).toBe(200);

      expect((await t.app.inject({ method: 'POST', url: '/public/auth/forgot_password', payload: { email } })).statusCode).toBe(200);
      await vi.waitFor(() => expect(finished(outbox).filter((f) => f.includes('password-reset'))).toHaveLength(2), { timeout: 10_000, interval: 100 });
      const resetMeta = finished(outbox).find((f) => f.includes('password-reset') && f.endsWith('.json'))!;
      const token = /token=([\w-]+)/.exec(readFileSync(path.join(outbox, resetMeta), 'utf8'))![1]!;
      expect(token.length).toBeGreaterThan(20);

      // Other local users can read neither the folder nor a mail.
      expect(statSync(outbox).mode & 0o777).toBe(0o700);
      for (const f of finished(outbox)) expect(statSync(path.join(outbox, f)).mode & 0o777).toBe(0o600);
      // Trace-level logging of every request, the job runs and the console: no code, no token.
      expect(lines.length).toBeGreaterThan(5);
      expect(lines.filter((l) => l.includes(code) || l.includes(token))).toEqual([]);
    } finally {
      for (const s of spies) s.mockRestore();
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('an outbox folder left world-readable by an older version is made owner-only', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-outbox-'));
    mkdirSync(path.join(dataDir, 'outbox'), { mode: 0o755 });
    chmodSync(path.join(dataDir, 'outbox'), 0o755);
    const transport = outboxTransport(path.join(dataDir, 'outbox'), 'shop@example.org');
    try {
      await transport.send({ to: 'a@example.org', subject: 's', text: 't', html: '<p>t</p>', kind: 'verification-code' });
      expect(statSync(path.join(dataDir, 'outbox')).mode & 0o777).toBe(0o700);
    } finally {
      transport.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a mail that cannot be sent is logged without its content and does not fail the request', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    // Port 9 (discard) is closed on this machine: the connection is refused.
    const t = await buildTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' }, logger: { level: 'info', stream } });
    try {
      const reg = await t.app.inject({
        method: 'POST',
        url: '/public/auth/register',
        payload: { firstName: 'Off', lastName: 'Line', email: 'offline@example.org', phone: '+1 646 555 0122', password: 'Paper-Kite-Morning-4', confirmPassword: 'Paper-Kite-Morning-4' },
      });
      expect(reg.statusCode).toBe(201);
      await vi.waitFor(() => expect(lines.some((l) => l.includes('account mail not sent'))).toBe(true), { timeout: 10_000, interval: 100 });
      const failure = lines.find((l) => l.includes('account mail not sent'));
      expect(failure).toBeDefined();
      expect(JSON.parse(failure!)).toMatchObject({ kind: 'verification-code', level: 50 });
      expect(failure).not.toMatch(/\b\d{6}\b/);
    } finally {
      await t.close();
    }
  });
});
