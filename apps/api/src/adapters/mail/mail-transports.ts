import path from 'node:path';
import type { AppConfig } from '../../config.js';
import type { MailTransport } from './mail-transport.js';
import { outboxTransport } from './outbox-transport.js';
import { smtpTransport } from './smtp-transport.js';

export function mailSender(config: AppConfig): string {
  return config.MAIL_FROM ?? `"${config.COMPANY_NAME.replace(/["\\]/g, '')}" <${config.COMPANY_EMAIL}>`;
}

export const outboxDir = (config: AppConfig) => path.resolve(config.DATA_DIR, 'outbox');

/** The transport the configuration asks for: SMTP when SMTP_URL is set, the outbox folder otherwise. */
export function mailTransportFor(config: AppConfig): MailTransport {
  const from = mailSender(config);
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL, from) : outboxTransport(outboxDir(config), from);
}
