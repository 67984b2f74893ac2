import type { ApiErrorBody } from './api-error-rules';

/**
 * A failed API call. `code` (from the shared error table) is what the app decides by; `message` is the
 * server's English wording, kept for logs and debugging only: the screen shows the catalogue's text
 * for the code (lib/error-message.ts).
 */

export type ApiErrorKind = 'http' | 'network' | 'invalid-response';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly kind: ApiErrorKind;
  readonly fieldErrors: ApiErrorBody['errors'];
  /** Seconds to wait before trying again (429 answers), e.g. for a 'Send again in {seconds}' countdown. */
  readonly retryAfter: number | undefined;
  /** The whole error body, for codes that carry more than `{ code, message }` (a declined payment's `reason`). */
  readonly body: unknown;

  constructor(
    message: string,
    options: { status: number; kind: ApiErrorKind; code?: string; fieldErrors?: ApiErrorBody['errors']; retryAfter?: number; body?: unknown },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.kind = options.kind;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors;
    this.retryAfter = options.retryAfter;
    this.body = options.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
