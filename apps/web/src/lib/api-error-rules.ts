import { CREDENTIALS_ERROR_CODE, Messages, SILENT_ERROR_CODES } from '@app/shared/error-policy';

/**
 * The parts of the shared error contract (@app/shared/errors, zod-free) that the API client applies
 * to every failure. Decisions are made by `code`, never by the server's wording.
 */

/** A 401 with this code is a failed login or a wrong current password, not an expired session: no logout. */
export const INCORRECT_CREDENTIALS = CREDENTIALS_ERROR_CODE;

export const SOMETHING_WENT_WRONG = Messages.somethingWentWrong;

/** Errors the spec never displays (§8 'Suppressed'). */
export function isSilentError(code: string | undefined): boolean {
  return code !== undefined && (SILENT_ERROR_CODES as readonly string[]).includes(code);
}

/** The error body every API failure uses (apiErrorSchema in @app/shared/contracts/errors). */
export type { ApiErrorBody } from '@app/shared/contracts/errors';
