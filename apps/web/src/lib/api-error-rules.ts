/**
 * The parts of the shared error contract (@app/shared/errors) that the browser needs on every page.
 * Copied rather than imported: errors.ts builds its zod schema at module load, and importing it would
 * put zod (~28 KB gzip) into the first download. api-error-rules.test.ts fails if the copies drift.
 */

/** Server messages the client never shows (spec §8). */
export const SUPPRESSED_MESSAGES: readonly string[] = [
  'The SIM you requested is deactivated.',
  'You are not authorized to access this resource.',
  'The SIM you requested is for testing purposes.',
];

/** A 401 with this code is a failed login, not an expired session: no logout. */
export const INCORRECT_CREDENTIALS = 'INCORRECT_CREDENTIALS';

export const SOMETHING_WENT_WRONG = 'Something went wrong';

export function isSuppressedMessage(message: string): boolean {
  return SUPPRESSED_MESSAGES.includes(message);
}

/** The error body every API failure uses (shape of apiErrorSchema in @app/shared/errors). */
export type { ApiErrorBody } from '@app/shared/errors';
