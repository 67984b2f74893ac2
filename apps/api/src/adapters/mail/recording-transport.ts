import type { MailTransport, OutgoingMail } from './mail-transport.js';

/**
 * Keeps every message in memory instead of delivering it: for service-level tests that want to
 * read what would have been sent without an SMTP peer. `failNext` makes the next sends throw, as
 * an unreachable server would.
 */
export interface RecordingTransport extends MailTransport {
  readonly sent: OutgoingMail[];
  failNext(count?: number, reason?: string): void;
  /** Resolves with the first message to `to` (already sent or yet to come). */
  waitFor(to: string, timeoutMs?: number): Promise<OutgoingMail>;
}

export function recordingTransport(): RecordingTransport {
  const sent: OutgoingMail[] = [];
  const waiters: { to: string; resolve: (m: OutgoingMail) => void }[] = [];
  let failures = 0;
  let failReason = 'connection refused';
  return {
    mode: 'recording',
    sent,
    failNext(count = 1, reason = 'connection refused') {
      failures = count;
      failReason = reason;
    },
    async send(mail) {
      if (failures > 0) {
        failures--;
        throw new Error(failReason);
      }
      sent.push(mail);
      for (const w of waiters.splice(0).filter((w) => {
        if (w.to !== mail.to) {
          waiters.push(w);
          return false;
        }
        return true;
      })) {
        w.resolve(mail);
      }
    },
    waitFor(to, timeoutMs = 10_000) {
      const found = sent.find((m) => m.to === to);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ to, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    close() {},
  };
}
