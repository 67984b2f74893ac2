import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { codeForStatus, isErrorCode, type ErrorCode } from '@app/shared/error-codes';
import { isApiError } from './api-error';
import type { ToastMessage } from './toast';

/**
 * The one place an error becomes words on the screen (decision 064). The app decides by the error's
 * `code` from the shared table (@app/shared/errors) and shows the catalogue's `error.<CODE>` text, so an
 * error reads the same on every page and in every language; the server's English `message` is never
 * shown. Toasts (the API client), forms (lib/form-errors.ts) and pages all come through here.
 */

/** For a failure whose code this build does not know (a newer server, a broken response). */
export const GENERIC_ERROR_ID = 'error.somethingWentWrong';
/** For a request that got no answer at all. */
export const NETWORK_ERROR_ID = 'error.network';

/** What an error is, for deciding and wording: a shared error code, or 'NETWORK' when no answer came. */
export type ErrorKey = ErrorCode | 'NETWORK';

/**
 * The code of a failure: the server's `code` when it is one of the shared table; the code a bare HTTP
 * status stands for when a proxy answered without a body; 'NETWORK' when the request got no answer;
 * otherwise undefined (an unknown code, a response that did not match its schema, not an API error).
 */
export function errorCodeOf(error: unknown): ErrorKey | undefined {
  if (!isApiError(error)) return undefined;
  if (error.kind === 'network') return 'NETWORK';
  if (error.kind !== 'http') return undefined;
  if (error.code === undefined) return codeForStatus(error.status);
  return isErrorCode(error.code) ? error.code : undefined;
}

export interface ErrorMessageOptions {
  /**
   * Page wording for some codes, as catalogue ids (a payment page says that nothing was charged). Keys
   * are error codes, 'NETWORK', or a page's own reasons (a gateway's decline reason).
   */
  overrides?: Readonly<Partial<Record<string, string>>>;
  /** The id for anything without words of its own; the generic 'Something went wrong' by default. */
  fallback?: string;
}

/** The catalogue id for an error (an ApiError, anything thrown, or a code / reason string). */
export function errorMessageId(errorOrCode: unknown, options: ErrorMessageOptions = {}): string {
  const code = typeof errorOrCode === 'string' ? errorOrCode : errorCodeOf(errorOrCode);
  const override = code === undefined ? undefined : options.overrides?.[code];
  if (override) return override;
  if (code === 'NETWORK') return NETWORK_ERROR_ID;
  if (isErrorCode(code)) return `error.${code}`;
  return options.fallback ?? GENERIC_ERROR_ID;
}

/** Codes whose words next to a field differ from their general text. */
const FIELD_MESSAGE_IDS: Readonly<Partial<Record<ErrorCode, string>>> = {
  // On a change-password or delete-account form the e-mail is not in question.
  INCORRECT_CREDENTIALS: 'validation.incorrectPassword',
};

/** Codes whose field errors carry the shared schemas' wording rather than a code of their own. */
const SCHEMA_WORDING_CODES: ReadonlySet<string> = new Set<ErrorCode>(['VALIDATION_FAILED', 'BAD_REQUEST']);

/**
 * The catalogue id to show next to a field the server rejected under `code`, or undefined when the
 * field's text is the shared schema's wording (VALIDATION_FAILED) or the code is unknown.
 */
export function fieldErrorMessageId(code: string | undefined): string | undefined {
  if (!isErrorCode(code) || SCHEMA_WORDING_CODES.has(code)) return undefined;
  return FIELD_MESSAGE_IDS[code] ?? `error.${code}`;
}

/** The error as a toast message (a catalogue id). */
export function errorMessage(errorOrCode: unknown, options?: ErrorMessageOptions): ToastMessage {
  return { id: errorMessageId(errorOrCode, options) };
}

/** `(error or code, options?) → text` in the current language. */
export function useErrorMessage(): (errorOrCode: unknown, options?: ErrorMessageOptions) => string {
  const intl = useIntl();
  return useCallback((errorOrCode, options) => intl.formatMessage({ id: errorMessageId(errorOrCode, options) }), [intl]);
}
