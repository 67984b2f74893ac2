import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import { outboxMailer, smtpMailer, type Mailer } from '../modules/mail/mailer.js';
import { renderMail, type MailContent } from '../modules/mail/templates.js';

/** Account mail as modules use it: pick the template and language, fill in the company, send. */
export interface AccountMail {
  readonly mailer: Mailer;
  /**
   * Renders and sends; never throws. A mail that cannot be sent is logged (kind and reason, never
   * the content) and reported as false, so the request that caused it still completes.
   */
  send(to: string, locale: string | null | undefined, content: MailContent): Promise<boolean>;
  /**
   * Sends without making the caller wait (where response time must not reveal whether a mail was
   * sent). Pending sends are awaited when the app closes.
   */
  sendLater(to: string, locale: string | null | undefined, content: MailContent): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: AccountMail;
  }
}

/** Mail servers quote the recipient when they refuse it; logs must not carry people's addresses. */
export function withoutAddresses(text: string): string {
  // Capped first: the pattern backtracks on long runs without an '@', and a reason needs no more.
  return text.slice(0, 500).replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, '[address]');
}

export function mailSender(config: AppConfig): string {
  return config.MAIL_FROM ?? `"${config.COMPANY_NAME.replace(/["\\]/g, '')}" <${config.COMPANY_EMAIL}>`;
}

export function createMailer(config: AppConfig): Mailer {
  const from = mailSender(config);
  return config.SMTP_URL ? smtpMailer(config.SMTP_URL, from) : outboxMailer(path.resolve(config.DATA_DIR, 'outbox'), from);
}

export function setupMail(app: FastifyInstance, mailer: Mailer = createMailer(app.config)) {
  const company = {
    name: app.config.COMPANY_NAME,
    address: app.config.COMPANY_ADDRESS,
    phone: app.config.COMPANY_PHONE,
    email: app.config.COMPANY_EMAIL,
  };
  if (mailer.mode === 'outbox' && app.config.NODE_ENV === 'production') {
    app.log.warn('SMTP_URL is not set: account mail goes to DATA_DIR/outbox and codes are printed on the console');
  }
  const pending = new Set<Promise<boolean>>();
  const mail: AccountMail = {
    mailer,
    async send(to, locale, content) {
      try {
        await mailer.send({ to, kind: content.kind, ...renderMail(content, locale, company) });
        return true;
      } catch (e) {
        app.log.error({ kind: content.kind, reason: withoutAddresses((e as Error).message) }, 'account mail not sent');
        return false;
      }
    },
    sendLater(to, locale, content) {
      const p = mail.send(to, locale, content).finally(() => pending.delete(p));
      pending.add(p);
    },
  };
  app.decorate('mail', mail);
  app.addHook('onClose', async () => {
    await Promise.all(pending);
    mailer.close();
  });
}
