import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailTransport } from './mail-transport.js';

/**
 * For machines without a mail server: writes `<time>-<kind>-<rand>.eml` (the full MIME message,
 * openable in any mail client) and a `.json` beside it with to/subject/text for scripts and browser
 * tests, then prints a one-line notice with the code or link so a newcomer can register.
 */
export function outboxTransport(dir: string, from: string, print: (line: string) => void = console.log): MailTransport {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
      });
      await mkdir(dir, { recursive: true });
      const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.kind}-${randomBytes(3).toString('hex')}`;
      await writeFile(path.join(dir, `${base}.eml`), info.message as Buffer);
      const meta = { to: mail.to, from, subject: mail.subject, text: mail.text, kind: mail.kind, createdAt: new Date().toISOString() };
      await writeFile(path.join(dir, `${base}.json`), `${JSON.stringify(meta, null, 2)}\n`);
      print(`[mail] to ${mail.to}: "${mail.subject}"${mail.preview ? ` — ${mail.preview}` : ''} (${path.join(dir, `${base}.eml`)})`);
    },
    close: () => transport.close(),
  };
}
