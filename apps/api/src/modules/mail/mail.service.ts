import type { MailTransport } from '../../adapters/mail/mail-transport.js';
import type { Executor } from '../../db/executor.js';
import type { JobContext, JobQueue } from '../../jobs/queue.js';
import type { Logger } from '../../lib/logger.js';
import { withoutAddresses } from '../../lib/redact.js';
import type { SealedBox } from '../../lib/sealed-box.js';
import type { MailContent, MailTemplates } from './mail-templates.js';

export const MAIL_JOB = 'mail-send';

interface QueuedMail {
  to: string;
  locale: string | null;
  content: MailContent;
}

export interface MailServiceDeps {
  transport: MailTransport;
  queue: JobQueue;
  templates: MailTemplates;
  box: SealedBox;
  log: Logger;
  /** Right-hand side of Message-IDs, e.g. the company's mail domain. */
  messageIdDomain: string;
}

/**
 * Account mail as services use it. `enqueue` writes the mail as a job in the caller's transaction
 * (so a mail is queued if and only if the change that wants it commits, and survives a crash);
 * the `mail-send` job renders it in the recipient's language and hands it to the transport,
 * retrying with backoff while the mail server fails. The queued payload is sealed: the job table
 * never holds a code, a link or an address in clear.
 */
export class MailService {
  constructor(private readonly deps: MailServiceDeps) {}

  get transport(): MailTransport {
    return this.deps.transport;
  }

  async enqueue(exec: Executor | undefined, to: string, locale: string | null | undefined, content: MailContent): Promise<void> {
    const mail: QueuedMail = { to, locale: locale ?? null, content };
    await this.deps.queue.send(MAIL_JOB, { kind: content.kind, sealed: this.deps.box.seal(mail) }, exec ? { exec } : {});
  }

  /** The job: render and send. Throws when the transport fails, so the queue tries again later. */
  async deliver(data: { sealed: string }, job: JobContext): Promise<void> {
    const mail = this.deps.box.open<QueuedMail>(data.sealed);
    const rendered = this.deps.templates.render(mail.content, mail.locale);
    try {
      await this.deps.transport.send({
        to: mail.to,
        kind: mail.content.kind,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId: `<${job.id}@${this.deps.messageIdDomain}>`,
      });
    } catch (e) {
      this.deps.log.error(
        { kind: mail.content.kind, attempt: job.retryCount + 1, reason: withoutAddresses((e as Error).message ?? String(e)) },
        'account mail not sent',
      );
      throw e;
    }
  }
}
