import { z } from 'zod';

/** Error body every API failure uses. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** With 429: seconds before the request may be repeated (also the Retry-After header). */
  retryAfter: z.number().int().nonnegative().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Codes from the spec's catalogue plus the generic ones the server adds. */
export const ErrorCode = {
  INCORRECT_CREDENTIALS: 'INCORRECT_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  SUBSCRIBER_ALREADY_EXISTS: 'SUBSCRIBER_ALREADY_EXISTS',
  ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
  PROBLEM_WITH_ACTIVATION: 'PROBLEM_WITH_ACTIVATION',
  SIM_NOT_ACTIVE_OR_EXPIRED: 'SIM_NOT_ACTIVE_OR_EXPIRED',
  SIM_ALREADY_PORTED_OUT_TO_ANOTHER_SERVICE: 'SIM_ALREADY_PORTED_OUT_TO_ANOTHER_SERVICE',
  SIM_IS_EXPIRED_OVER_30_DAYS: 'SIM_IS_EXPIRED_OVER_30_DAYS',
  SIM_IS_NOT_ELIGIBLE_FOR_RECOVERY: 'SIM_IS_NOT_ELIGIBLE_FOR_RECOVERY',
  MDN_NOT_ELIGIBLE_FOR_PORTING: 'MDN_NOT_ELIGIBLE_FOR_PORTING',
  SIM_IS_IN_USE: 'SIM_IS_IN_USE',
  MDN_NOT_ELIGIBLE_FOR_PORTING_PORTING_IN_PROGRESS: 'MDN_NOT_ELIGIBLE_FOR_PORTING_PORTING_IN_PROGRESS',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  NOT_FOUND: 'NOT_FOUND',
  RATE_NOT_FOUND: 'RATE_NOT_FOUND',
  COVERAGE_NOT_FOUND: 'COVERAGE_NOT_FOUND',
  PLAN_NOT_FOUND: 'PLAN_NOT_FOUND',
  NO_AVAILABLE_SHIPPER: 'NO_AVAILABLE_SHIPPER',
  UNAUTHORIZED: 'UNAUTHORIZED',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** User-facing messages quoted by the spec (§8). */
export const Messages = {
  somethingWentWrong: 'Something went wrong',
  rateNotFound: 'The rate you requested could not be found',
  coverageNotFound: 'Coverage not found',
  planNotFound: 'The plan you requested could not be found',
  noAvailableShipper: 'No available shipper',
  subscriberExists: 'A subscriber with that email already exists. Please use another email address.',
  sessionExpired: 'Your session has expired. Please login again.',
  sessionTimerExpired: 'Your session has been expired, please login again',
  tokenRequired: 'Token is required',
  invoiceNotFound: 'Invoice not found',
} as const;

/** Server messages the client never shows (§8). */
export const SUPPRESSED_MESSAGES: readonly string[] = [
  'The SIM you requested is deactivated.',
  'You are not authorized to access this resource.',
  'The SIM you requested is for testing purposes.',
];
