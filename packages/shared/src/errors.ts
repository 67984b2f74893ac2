/**
 * The error contract: every code the API answers with, once, with its HTTP status and its English
 * text (the spec's §8 wording where it has one). The server throws by code (`appError(code)`) and
 * answers `{ code, message, errors? }`; the web app decides what to do by `code` and shows its own
 * catalogue's translation of `error.<CODE>`, so one error reads the same everywhere and in every
 * language. Zod-free so the browser can load it with the first page; the body's zod schema is in
 * contracts/errors.ts.
 */

interface ErrorSpec {
  readonly status: number;
  readonly message: string;
}

export const ERRORS = {
  // --- generic --------------------------------------------------------------------------------
  BAD_REQUEST: { status: 400, message: 'The request is not valid' },
  /** Request fields failed validation; `errors` names each field and what is wrong with it. */
  VALIDATION_FAILED: { status: 400, message: 'Please check the highlighted fields' },
  UNAUTHORIZED: { status: 401, message: 'Your session has expired. Please login again.' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  NOT_FOUND: { status: 404, message: 'The page you are looking for is not available' },
  /** No route answers this method and path (always JSON under the API prefixes). */
  ROUTE_NOT_FOUND: { status: 404, message: 'The page you are looking for is not available' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This action is not allowed here' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long. Please try again.' },
  CONFLICT: { status: 409, message: 'This was changed in the meantime. Please reload and try again.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request is not in a format we accept' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please try again later.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large' },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is busy. Please try again in a moment.' },

  // --- accounts (spec §8 and ours) ------------------------------------------------------------
  INCORRECT_CREDENTIALS: { status: 401, message: 'Incorrect e-mail or password.' },
  EMAIL_NOT_VERIFIED: {
    status: 403,
    message: 'Your e-mail address is not verified yet. Please enter the code we sent you, or request a new one.',
  },
  SUBSCRIBER_ALREADY_EXISTS: {
    status: 409,
    message: 'A subscriber with that email already exists. Please use another email address.',
  },
  ACCOUNT_LOCKED: {
    status: 429,
    message: 'Too many failed sign-in attempts. Please try again later or reset your password.',
  },
  INVALID_VERIFICATION_CODE: { status: 400, message: 'The verification code is incorrect.' },
  VERIFICATION_CODE_EXPIRED: {
    status: 400,
    message: 'This verification code has expired or was tried too many times. Please request a new one.',
  },
  INVALID_RESET_TOKEN: {
    status: 400,
    message: 'This password reset link is invalid or has expired. Please request a new one.',
  },
  SAME_PASSWORD: { status: 400, message: 'The new password must be different from the current one.' },
  TOKEN_REQUIRED: { status: 400, message: 'Token is required' },

  // --- catalogue --------------------------------------------------------------------------------
  PLAN_NOT_FOUND: { status: 404, message: 'The plan you requested could not be found' },
  RATE_NOT_FOUND: { status: 404, message: 'The rate you requested could not be found' },
  COVERAGE_NOT_FOUND: { status: 404, message: 'Coverage not found' },
  NO_AVAILABLE_SHIPPER: { status: 404, message: 'No available shipper' },

  // --- orders and money (spec §8) ----------------------------------------------------------------
  ORDER_NOT_FOUND: { status: 404, message: 'Order not found' },
  INVOICE_NOT_FOUND: { status: 404, message: 'Invoice not found' },
  PAYMENT_OPTION_NOT_AVAILABLE: { status: 400, message: 'This payment option is not available.' },
  PAYMENT_METHOD_NOT_SUPPORTED: {
    status: 400,
    message: 'The selected payment method is not supported by the payment gateway. Please try another one.',
  },
  INVALID_SHIPPING_ADDRESS: {
    status: 400,
    message: 'The provided shipping address is invalid or incomplete. Please review the address details and try again.',
  },
  SIM_MUST_SHIP_OUTSIDE_US: { status: 400, message: 'You must have at least one SIM shipped outside US' },
  STATUS_NOT_FOUND: { status: 404, message: 'Status not found' },
  /** The server's total differs from the one the customer was shown (prices changed, or a tampered request). */
  PRICE_CHANGED: {
    status: 409,
    message: 'The price of your order has changed. Please review the new total and try again.',
  },
  /** A line of the cart is no longer on sale or does not fit its plan. */
  CART_NOT_SELLABLE: { status: 409, message: 'Some items in your cart are no longer available. Please review your cart.' },
  /** The order cannot be paid, changed or canceled in its current state. */
  ORDER_NOT_PAYABLE: { status: 409, message: 'This order can no longer be paid.' },
  ORDER_CANNOT_BE_CANCELED: { status: 409, message: 'This order can no longer be canceled.' },
  ORDER_ADDRESS_LOCKED: { status: 409, message: 'The order has already shipped; its address can no longer be changed.' },
  /** A payment attempt of this order is still waiting for the customer or the gateway. */
  PAYMENT_IN_PROGRESS: { status: 409, message: 'A payment for this order is already in progress.' },
  /** The gateway refused the payment; `reason` in the answer says why (card_declined, insufficient_funds, expired_card…). */
  PAYMENT_DECLINED: { status: 402, message: 'Your payment was declined. Please try another card or payment method.' },
  PAYMENT_NOT_FOUND: { status: 404, message: 'Payment not found' },
  PAYMENT_METHOD_NOT_FOUND: { status: 404, message: 'Card not found' },
  CARD_EXPIRED: { status: 400, message: 'This card has expired. Please use another card.' },
  INSUFFICIENT_BALANCE: { status: 402, message: 'Your balance is not enough for this order.' },
  /** The gateway could not be reached; nothing was charged twice, and the order stays payable. */
  GATEWAY_UNAVAILABLE: { status: 503, message: 'The payment provider is not answering. Please try again in a moment.' },
  INVALID_WEBHOOK: { status: 400, message: 'The notification could not be verified.' },
  /** SPEC §1 refund policy. */
  REFUND_NOT_ALLOWED: {
    status: 409,
    message: 'This order cannot be refunded: refunds are possible only while the SIM is not activated.',
  },

  // --- SIMs (spec §8) --------------------------------------------------------------------------
  PROBLEM_WITH_ACTIVATION: {
    status: 502,
    message: 'Looks like you have error activating your SIM. Please contact customer support',
  },
  SIM_HAS_NO_ACTIVE_PLAN: { status: 409, message: 'The SIM you requested does not have an active plan.' },
  SAME_PLAN: { status: 400, message: 'You cannot change to the same plan' },
  NO_ADDONS_FOR_PLAN: { status: 404, message: 'For the selected plan, there are no available add-ons' },
  ZIP_REQUIRED: { status: 400, message: 'Please add your ZIP/Postal code first' },
  /** The three the web app never shows (spec §8, suppressed messages). */
  SIM_DEACTIVATED: { status: 409, message: 'The SIM you requested is deactivated.' },
  RESOURCE_NOT_AUTHORIZED: { status: 403, message: 'You are not authorized to access this resource.' },
  SIM_FOR_TESTING: { status: 409, message: 'The SIM you requested is for testing purposes.' },

  SIM_NOT_FOUND: { status: 404, message: 'The SIM you requested could not be found' },
  INVALID_ZIP: { status: 400, message: 'Please enter a valid US ZIP code' },
  SIM_NOT_ACTIVATABLE: { status: 409, message: 'This SIM cannot be activated: it is already active or has no paid plan.' },
  SIM_ACTION_PENDING: { status: 409, message: 'A change to this SIM is already on its way. Please wait for it to finish.' },
  SIM_NOT_ACTIVE: { status: 409, message: 'This SIM is not active.' },
  E911_ADDRESS_INVALID: { status: 400, message: 'The 911 address could not be validated. Please check the highlighted fields.' },
  E911_ADDRESS_REQUIRED: { status: 400, message: 'Wi-Fi calling needs a validated 911 address first.' },
  ESIM_ONLY: { status: 409, message: 'This action is only available for eSIMs.' },
  PHYSICAL_SIM_ONLY: { status: 409, message: 'This action is only available for physical SIM cards.' },
  /** A replacement card (refresh or recovery onto a new SIM card) that is unknown, sold to someone else or in use. */
  SIM_CARD_NOT_AVAILABLE: { status: 409, message: 'This SIM card cannot be used. Please check the ICCID printed on the card.' },
  CARRIER_UNAVAILABLE: { status: 503, message: 'The network is not answering right now. Please try again in a moment.' },

  // --- porting (spec §8) -------------------------------------------------------------------------
  /** `{num}` is replaced by the number. */
  PORT_NUMBER_INVALID: { status: 400, message: 'The Phone Number {num} is invalid.' },
  PORT_NUMBER_NOT_ELIGIBLE: {
    status: 409,
    message: 'The number {num} is either not eligible for port-in or is already in the process of being ported',
  },
  PORT_NOT_FOUND: { status: 404, message: 'The port-in request could not be found' },
  PORT_NOT_CANCELABLE: { status: 409, message: 'This port-in can no longer be canceled.' },
  PORT_NOT_RESUBMITTABLE: { status: 409, message: 'This port-in does not need any correction.' },

  // --- SIM recovery (spec §8) ----------------------------------------------------------------------
  SIM_NOT_ACTIVE_OR_EXPIRED: { status: 409, message: 'The SIM is not active or has expired.' },
  SIM_ALREADY_PORTED_OUT_TO_ANOTHER_SERVICE: {
    status: 409,
    message: 'The number of this SIM has already been ported out to another service.',
  },
  SIM_IS_EXPIRED_OVER_30_DAYS: {
    status: 409,
    message: 'This SIM expired more than 30 days ago and can no longer be recovered.',
  },
  SIM_IS_NOT_ELIGIBLE_FOR_RECOVERY: { status: 409, message: 'This SIM is not eligible for recovery.' },
  MDN_NOT_ELIGIBLE_FOR_PORTING: { status: 409, message: 'Phone Number is not eligible for port number activation' },
  SIM_IS_IN_USE: { status: 409, message: 'This SIM is in use.' },
  MDN_NOT_ELIGIBLE_FOR_PORTING_PORTING_IN_PROGRESS: {
    status: 409,
    message: 'This number is not eligible: a recovery port-in is already in progress.',
  },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

/** Every code, for lists and exhaustiveness tests. */
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

/** Errors the web app never displays (spec §8 'Suppressed'). */
export const SILENT_ERROR_CODES: readonly ErrorCode[] = ['SIM_DEACTIVATED', 'RESOURCE_NOT_AUTHORIZED', 'SIM_FOR_TESTING'];

/**
 * A 401 with this code is a wrong e-mail or password (sign-in, or the current password when changing
 * it or deleting the account), not an expired session: the client stays signed in (spec §8).
 */
export const CREDENTIALS_ERROR_CODE: ErrorCode = 'INCORRECT_CREDENTIALS';

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

/** Texts that are not errors but that both sides quote (spec §4 session timer, §8). */
export const Messages = {
  somethingWentWrong: ERRORS.INTERNAL_ERROR.message,
  sessionExpired: ERRORS.UNAUTHORIZED.message,
  sessionTimerExpired: 'Your session has been expired, please login again',
} as const;
