/**
 * Where rendered mail leaves the system. The mail service renders and queues; a transport only
 * delivers one finished message and throws when it could not (the job then retries with backoff).
 * Implementations: SMTP (smtp-transport.ts, SMTP_URL), a folder for machines without a mail server
 * (outbox-transport.ts), and an in-memory recorder for tests (recording-transport.ts).
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Template name, for file names and logs. */
  kind: string;
  /**
   * Stable per queued mail, so a retry after a crash carries the same Message-ID and a mail
   * client shows one message even if the first attempt did reach the server.
   */
  messageId?: string;
}

export interface MailTransport {
  readonly mode: 'smtp' | 'outbox' | 'recording';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}
