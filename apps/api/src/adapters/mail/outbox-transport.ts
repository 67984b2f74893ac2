import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailTransport } from './mail-transport.js';

/**
 * For machines without a mail server: writes `<time>-<kind>-<rand>.eml` (the full MIME message,
 * openable in any mail client) and a `.json` beside it with to/subject/text for scripts and browser
 * tests. The folder is owner-only (0700) and each file 0600: the mails carry verification codes and
 * reset links, which must never reach a log or another local user. Where the folder is is said once,
 * at start-up (`describe`); nothing about an individual mail is printed.
 */
export function outboxTransport(dir: string, from: string): MailTransport & { readonly dir: string } {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let ready: Promise<void> | undefined;
  try {
    // Made at start, so the folder the start-up line names exists before the first mail.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  } catch {
    // Reported by the first send, which tries again.
  }
  const ensureDir = () =>
    (ready ??= (async () => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // mkdir leaves an existing folder's mode alone (an outbox from an older version was 0755).
      await chmod(dir, 0o700);
    })().catch((e: unknown) => {
      ready = undefined;
      throw e;
    }));
  return {
    mode: 'outbox',
    dir,
    async send(mail) {
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
      });
      await ensureDir();
      const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.kind}-${randomBytes(3).toString('hex')}`;
      const meta = { to: mail.to, from, subject: mail.subject, text: mail.text, kind: mail.kind, createdAt: new Date().toISOString() };
      // The .eml first: a reader that waits for the .json finds the whole message there.
      await writeFile(path.join(dir, `${base}.eml`), info.message as Buffer, { mode: 0o600 });
      // Written under another name, then renamed: a reader never finds half a .json file.
      const partial = path.join(dir, `.${base}.json.part`);
      await writeFile(partial, `${JSON.stringify(meta, null, 2)}\n`, { mode: 0o600 });
      await rename(partial, path.join(dir, `${base}.json`));
    },
    close: () => transport.close(),
  };
}
