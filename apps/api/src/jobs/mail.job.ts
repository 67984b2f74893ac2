import type { MailService } from '../modules/mail/mail.service.js';
import { MAIL_JOB } from '../modules/mail/mail.service.js';
import type { JobDefinition } from './queue.js';

export interface MailJobSettings {
  retryLimit: number;
  retryDelaySeconds: number;
  timeoutSeconds: number;
}

/**
 * Sends one queued mail. With the defaults a mail server that is down is tried again after 30 s,
 * 1, 2, 4 … minutes, for about a day, before the mail is given up (and logged as failed).
 */
export function mailJob(mail: MailService, settings: MailJobSettings): JobDefinition<{ sealed: string }> {
  return {
    name: MAIL_JOB,
    retryLimit: settings.retryLimit,
    retryDelaySeconds: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: settings.timeoutSeconds,
    handle: (data, job) => mail.deliver(data, job),
  };
}
