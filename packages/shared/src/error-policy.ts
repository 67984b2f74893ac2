import type { ErrorCode } from './error-codes.js';

/**
 * What clients do with particular codes, and texts both sides quote. Apart from the code table
 * (error-codes.ts) so the browser's first load carries these few values without it (decision 202).
 */

/** Errors the web app never displays (spec §8 'Suppressed'). */
export const SILENT_ERROR_CODES: readonly ErrorCode[] = ['SIM_DEACTIVATED', 'RESOURCE_NOT_AUTHORIZED', 'SIM_FOR_TESTING'];

/**
 * A 401 with this code is a wrong e-mail or password (sign-in, or the current password when changing
 * it or deleting the account), not an expired session: the client stays signed in (spec §8).
 */
export const CREDENTIALS_ERROR_CODE: ErrorCode = 'INCORRECT_CREDENTIALS';

/** Texts that are not errors but that both sides quote (spec §4 session timer, §8). */
export const Messages = {
  somethingWentWrong: 'Something went wrong',
  sessionExpired: 'Your session has expired. Please login again.',
  sessionTimerExpired: 'Your session has been expired, please login again',
} as const;
