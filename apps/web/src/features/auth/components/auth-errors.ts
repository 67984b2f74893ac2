import { isApiError } from '../../../lib/api-client';
import type { ToastMessage } from '../../../lib/toast';

/**
 * Account failures these pages explain in the person's language instead of toasting the server's
 * English text. Anything else keeps the API client's standard toast (spec §8).
 */
export const AuthCode = {
  incorrectCredentials: 'INCORRECT_CREDENTIALS',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  subscriberExists: 'SUBSCRIBER_ALREADY_EXISTS',
  invalidCode: 'INVALID_VERIFICATION_CODE',
  codeExpired: 'VERIFICATION_CODE_EXPIRED',
  invalidResetToken: 'INVALID_RESET_TOKEN',
  tooManyRequests: 'TOO_MANY_REQUESTS',
} as const;

/** 'Try again in N minutes' for a 429, from the server's retryAfter. */
export function tooManyAttemptsMessage(error: unknown): ToastMessage | null {
  if (!isApiError(error) || error.status !== 429) return null;
  if (error.retryAfter === undefined) return { id: 'auth.error.tooManyAttempts' };
  return { id: 'auth.error.tryAgainIn', values: { minutes: Math.max(1, Math.ceil(error.retryAfter / 60)) } };
}

export function hasCode(error: unknown, ...codes: string[]): boolean {
  return isApiError(error) && error.code !== undefined && codes.includes(error.code);
}
