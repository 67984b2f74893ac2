/**
 * The error contract: every code the API answers with, once, with its HTTP status and its English
 * text (the spec's §8 wording where it has one). The server throws by code (`appError(code)`) and
 * answers `{ code, message, errors? }`; the web app decides what to do by `code` and shows its own
 * catalogue's translation of `error.<CODE>`, so one error reads the same everywhere and in every
 * language. The codes and statuses the browser needs are in error-codes.ts; the body's zod schema is in
 * contracts/errors.ts.
 */

import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from './error-codes.js';
import { Messages } from './error-policy.js';

export { ERROR_CODES, codeForStatus, errorStatus, isErrorCode, type ErrorCode } from './error-codes.js';
export { CREDENTIALS_ERROR_CODE, Messages, SILENT_ERROR_CODES } from './error-policy.js';

interface ErrorSpec {
  readonly status: number;
  readonly message: string;
}

/** The English text of every code: what the API answers in `message`. */
const ERROR_TEXTS: Record<ErrorCode, string> = {
  // --- generic --------------------------------------------------------------------------------
  BAD_REQUEST: 'The request is not valid',
  /** Request fields failed validation; `errors` names each field and what is wrong with it. */
  VALIDATION_FAILED: 'Please check the highlighted fields',
  UNAUTHORIZED: Messages.sessionExpired,
  FORBIDDEN: 'You are not allowed to do this',
  NOT_FOUND: 'The page you are looking for is not available',
  /** No route answers this method and path (always JSON under the API prefixes). */
  ROUTE_NOT_FOUND: 'The page you are looking for is not available',
  METHOD_NOT_ALLOWED: 'This action is not allowed here',
  REQUEST_TIMEOUT: 'The request took too long. Please try again.',
  CONFLICT: 'This was changed in the meantime. Please reload and try again.',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  UNSUPPORTED_MEDIA_TYPE: 'The request is not in a format we accept',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  HEADERS_TOO_LARGE: 'The request headers are too large',
  INTERNAL_ERROR: Messages.somethingWentWrong,
  SERVICE_UNAVAILABLE: 'The service is busy. Please try again in a moment.',

  // --- accounts (spec §8 and ours) ------------------------------------------------------------
  INCORRECT_CREDENTIALS: 'Incorrect e-mail or password.',
  EMAIL_NOT_VERIFIED: 'Your e-mail address is not verified yet. Please enter the code we sent you, or request a new one.',
  SUBSCRIBER_ALREADY_EXISTS: 'A subscriber with that email already exists. Please use another email address.',
  ACCOUNT_LOCKED: 'Too many failed sign-in attempts. Please try again later or reset your password.',
  INVALID_VERIFICATION_CODE: 'The verification code is incorrect.',
  VERIFICATION_CODE_EXPIRED: 'This verification code has expired or was tried too many times. Please request a new one.',
  INVALID_RESET_TOKEN: 'This password reset link is invalid or has expired. Please request a new one.',
  SAME_PASSWORD: 'The new password must be different from the current one.',
  TOKEN_REQUIRED: 'Token is required',

  // --- catalogue --------------------------------------------------------------------------------
  PLAN_NOT_FOUND: 'The plan you requested could not be found',
  RATE_NOT_FOUND: 'The rate you requested could not be found',
  COVERAGE_NOT_FOUND: 'Coverage not found',
  NO_AVAILABLE_SHIPPER: 'No available shipper',

  // --- orders and money (spec §8) ----------------------------------------------------------------
  ORDER_NOT_FOUND: 'Order not found',
  INVOICE_NOT_FOUND: 'Invoice not found',
  PAYMENT_OPTION_NOT_AVAILABLE: 'This payment option is not available.',
  PAYMENT_METHOD_NOT_SUPPORTED: 'The selected payment method is not supported by the payment gateway. Please try another one.',
  INVALID_SHIPPING_ADDRESS: 'The provided shipping address is invalid or incomplete. Please review the address details and try again.',
  SIM_MUST_SHIP_OUTSIDE_US: 'You must have at least one SIM shipped outside US',
  STATUS_NOT_FOUND: 'Status not found',
  /** The server's total differs from the one the customer was shown (prices changed, or a tampered request). */
  PRICE_CHANGED: 'The price of your order has changed. Please review the new total and try again.',
  /** A line of the cart is no longer on sale or does not fit its plan. */
  CART_NOT_SELLABLE: 'Some items in your cart are no longer available. Please review your cart.',
  /** The order cannot be paid, changed or canceled in its current state. */
  ORDER_NOT_PAYABLE: 'This order can no longer be paid.',
  ORDER_CANNOT_BE_CANCELED: 'This order can no longer be canceled.',
  ORDER_ADDRESS_LOCKED: 'The order has already shipped; its address can no longer be changed.',
  /** A payment attempt of this order is still waiting for the customer or the gateway. */
  PAYMENT_IN_PROGRESS: 'A payment for this order is already in progress.',
  /** The gateway refused the payment; `reason` in the answer says why (card_declined, insufficient_funds, expired_card…). */
  PAYMENT_DECLINED: 'Your payment was declined. Please try another card or payment method.',
  PAYMENT_NOT_FOUND: 'Payment not found',
  PAYMENT_METHOD_NOT_FOUND: 'Card not found',
  CARD_EXPIRED: 'This card has expired. Please use another card.',
  INSUFFICIENT_BALANCE: 'Your balance is not enough for this order.',
  /** The gateway could not be reached; nothing was charged twice, and the order stays payable. */
  GATEWAY_UNAVAILABLE: 'The payment provider is not answering. Please try again in a moment.',
  INVALID_WEBHOOK: 'The notification could not be verified.',
  /** SPEC §1 refund policy. */
  REFUND_NOT_ALLOWED: 'This order cannot be refunded: refunds are possible only while the SIM is not activated.',

  // --- SIMs (spec §8) --------------------------------------------------------------------------
  PROBLEM_WITH_ACTIVATION: 'Looks like you have error activating your SIM. Please contact customer support',
  SIM_HAS_NO_ACTIVE_PLAN: 'The SIM you requested does not have an active plan.',
  SAME_PLAN: 'You cannot change to the same plan',
  NO_ADDONS_FOR_PLAN: 'For the selected plan, there are no available add-ons',
  ZIP_REQUIRED: 'Please add your ZIP/Postal code first',
  /** The three the web app never shows (spec §8, suppressed messages). */
  SIM_DEACTIVATED: 'The SIM you requested is deactivated.',
  RESOURCE_NOT_AUTHORIZED: 'You are not authorized to access this resource.',
  SIM_FOR_TESTING: 'The SIM you requested is for testing purposes.',

  SIM_NOT_FOUND: 'The SIM you requested could not be found',
  INVALID_ZIP: 'Please enter a valid US ZIP code',
  SIM_NOT_ACTIVATABLE: 'This SIM cannot be activated: it is already active or has no paid plan.',
  SIM_ACTION_PENDING: 'A change to this SIM is already on its way. Please wait for it to finish.',
  SIM_NOT_ACTIVE: 'This SIM is not active.',
  E911_ADDRESS_INVALID: 'The 911 address could not be validated. Please check the highlighted fields.',
  E911_ADDRESS_REQUIRED: 'Wi-Fi calling needs a validated 911 address first.',
  ESIM_ONLY: 'This action is only available for eSIMs.',
  PHYSICAL_SIM_ONLY: 'This action is only available for physical SIM cards.',
  /** A replacement card (refresh or recovery onto a new SIM card) that is unknown, sold to someone else or in use. */
  SIM_CARD_NOT_AVAILABLE: 'This SIM card cannot be used. Please check the ICCID printed on the card.',
  /** A card the network knows but that was sold without a plan (a blank or replacement card): nothing to add to an account. */
  SIM_CARD_HAS_NO_PLAN: 'This SIM card has no plan yet, so there is nothing to add to your account.',
  CARRIER_UNAVAILABLE: 'The network is not answering right now. Please try again in a moment.',
  /** An add-on kept on the account (bought without a SIM) that is not this subscriber's, or does not exist. */
  ADDON_NOT_FOUND: 'The add-on could not be found',
  ADDON_ALREADY_ACTIVATED: 'This add-on is already in use on another SIM.',
  ADDON_NOT_FOR_THIS_PLAN: 'This add-on cannot be used with the plan of the chosen SIM.',

  // --- porting (spec §8) -------------------------------------------------------------------------
  /** `{num}` is replaced by the number. */
  PORT_NUMBER_INVALID: 'The Phone Number {num} is invalid.',
  PORT_NUMBER_NOT_ELIGIBLE: 'The number {num} is either not eligible for port-in or is already in the process of being ported',
  PORT_NOT_FOUND: 'The port-in request could not be found',
  PORT_NOT_CANCELABLE: 'This port-in can no longer be canceled.',
  PORT_NOT_RESUBMITTABLE: 'This port-in does not need any correction.',

  // --- SIM recovery (spec §8) ----------------------------------------------------------------------
  SIM_NOT_ACTIVE_OR_EXPIRED: 'The SIM is not active or has expired.',
  SIM_ALREADY_PORTED_OUT_TO_ANOTHER_SERVICE: 'The number of this SIM has already been ported out to another service.',
  SIM_IS_EXPIRED_OVER_30_DAYS: 'This SIM expired more than 30 days ago and can no longer be recovered.',
  SIM_IS_NOT_ELIGIBLE_FOR_RECOVERY: 'This SIM is not eligible for recovery.',
  MDN_NOT_ELIGIBLE_FOR_PORTING: 'Phone Number is not eligible for port number activation',
  SIM_IS_IN_USE: 'This SIM is in use.',
  MDN_NOT_ELIGIBLE_FOR_PORTING_PORTING_IN_PROGRESS: 'This number is not eligible: a recovery port-in is already in progress.',
};

export const ERRORS = Object.fromEntries(ERROR_CODES.map((code) => [code, { status: ERROR_STATUS[code], message: ERROR_TEXTS[code] }])) as {
  readonly [C in ErrorCode]: ErrorSpec;
};
