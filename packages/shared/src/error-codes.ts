/**
 * The error contract's codes and their HTTP statuses: what the browser needs to decide by code
 * (decision 064), without the English texts (errors.ts), which only the server sends. Split from
 * errors.ts to keep those texts out of the first page's JavaScript (decision 202). A code added here
 * must get its text in errors.ts: the type `Record<ErrorCode, string>` there refuses a missing one.
 */

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  INCORRECT_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  SUBSCRIBER_ALREADY_EXISTS: 409,
  ACCOUNT_LOCKED: 429,
  INVALID_VERIFICATION_CODE: 400,
  VERIFICATION_CODE_EXPIRED: 400,
  INVALID_RESET_TOKEN: 400,
  SAME_PASSWORD: 400,
  TOKEN_REQUIRED: 400,
  PLAN_NOT_FOUND: 404,
  RATE_NOT_FOUND: 404,
  COVERAGE_NOT_FOUND: 404,
  NO_AVAILABLE_SHIPPER: 404,
  ORDER_NOT_FOUND: 404,
  INVOICE_NOT_FOUND: 404,
  PAYMENT_OPTION_NOT_AVAILABLE: 400,
  PAYMENT_METHOD_NOT_SUPPORTED: 400,
  INVALID_SHIPPING_ADDRESS: 400,
  SIM_MUST_SHIP_OUTSIDE_US: 400,
  STATUS_NOT_FOUND: 404,
  PRICE_CHANGED: 409,
  CART_NOT_SELLABLE: 409,
  ORDER_NOT_PAYABLE: 409,
  ORDER_CANNOT_BE_CANCELED: 409,
  ORDER_ADDRESS_LOCKED: 409,
  PAYMENT_IN_PROGRESS: 409,
  PAYMENT_DECLINED: 402,
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_METHOD_NOT_FOUND: 404,
  CARD_EXPIRED: 400,
  INSUFFICIENT_BALANCE: 402,
  GATEWAY_UNAVAILABLE: 503,
  INVALID_WEBHOOK: 400,
  REFUND_NOT_ALLOWED: 409,
  PROBLEM_WITH_ACTIVATION: 502,
  SIM_HAS_NO_ACTIVE_PLAN: 409,
  SAME_PLAN: 400,
  NO_ADDONS_FOR_PLAN: 404,
  ZIP_REQUIRED: 400,
  SIM_DEACTIVATED: 409,
  RESOURCE_NOT_AUTHORIZED: 403,
  SIM_FOR_TESTING: 409,
  SIM_NOT_FOUND: 404,
  INVALID_ZIP: 400,
  SIM_NOT_ACTIVATABLE: 409,
  SIM_ACTION_PENDING: 409,
  SIM_NOT_ACTIVE: 409,
  E911_ADDRESS_INVALID: 400,
  E911_ADDRESS_REQUIRED: 400,
  ESIM_ONLY: 409,
  PHYSICAL_SIM_ONLY: 409,
  SIM_CARD_NOT_AVAILABLE: 409,
  SIM_CARD_HAS_NO_PLAN: 409,
  CARRIER_UNAVAILABLE: 503,
  ADDON_NOT_FOUND: 404,
  ADDON_ALREADY_ACTIVATED: 409,
  ADDON_NOT_FOR_THIS_PLAN: 409,
  PORT_NUMBER_INVALID: 400,
  PORT_NUMBER_NOT_ELIGIBLE: 409,
  PORT_NOT_FOUND: 404,
  PORT_NOT_CANCELABLE: 409,
  PORT_NOT_RESUBMITTABLE: 409,
  SIM_NOT_ACTIVE_OR_EXPIRED: 409,
  SIM_ALREADY_PORTED_OUT_TO_ANOTHER_SERVICE: 409,
  SIM_IS_EXPIRED_OVER_30_DAYS: 409,
  SIM_IS_NOT_ELIGIBLE_FOR_RECOVERY: 409,
  MDN_NOT_ELIGIBLE_FOR_PORTING: 409,
  SIM_IS_IN_USE: 409,
  MDN_NOT_ELIGIBLE_FOR_PORTING_PORTING_IN_PROGRESS: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every code, for lists and exhaustiveness tests. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

export function errorStatus(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

/** The error code a bare HTTP status stands for, when a framework or proxy produced the error. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 431:
      return 'HEADERS_TOO_LARGE';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
  }
}
