import type { ErrorCode } from '@app/shared/error-codes';
import { isApiError } from '../../../lib/api-client';
import { errorCodeOf } from '../../../lib/error-message';
import type { ToastMessage } from '../../../lib/toast';

/**
 * Account failures these pages handle themselves, by code: a code screen, a field, the minutes left of
 * a lockout. Anything else keeps the API client's standard toast (spec §8), which shows the
 * catalogue's text for the code (lib/error-message.ts).
 */
export const AuthCode = {
  incorrectCredentials: 'INCORRECT_CREDENTIALS',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  subscriberExists: 'SUBSCRIBER_ALREADY_EXISTS',
  invalidCode: 'INVALID_VERIFICATION_CODE',
  codeExpired: 'VERIFICATION_CODE_EXPIRED',
  invalidResetToken: 'INVALID_RESET_TOKEN',
  accountLocked: 'ACCOUNT_LOCKED',
  rateLimited: 'RATE_LIMITED',
} as const satisfies Record<string, ErrorCode>;

/**
 * 'Try again in N minutes' for the two 429 codes (RATE_LIMITED: request limits and cooldowns;
 * ACCOUNT_LOCKED: the sign-in lockout, which the login page words itself), from the server's retryAfter.
 */
export function tooManyAttemptsMessage(error: unknown): ToastMessage | null {
  if (!isApiError(error) || !hasCode(error, AuthCode.rateLimited, AuthCode.accountLocked)) return null;
  if (error.retryAfter === undefined) return { id: 'auth.error.tooManyAttempts' };
  return { id: 'auth.error.tryAgainIn', values: { minutes: Math.max(1, Math.ceil(error.retryAfter / 60)) } };
}

/** Whether the failure has one of these codes (a code-less 429 from a proxy counts as RATE_LIMITED). */
export function hasCode(error: unknown, ...codes: ErrorCode[]): boolean {
  const code = errorCodeOf(error);
  return code !== undefined && code !== 'NETWORK' && codes.includes(code);
}
