import nodemailer from 'nodemailer';
import type { MailTransport } from './mail-transport.js';

/** Real delivery through the SMTP server in SMTP_URL (smtp(s)://user:pass@host:port). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  // Bounded waits: a mail server that hangs fails the attempt, and the job tries again later.
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 });
  return {
    mode: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
      });
    },
    close: () => transport.close(),
  };
}
