/**
 * Domain errors carry an HTTP status, a stable machine code and the user-facing message from the
 * spec's catalogue. The error plugin turns them into `{ message, code, errors? }`.
 */
export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly errors?: FieldError[],
    /** Seconds to wait before trying again: sent as Retry-After and as `retryAfter` in the body. */
    public readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST', errors?: FieldError[]) =>
  new AppError(400, code, message, errors);
export const notFound = (message: string, code = 'NOT_FOUND') => new AppError(404, code, message);
export const unauthorized = (message: string, code = 'UNAUTHORIZED') => new AppError(401, code, message);
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(403, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const tooManyRequests = (message: string, code = 'TOO_MANY_REQUESTS', retryAfter?: number) =>
  new AppError(429, code, message, undefined, retryAfter);
