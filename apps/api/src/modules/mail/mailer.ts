import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/**
 * Sends a rendered message. Two implementations: SMTP (SMTP_URL) for real delivery, and an outbox
 * folder for machines without a mail server, so a newcomer can register and read the code from
 * the console or DATA_DIR/outbox.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Template name, for file names and logs. */
  kind: string;
  /** Shown on the console in outbox mode only (the code or link). */
  preview?: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    mode: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close: () => transport.close(),
  };
}

/**
 * Writes `<time>-<kind>-<rand>.eml` (the full MIME message, openable in any mail client) and a
 * `.json` beside it with to/subject/text for scripts and browser tests, then prints a one-line
 * notice with the code or link.
 */
export function outboxMailer(dir: string, from: string, print: (line: string) => void = console.log): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await mkdir(dir, { recursive: true });
      const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.kind}-${randomBytes(3).toString('hex')}`;
      const raw = info.message as Buffer;
      await writeFile(path.join(dir, `${base}.eml`), raw);
      const meta = { to: mail.to, from, subject: mail.subject, text: mail.text, kind: mail.kind, createdAt: new Date().toISOString() };
      await writeFile(path.join(dir, `${base}.json`), `${JSON.stringify(meta, null, 2)}\n`);
      print(`[mail] to ${mail.to}: "${mail.subject}"${mail.preview ? ` — ${mail.preview}` : ''} (${path.join(dir, `${base}.eml`)})`);
    },
    close: () => transport.close(),
  };
}
