import { ERRORS, type ErrorCode } from '@app/shared/errors';
import { fieldErrorOf, type FieldErrorCode, type FieldErrorParams } from '@app/shared/field-errors';

/**
 * Domain errors carry a code from the shared error table (packages/shared/src/errors.ts), which fixes
 * their HTTP status and default text. The error plugin answers them as `{ code, message, errors? }`.
 */
export interface FieldError {
  field: string;
  message: string;
  /** What is wrong with the field, for clients to word it (decision 065); see codedFieldError(). */
  code?: FieldErrorCode | ErrorCode | undefined;
  params?: FieldErrorParams | undefined;
}

/** A field error as the API answers it: always with a code. */
export type CodedFieldError = FieldError & { code: FieldErrorCode | ErrorCode };

/** Codes whose field errors are a shared schema's wording, so the field's own code says more. */
const WORDING_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['VALIDATION_FAILED', 'BAD_REQUEST']);

/**
 * Gives a field error its code: the one it was given; under a code of its own (SAME_PASSWORD,
 * INCORRECT_CREDENTIALS…) that code; under VALIDATION_FAILED the field code of the shared schemas'
 * wording (@app/shared/field-errors), `invalid` when the wording is not one of theirs.
 */
export function codedFieldError(error: FieldError, code: ErrorCode = 'VALIDATION_FAILED'): CodedFieldError {
  if (error.code !== undefined) return { ...error, code: error.code };
  if (!WORDING_CODES.has(code)) return { ...error, code };
  const coded = fieldErrorOf(error.message);
  return { ...error, code: coded.code, ...(coded.params ? { params: coded.params } : {}) };
}

export interface AppErrorOptions {
  /** Replaces the table's text, e.g. to say how long to wait. */
  message?: string | undefined;
  errors?: FieldError[] | undefined;
  /** Seconds to wait before trying again: sent as Retry-After and as `retryAfter` in the body. */
  retryAfter?: number | undefined;
  /** A machine-readable detail of the code, e.g. why a payment was declined ('card_declined'). */
  reason?: string | undefined;
}

export class AppError extends Error {
  readonly statusCode: number;
  readonly errors: CodedFieldError[] | undefined;
  readonly retryAfter: number | undefined;
  readonly reason: string | undefined;

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(options.message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.statusCode = ERRORS[code].status;
    this.errors = options.errors?.map((e) => codedFieldError(e, code));
    this.retryAfter = options.retryAfter;
    this.reason = options.reason;
  }
}

export const appError = (code: ErrorCode, options?: AppErrorOptions) => new AppError(code, options);

/** One field is wrong: the message names what is wrong and `errors` points the form at the field. */
export const fieldError = (field: string, message: string, code: ErrorCode = 'VALIDATION_FAILED') =>
  new AppError(code, { message, errors: [{ field, message }] });

/** PostgreSQL's unique-violation, wherever drizzle put it (the error or its cause). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } } | undefined;
  return err?.code === '23505' || err?.cause?.code === '23505';
}
