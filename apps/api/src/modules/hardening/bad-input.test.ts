import { count } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFieldErrorCode } from '@app/shared/field-errors';
import { loginResponseSchema } from '@app/shared/contracts/auth';
import { subscribers } from '../../db/schema/accounts.js';
import { address, card, newId, pickPlans, planItem, type PickedPlan } from '../../test/checkout-fixtures.js';
import { buildTestApp, testEnv } from '../../test/helpers.js';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.js';

/**
 * "Never a 5xx": every registered /public and /subscriber route gets a battery of hostile input
 * (broken bodies and content types, wrong JSON types, huge and odd strings, NUL bytes, odd numbers,
 * SQL-ish text, bad path segments and query strings, prototype-pollution keys, forged tokens and
 * garbage headers). Each answer must be below 500, and every error must follow the house contract:
 * a JSON body `{ message, code, errors?, retryAfter?, reason? }`, with `errors[].field` on validation errors,
 * naming the field the case broke. /subscriber routes get every case twice: without a token (must
 * be refused) and with a live session, so the validation and service paths behind the auth hook run.
 *
 * Field cases start from a body that passes validation and break one field at a time, so the
 * other fields do not stop the request before the broken value reaches the service and database.
 */

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let t: TestApp;
let peer: SmtpPeer;
const registered = new Set<string>();

// Limits high enough that no case is refused with 429 before reaching the code under test (one
// test below asserts that none was). The lockout threshold is the highest config allows.
const roomy = {
  RATE_LIMIT_LOGIN: '100000/15m',
  RATE_LIMIT_LOGIN_EMAIL: '100000/15m',
  RATE_LIMIT_REGISTER: '100000/1h',
  RATE_LIMIT_REGISTER_EMAIL: '100000/1h',
  RATE_LIMIT_VERIFY: '100000/15m',
  RATE_LIMIT_VERIFY_EMAIL: '100000/15m',
  RATE_LIMIT_RESEND: '100000/1h',
  RATE_LIMIT_RESEND_EMAIL: '100000/1h',
  RATE_LIMIT_FORGOT: '100000/1h',
  RATE_LIMIT_FORGOT_EMAIL: '100000/1h',
  RATE_LIMIT_RESET: '100000/15m',
  RATE_LIMIT_SOCIAL: '100000/15m',
  SIM_ASSIGN_MISSES: '100000/1h',
  LOGIN_LOCK_THRESHOLD: '1000',
  VERIFICATION_RESEND_SECONDS: '0',
  // A configured provider whose issuer refuses connections: start and callback run their real
  // code up to discovery or the state lookup, then fail the way an outage would.
  OIDC_PROVIDERS: 'acme',
  OIDC_ACME_ISSUER: 'http://127.0.0.1:9/',
  OIDC_ACME_CLIENT_ID: 'shop-web',
  OIDC_ACME_CLIENT_SECRET: 'shop-web-secret',
};

const PASSWORD = 'Blue-Harbour-Lantern-42';
const NEW_PASSWORD = 'Copper-Valley-Orchard-91';
const WRONG_PASSWORD = 'Not-The-Password-At-All-7';

interface Ctx {
  planId: string;
  /** A paid physical plan, for purchase bodies. */
  plan: PickedPlan;
  email: string;
  subscriberId: string;
  sessionId: string;
  token: string;
  /** A second session of the same person, for the logout route (which ends its session). */
  logoutToken: string;
}
let ctx: Ctx;

let seq = 0;
const freshEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${++seq}@fuzz.example`;

async function signIn(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/public/auth/login', payload: { email, password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return loginResponseSchema.parse(res.json()).token;
}

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await buildTestApp({
    env: { SMTP_URL: peer.url, ...roomy },
    onRoute: (r) => {
      for (const m of [r.method].flat()) registered.add(`${m} ${r.url}`);
    },
  });
  const categories = await t.app.inject({ method: 'GET', url: '/public/plan_category' });
  const planId = (categories.json() as { plans: { id: string }[] }[]).flatMap((c) => c.plans)[0]?.id;
  if (!planId) throw new Error('the seed has no plan');

  const email = freshEmail('owner');
  const before = peer.received.length;
  const reg = await t.app.inject({
    method: 'POST',
    url: '/public/auth/register',
    payload: { firstName: 'Fuzz', lastName: 'Owner', email, phone: '+1 646 555 0100', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const code = /\b(\d{6})\b/.exec((await peer.waitFor(email, { after: before })).text)?.[1];
  expect((await t.app.inject({ method: 'POST', url: `/public/auth/verify/${code}`, payload: { email } })).statusCode).toBe(200);
  const token = await signIn(email);
  const claims = decodeJwt(token);
  const plan = (await pickPlans(t.container)).physical[0];
  if (!plan) throw new Error('the seed has no paid physical plan');
  ctx = { planId, plan, email, token, subscriberId: claims.sub!, sessionId: claims.sid as string, logoutToken: await signIn(email) };
  accountsBefore = await countAccounts();
});

let accountsBefore = 0;
async function countAccounts() {
  const [row] = await t.db.select({ n: count() }).from(subscribers);
  return row?.n ?? 0;
}

afterAll(async () => {
  await t?.close();
  await peer?.close();
});

// --- what each route looks like when called correctly ------------------------------------------

interface RouteSpec {
  params?: (c: Ctx) => Record<string, string>;
  query?: (c: Ctx) => Record<string, string>;
  /** A body that passes validation; each field case breaks one field of it. */
  body?: (c: Ctx) => Record<string, unknown>;
  /** Which session the signed-in run uses (default: the main one). */
  token?: (c: Ctx) => string;
  /** Content type of a 2xx answer when it is not JSON (a page for people). */
  produces?: string;
}

const NO_SIM = '00000000-0000-4000-8000-00000000f022';
// A well-formed ICCID (Luhn check digit) that no card has: valid requests reach the lookup and end in 404.
const NO_ICCID = '8901260999999999997';
const FUZZ_REQUEST = '00000000-0000-4000-8000-0000000fa221';
const PORT = { number: '+1 312 555 0142', authorizedName: 'Fuzz Owner', accountNumber: 'ACC-1001', pin: '4321', billingAddress: '1 Main St', zip: '60602' };

// Checkout: ids that name nothing (valid requests end in 404 or a 4xx rule), and whole valid bodies.
const NO_ORDER = '00000000-0000-4000-8000-0000000c0de0';
const NO_TOKEN = 'A'.repeat(43);
const purchase = (c: Ctx, extra: Record<string, unknown> = {}) => ({
  items: [planItem(c.plan)],
  expectedTotal: 1,
  requestId: newId(),
  shippingAddress: address('US'),
  ...extra,
});
const payment = (extra: Record<string, unknown> = {}) => ({
  orderId: NO_ORDER,
  gateway: 'sandbox',
  method: 'card',
  cardToken: card('ok'),
  requestId: newId(),
  ...extra,
});
const page = () => ({ page: '1', pageSize: '20' });

const registration = () => ({
  firstName: 'Maria',
  lastName: 'Lopez',
  email: freshEmail('reg'),
  phone: '+1 646 555 0100',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  locale: 'es',
  resellerCode: 'DEMO10',
});

/**
 * Every /public and /subscriber route, with valid inputs. Destructive routes get a body that is
 * valid but wrong (a wrong current password), so the fuzz cannot change the password or delete
 * the account that the rest of the run signs in with.
 */
const ROUTES: Record<string, RouteSpec> = {
  'GET /public/ping': {},
  'GET /public/openapi.json': {},
  'GET /public/api-docs': { produces: 'text/html' },
  'GET /public/plan_category': {},
  'GET /public/plan/:id': { params: (c) => ({ id: c.planId }) },
  'GET /public/plan_pricing': { query: (c) => ({ planId: c.planId, isActive: 'true' }) },
  'GET /public/add-on_plan': { query: () => ({ isActive: 'true' }) },
  'GET /public/rate': { query: () => ({ country: 'FR' }) },
  'GET /public/shipping_rate': { query: () => ({ country: 'US' }) },
  'GET /public/pwg/coverage/:zipcode': { params: () => ({ zipcode: '10001' }) },
  'GET /public/service_provider/public_details': {},
  'GET /public/utility/is_valid_reseller_code': { query: () => ({ code: 'DEMO10' }) },
  'GET /public/utility/ip_country': {},
  'GET /public/auth': {},
  'POST /public/auth/register': { body: registration },
  'POST /public/auth/verify/:code': { params: () => ({ code: '123456' }), body: () => ({ email: 'nobody@fuzz.example' }) },
  'POST /public/auth/verify/:code/resend_code': { params: () => ({ code: 'any' }), body: () => ({ email: 'nobody@fuzz.example' }) },
  'POST /public/auth/login': { body: () => ({ email: 'nobody@fuzz.example', password: WRONG_PASSWORD, stayLoggedIn: true }) },
  'POST /public/auth/forgot_password': { body: () => ({ email: 'nobody@fuzz.example' }) },
  'POST /public/auth/reset_password': {
    body: () => ({ token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
  },
  'GET /public/auth/social/providers': {},
  'GET /public/auth/social/:type': { params: () => ({ type: 'acme' }), query: () => ({ remember: '1' }) },
  'GET /public/auth/social/:type/callback': { params: () => ({ type: 'acme' }), query: () => ({ code: 'abc', state: 'def' }) },
  'POST /public/auth/social/:type/callback': { params: () => ({ type: 'acme' }), body: () => ({ code: 'abc', state: 'def' }) },
  'POST /subscriber/change_password': {
    body: () => ({ currentPassword: WRONG_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
  },
  'POST /subscriber/logout': { token: (c) => c.logoutToken },
  'POST /subscriber/delete_account': { body: () => ({ password: WRONG_PASSWORD }) },
  'DELETE /subscriber/profile': { body: () => ({ password: WRONG_PASSWORD }) },
  'GET /subscriber/profile': {},
  'PATCH /subscriber/profile': {
    body: () => ({
      firstName: 'Ana',
      lastName: 'Tester',
      phone: '+44 20 7946 0000',
      country: 'US',
      whenBelow: 500,
      topUpAmount: 2000,
      balanceThreshold: 300,
      birthDate: '07/04/1990',
      shippingAddress1: '350 Fifth Avenue',
      shippingAddress2: 'Suite 4200',
      city: 'New York',
      state: 'NY',
      zipcode: '10118',
      locale: 'fr',
    }),
  },
  'GET /subscriber/plan/:id': { params: (c) => ({ id: c.planId }) },
  'GET /subscriber/plan_pricing': { query: (c) => ({ planId: c.planId, isActive: 'true' }) },
  // SIMs: the fuzzing account owns none, so valid requests end in 404 SIM_NOT_FOUND (or a 4xx rule).
  'GET /subscriber/sim': { query: () => ({ query: '8901', page: '1', limit: '10' }) },
  'GET /subscriber/sim/:id': { params: () => ({ id: NO_SIM }) },
  'POST /subscriber/sim/:id/activate': { params: () => ({ id: NO_SIM }), body: () => ({ zip: '10001' }) },
  'POST /subscriber/sim/:id/reactivate': { params: () => ({ id: NO_SIM }), body: () => ({ zip: '10001' }) },
  'POST /subscriber/sim/:id/reconnect': { params: () => ({ id: NO_SIM }) },
  'POST /subscriber/sim/:id/assign': { params: () => ({ id: NO_ICCID }) },
  'POST /subscriber/sim/:id/pwg/wfc': {
    params: () => ({ id: NO_SIM }),
    body: () => ({ enabled: true, address: { street: '350 Fifth Avenue', city: 'New York', state: 'NY', zip: '10118' } }),
  },
  'POST /subscriber/sim/:id/plan/auto_renew/:state': { params: () => ({ id: NO_SIM, state: 'enable' }) },
  'POST /subscriber/sim/:id/plan/auto_extend/:state': { params: () => ({ id: NO_SIM, state: 'disable' }) },
  'GET /subscriber/sim/:id/usage_log': { params: () => ({ id: NO_SIM }), query: () => ({ page: '1', limit: '50' }) },
  'GET /subscriber/sim/check_recoverability/:id': { params: () => ({ id: NO_SIM }) },
  'GET /subscriber/sim/:id/purchase/allowed-addon-plans': { params: () => ({ id: NO_SIM }) },
  'GET /subscriber/add-on_plans': {},
  'POST /subscriber/sim/:id/plan/renew/price': { params: () => ({ id: NO_SIM }), body: () => ({ mode: 'renew' }) },
  'POST /subscriber/sim/:id/plan/renew': { params: () => ({ id: NO_SIM }), body: () => ({ mode: 'extend', expectedTotal: 1000, requestId: FUZZ_REQUEST }) },
  'POST /subscriber/sim/:id/plan/change/price': { params: () => ({ id: NO_SIM }), body: (c) => ({ planId: c.planId, priceId: NO_SIM }) },
  'POST /subscriber/sim/:id/plan/change': { params: () => ({ id: NO_SIM }), body: (c) => ({ planId: c.planId, priceId: NO_SIM, expectedTotal: 1000, requestId: FUZZ_REQUEST }) },
  'POST /subscriber/sim/:id/recovery/purchase/price': { params: () => ({ id: NO_SIM }), body: () => ({}) },
  'POST /subscriber/sim/:id/recovery/purchase': { params: () => ({ id: NO_SIM }), body: () => ({ expectedTotal: 1000, requestId: FUZZ_REQUEST }) },
  'POST /subscriber/sim/:id/addons/purchase/price': { params: () => ({ id: NO_SIM }), body: () => ({ items: [{ addonId: NO_SIM, quantity: 1 }] }) },
  'POST /subscriber/sim/:id/addons/purchase': {
    params: () => ({ id: NO_SIM }),
    body: () => ({ items: [{ addonId: NO_SIM, quantity: 1 }], expectedTotal: 1000, requestId: FUZZ_REQUEST }),
  },
  'POST /subscriber/sim/:id/recovery/esn/activate': { params: () => ({ id: NO_SIM }), body: () => ({ esn: NO_ICCID, expectedTotal: 1000, requestId: FUZZ_REQUEST }) },
  'POST /subscriber/sim/:id/refresh/price': { params: () => ({ id: NO_SIM }), body: () => ({ esn: NO_ICCID }) },
  'POST /subscriber/sim/:id/refresh': { params: () => ({ id: NO_SIM }), body: () => ({ expectedTotal: 0, requestId: FUZZ_REQUEST }) },
  'POST /subscriber/sim/:id/refresh/esn/activate': { params: () => ({ id: NO_SIM }), body: () => ({ esn: NO_ICCID, expectedTotal: 0, requestId: FUZZ_REQUEST }) },
  'POST /subscriber/sim/:id/sim_source/change/purchase/price': { params: () => ({ id: NO_SIM }), body: () => ({}) },
  'POST /subscriber/sim/:id/sim_source/change/purchase': { params: () => ({ id: NO_SIM }), body: () => ({ expectedTotal: 0, requestId: FUZZ_REQUEST }) },
  'POST /subscriber/sim/:id/reorder/purchase/price': { params: () => ({ id: NO_SIM }), body: () => ({ shippingCountry: 'US' }) },
  'POST /subscriber/sim/:id/reorder/purchase': { params: () => ({ id: NO_SIM }), body: () => ({ shippingAddress: address('US'), expectedTotal: 1000, requestId: FUZZ_REQUEST }) },
  'POST /subscriber/top_up/price': { body: () => ({ amount: 2500 }) },
  'POST /subscriber/top_up': { body: () => ({ amount: 2500, expectedTotal: 2500, requestId: FUZZ_REQUEST }) },
  'GET /subscriber/affiliate': {},
  'POST /public/sim/port/validate': { body: () => ({ number: '+1 312 555 0142' }) },
  'POST /subscriber/sim/port/validate': { body: () => ({ number: '+1 312 555 0142' }) },
  'POST /subscriber/sim/port/activate/to_inactive_sim': { body: () => ({ ...PORT, simId: NO_SIM }) },
  'POST /subscriber/sim/port/activate/to_active_sim': { body: () => ({ ...PORT, simId: NO_SIM }) },
  'GET /subscriber/sim/port': {},
  'POST /subscriber/sim/port/check': { body: () => ({ portId: NO_SIM }) },
  'POST /subscriber/sim/port/cancel': { body: () => ({ portId: NO_SIM }) },
  'POST /subscriber/sim/port/:id/resubmit': { params: () => ({ id: NO_SIM }), body: () => ({ accountNumber: 'ACC-1001' }) },
  'GET /subscriber/sim/port/:id/port-out': { params: () => ({ id: NO_SIM }) },
  'POST /subscriber/sim/port/:id/port-out': { params: () => ({ id: NO_SIM }), body: () => ({ requestId: FUZZ_REQUEST }) },
  'GET /subscriber/add-on_plan/held': {},
  'POST /subscriber/add-on_plan/activate': { body: () => ({ heldAddOnId: NO_SIM, simId: NO_SIM }) },
  'POST /public/add-on_plan/purchase/price': { body: () => ({ items: [{ addonId: NO_SIM, quantity: 1 }] }) },
  'POST /public/add-on_plan/purchase': {
    body: () => ({ items: [{ addonId: NO_SIM, quantity: 1 }], iccid: NO_ICCID, emailAddress: freshEmail('payer'), expectedTotal: 1000, requestId: newId() }),
  },
  'GET /public/sim/lookup': { query: () => ({ iccid: NO_ICCID }) },
  'GET /public/sim/availability': {},
  'POST /public/sim/:id/verify': { params: () => ({ id: NO_ICCID }) },
  'GET /public/sim/:id/sim_source': { params: () => ({ id: NO_ICCID }) },
  'GET /public/sim_source': {},
  'POST /public/sim/:id/activate': { params: () => ({ id: NO_ICCID }), body: () => ({ zip: '10001' }) },
  'GET /public/sim/:id/purchase/allowed-addon-plans': { params: (c) => ({ id: c.planId }) },
  'POST /public/sim/:id/purchase/price': { params: () => ({ id: NO_ICCID }), body: () => ({ action: 'renew' }) },
  'POST /public/sim/:id/purchase': {
    params: () => ({ id: NO_ICCID }),
    body: () => ({ action: 'addons', items: [{ addonId: NO_SIM, quantity: 1 }], emailAddress: freshEmail('payer'), expectedTotal: 1000, requestId: newId() }),
  },
  'POST /public/sim/:id/renew': { params: () => ({ id: NO_ICCID }), body: () => ({ mode: 'renew', emailAddress: freshEmail('payer'), expectedTotal: 1000, requestId: newId() }) },
  'POST /public/sim/:id/wfc': {
    params: () => ({ id: NO_ICCID }),
    body: () => ({ enabled: true, address: { street: '1355 Market Street', city: 'San Francisco', state: 'CA', zip: '94103' } }),
  },
  // Checkout and money.
  'POST /public/sim/purchase/price': { body: (c) => ({ items: [planItem(c.plan)], shippingCountry: 'US' }) },
  'POST /subscriber/sim/purchase/price': { body: (c) => ({ items: [planItem(c.plan)], shippingCountry: 'US' }) },
  'POST /public/sim/purchase': { body: (c) => purchase(c, { emailAddress: freshEmail('buyer') }) },
  'POST /subscriber/sim/purchase': { body: (c) => purchase(c) },
  'POST /subscriber/add-on_plan/purchase/price': { body: (c) => ({ simId: NO_SIM, items: [{ addonId: c.planId, quantity: 1 }] }) },
  'POST /subscriber/add-on_plan/purchase': {
    body: (c) => ({ simId: NO_SIM, items: [{ addonId: c.planId, quantity: 1 }], expectedTotal: 1, requestId: newId() }),
  },
  'POST /subscriber/sim/purchase/sim/price': { body: () => ({ quantity: 1, shippingCountry: 'US' }) },
  'POST /subscriber/sim/purchase/sim': { body: () => ({ quantity: 1, expectedTotal: 1, requestId: newId(), shippingAddress: address('US') }) },
  'GET /public/order/:id': { params: () => ({ id: NO_ORDER }) },
  'GET /subscriber/order': { query: page },
  'GET /subscriber/fulfillment': { query: page },
  'GET /subscriber/order/:id': { params: () => ({ id: NO_ORDER }) },
  'PATCH /public/order/:id/address': { params: () => ({ id: NO_ORDER }), body: () => ({ shippingAddress: address('US') }) },
  'PATCH /subscriber/order/:id/address': { params: () => ({ id: NO_ORDER }), body: () => ({ shippingAddress: address('US') }) },
  'POST /public/order/:id/cancel': { params: () => ({ id: NO_ORDER }) },
  'POST /subscriber/order/:id/cancel': { params: () => ({ id: NO_ORDER }) },
  'GET /public/payment/gateways': {},
  'POST /public/payment': { body: () => payment({ accessToken: NO_TOKEN }) },
  'POST /subscriber/payment': { body: () => payment() },
  'GET /subscriber/payment': { query: page },
  'GET /public/payment/:id': { params: () => ({ id: NO_ORDER }) },
  'POST /public/payment/:id/confirm': { params: () => ({ id: NO_ORDER }), body: () => ({ accessToken: NO_TOKEN }) },
  'POST /subscriber/payment/:id/confirm': { params: () => ({ id: NO_ORDER }) },
  'POST /public/payment/:id/cancel': { params: () => ({ id: NO_ORDER }), body: () => ({ accessToken: NO_TOKEN }) },
  'POST /subscriber/payment/:id/cancel': { params: () => ({ id: NO_ORDER }) },
  'POST /public/payment/sandbox/authenticate/:reference': { params: () => ({ reference: `ch_sandbox_${'0'.repeat(24)}` }), body: () => ({ approve: true }) },
  'POST /public/payment/webhook/:gateway': { params: () => ({ gateway: 'stripe' }), body: () => ({ id: 'evt_fuzz', type: 'payment_intent.succeeded' }) },
  'GET /subscriber/payment_method': {},
  'POST /subscriber/payment_method': { body: () => ({ cardToken: card('ok'), nameOnCard: 'Fuzz Owner' }) },
  'DELETE /subscriber/payment_method/:id': { params: () => ({ id: NO_ORDER }) },
  'POST /subscriber/payment_method/:id/default': { params: () => ({ id: NO_ORDER }) },
  'POST /subscriber/auto_renew/enable': { body: () => ({ paymentMethodId: NO_ORDER }) },
  'POST /subscriber/auto_renew/disable': { body: () => ({ paymentMethodId: NO_ORDER }) },
  'POST /subscriber/auto_extend/enable': { body: () => ({ paymentMethodId: NO_ORDER }) },
  'POST /subscriber/auto_extend/disable': { body: () => ({ paymentMethodId: NO_ORDER }) },
  'POST /subscriber/auto_top-up/enable': { body: () => ({ paymentMethodId: NO_ORDER }) },
  'POST /subscriber/auto_top-up/disable': { body: () => ({ paymentMethodId: NO_ORDER }) },
  'GET /subscriber/balance_transaction': { query: page },
  'GET /subscriber/invoice': { query: page },
  'GET /subscriber/invoice/:id': { params: () => ({ id: NO_ORDER }) },
  'GET /subscriber/invoice/:id/pdf': { params: () => ({ id: NO_ORDER }) },
  'GET /public/invoice/:token': { params: () => ({ token: NO_TOKEN }) },
  'GET /public/invoice/:token/pdf': { params: () => ({ token: NO_TOKEN }) },
};

// --- the hostile values -----------------------------------------------------------------------

const HUGE = 'x'.repeat(100_000);

const HOSTILE_STRINGS: [string, string][] = [
  ['empty', ''],
  ['blank', '   '],
  ['100 KB', HUGE],
  ['NUL', '\u0000'],
  ['embedded NUL', 'ab\u0000cd'],
  ['control characters', '\u0001\u0007\u001b[31m\u007f'],
  ['RTL override', '\u202Egnp.exe'],
  ['zero-width', '\u200B\u200D\uFEFF'],
  ['emoji ZWJ', '👩‍👩‍👧‍👦'],
  ['lone surrogate', '\uD800'],
  ['combining marks', 'Z\u0351\u036B\u0343\u036A\u0302\u036B\u033D\u034F\u0334\u0319'],
  ['Arabic-Indic digits', '٠١٢٣٤٥٦٧٨٩'],
  ['SQL quote', "' OR '1'='1' --"],
  ['SQL drop', "'; DROP TABLE subscribers; --"],
  ['SQL union', '1/**/UNION/**/SELECT/**/password_hash/**/FROM/**/subscribers'],
  ['LIKE wildcards', '%_%'],
  ['backslashes', '\\\\\\'],
  ['HTML', '<script>alert(1)</script>'],
  ['template', '${7*7}{{7*7}}#{7*7}'],
  ['printf', '%s%s%n%x'],
  ['path traversal', '../../../../etc/passwd'],
  ['CRLF', 'a\r\nSet-Cookie: x=1'],
  ['numeric string', '12345'],
  ['negative string', '-1'],
  ['float string', '1.5e308'],
  ['NaN string', 'NaN'],
  ['Infinity string', 'Infinity'],
  ['nil UUID', '00000000-0000-0000-0000-000000000000'],
  ['e-mail-ish', 'a@b.c'],
];

const HOSTILE_OTHERS: [string, unknown][] = [
  ['zero', 0],
  ['negative', -1],
  ['float', 1.5],
  ['1e308', 1e308],
  ['-2^63', -(2 ** 63)],
  ['2^31', 2 ** 31],
  ['unsafe integer', 2 ** 53 + 1],
  ['true', true],
  ['false', false],
  ['null', null],
  ['empty array', []],
  ['array of strings', ['a', 'b']],
  ['empty object', {}],
  ['operator object', { $gt: '' }],
];

/** Values JSON.stringify cannot produce: spliced into the text where a placeholder stood. */
const RAW_NUMBERS: [string, string][] = [
  ['1e999 (Infinity)', '1e999'],
  ['-1e999', '-1e999'],
  ['-0', '-0'],
];

const JSON_TYPE = { 'content-type': 'application/json' };

interface Case {
  name: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** The body field or query/path parameter this case broke. */
  field?: string;
}

/** Whole bodies: wrong content types, broken JSON, wrong JSON types, pollution keys, size. */
function bodyCases(base: Record<string, unknown> | undefined): [string, Pick<Case, 'headers' | 'payload' | 'field'>][] {
  const good = JSON.stringify(base ?? {});
  const inner = good.slice(1, -1);
  const join = (extra: string) => `{${inner}${inner ? ',' : ''}${extra}}`;
  const json = (payload: string | Buffer) => ({ headers: JSON_TYPE, payload });
  const typed = (type: string, payload: string | Buffer) => ({ headers: { 'content-type': type }, payload });
  return [
    ['no body', {}],
    ['empty JSON body', json('')],
    ['truncated JSON', json('{"a":')],
    ['trailing garbage', json(`${good}xyz`)],
    ['single quotes', json("{'a':1}")],
    ['JSON array', json('[]')],
    ['JSON array of the body', json(`[${good}]`)],
    ['JSON string', json('"x"')],
    ['JSON null', json('null')],
    ['JSON number', json('42')],
    ['JSON true', json('true')],
    ['__proto__ key', json(join('"__proto__":{"polluted":true}'))],
    ['constructor.prototype key', json(join('"constructor":{"prototype":{"polluted":true}}'))],
    ['constructor key', { ...json(join('"constructor":{"name":"x"}')), field: 'constructor' }],
    ['nested __proto__', json(join('"nested":{"__proto__":{"polluted":true}}'))],
    ['duplicate keys', json(inner ? `{${inner},${inner}}` : '{"a":1,"a":2}')],
    ['unknown key', { ...json(join('"isAdmin":true')), field: 'isAdmin' }],
    ['deeply nested object', json(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`)],
    ['deeply nested array', json(`${'['.repeat(10_000)}${']'.repeat(10_000)}`)],
    ['2 MB body', json(`{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`)],
    ['byte order mark', json(`\uFEFF${good}`)],
    ['invalid UTF-8', json(Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]))],
    ['UTF-16 charset', typed('application/json; charset=utf-16le', Buffer.from(good, 'utf16le'))],
    ['JSON with parameters', typed('application/json; foo=bar', good)],
    ['vendor JSON type', typed('application/vnd.api+json', good)],
    ['text/plain', typed('text/plain', 'hello')],
    ['text/plain holding JSON', typed('text/plain', good)],
    ['form-urlencoded', typed('application/x-www-form-urlencoded', 'a=1&b=%ZZ&__proto__[x]=1')],
    ['multipart', typed('multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n')],
    ['XML', typed('application/xml', '<a/>')],
    ['octet-stream', typed('application/octet-stream', Buffer.from([0, 1, 2, 255]))],
    ['content-type garbage', typed(';;;', good)],
  ];
}

const SEGMENTS: [string, string][] = [
  ['not a UUID', 'not-a-uuid'],
  ['zero', '0'],
  ['negative', '-1'],
  ['float', '1.5'],
  ['NaN', 'NaN'],
  ['null', 'null'],
  ['nil UUID', '00000000-0000-0000-0000-000000000000'],
  ['max UUID', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
  ['braced UUID', '%7B00000000-0000-4000-8000-000000000000%7D'],
  ['100 characters', 'x'.repeat(100)],
  ['101 characters', 'x'.repeat(101)],
  ['10 KB', 'x'.repeat(10_000)],
  ['bad escape %ZZ', '%ZZ'],
  ['lone %', '%'],
  ['short escape', '%0'],
  ['encoded NUL', '%00'],
  ['embedded NUL', 'a%00b'],
  ['overlong UTF-8', '%C0%AF'],
  ['encoded surrogate', '%ED%A0%80'],
  ['truncated UTF-8', '%F0%9F%98'],
  ['invalid UTF-8', '%FF%FE'],
  ['RTL override', '%E2%80%AE'],
  ['encoded slash', '%2F'],
  ['dot dot', '..'],
  ['encoded traversal', '%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
  ['SQL quote', "'%20OR%20'1'%3D'1"],
  ['SQL drop', '%27%3B%20DROP%20TABLE%20subscribers%3B--'],
  ['HTML', '%3Cscript%3E'],
  ['emoji', encodeURIComponent('👩‍👩‍👧‍👦')],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['space', '%20'],
  ['plus', '+'],
];

/** encodeURIComponent, but a lone surrogate becomes the bytes a sloppy client would send. */
function encode(value: string) {
  return value
    .split(/([\uD800-\uDFFF])/u)
    .map((part) => (/^[\uD800-\uDFFF]$/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

/** Query strings as a client could send them, including ones no form would produce. */
function queryCases(keys: string[]): [string, string, string | undefined][] {
  const cases: [string, string, string | undefined][] = [];
  for (const key of keys) {
    for (const [label, value] of HOSTILE_STRINGS) cases.push([`${key}=${label}`, `${encode(key)}=${encode(value)}`, key]);
    cases.push([`${key} twice`, `${key}=a&${key}=b`, key]);
    cases.push([`${key} without value`, key, key]);
    cases.push([`${key} empty`, `${key}=`, key]);
    cases.push([`${key}[]`, `${key}[]=1&${key}[]=2`, key]);
    cases.push([`${key}[a]`, `${key}[a]=1`, key]);
    cases.push([`${key} bad escape`, `${key}=%ZZ`, key]);
    cases.push([`${key} encoded NUL`, `${key}=%00`, key]);
  }
  for (const key of ['unknownParam', '__proto__', 'constructor', 'hasOwnProperty', '__proto__[polluted]']) {
    cases.push([`unknown ${key}`, `${encodeURIComponent(key)}=1`, undefined]);
  }
  cases.push(['raw bad escape', '%ZZ=%ZZ', undefined]);
  cases.push(['only separators', '&&&=&=', undefined]);
  cases.push(['semicolons', 'a=1;b=2', undefined]);
  cases.push(['100 KB query', `q=${HUGE}`, undefined]);
  return cases;
}

/** Headers the app reads: cookies, languages, encodings, cache validators, forwarded addresses. */
const HEADER_CASES: [string, Record<string, string>][] = [
  ['malformed cookie escapes', { cookie: 'social_flow=%E0%A4%A; a=%; =; ;;' }],
  ['empty flow cookie', { cookie: 'social_flow=' }],
  ['10 KB cookie', { cookie: `social_flow=${'y'.repeat(10_000)}` }],
  ['Accept-Language garbage', { 'accept-language': `*;q=abc, ,,,;;, ${'a'.repeat(10_000)}` }],
  ['Accept-Language odd tag', { 'accept-language': 'x-klingon-\u00e9, zz' }],
  ['Accept-Encoding garbage', { 'accept-encoding': 'br;q=NaN, gzip;q=-1, *;q=2, ;;;' }],
  ['If-None-Match wildcard', { 'if-none-match': '*' }],
  ['If-None-Match garbage', { 'if-none-match': `W/"", "", ,,, ${'"z",'.repeat(2000)}` }],
  ['X-Forwarded-For garbage', { 'x-forwarded-for': 'not-an-ip, 999.999.999.999, ::::::' }],
  ['user agent 10 KB', { 'user-agent': 'u'.repeat(10_000) }],
];

/** Authorization headers that must never open a /subscriber route. */
async function forgedAuthorizations(c: Ctx): Promise<[string, string][]> {
  const secret = new TextEncoder().encode(testEnv.JWT_SECRET);
  const sign = (claims: Record<string, unknown>, key = secret) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(c.subscriberId).setIssuedAt().setExpirationTime('1h').sign(key);
  const [header, payload] = c.token.split('.');
  return [
    ['Bearer without token', 'Bearer'],
    ['Bearer and spaces', 'Bearer    '],
    ['not a JWT', 'Bearer a.b.c'],
    ['Basic scheme', 'Basic Zm9vOmJhcg=='],
    ['10 KB token', `Bearer ${'t'.repeat(10_000)}`],
    ['alg none', `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`],
    ['tampered signature', `Bearer ${header}.${payload}.${'A'.repeat(43)}`],
    ['other key', `Bearer ${await sign({ sid: c.sessionId, email: c.email }, new TextEncoder().encode('another-secret-another-secret-another-secret'))}`],
    ['sid not a UUID', `Bearer ${await sign({ sid: "x' OR 1=1 --", email: c.email })}`],
    ['sid of no session', `Bearer ${await sign({ sid: '00000000-0000-4000-8000-000000000000', email: c.email })}`],
    ['sid as number', `Bearer ${await sign({ sid: 42, email: c.email })}`],
    ['two tokens', `Bearer ${c.token} ${c.token}`],
  ];
}

// --- building and checking cases ----------------------------------------------------------------

function fillPath(path: string, params: Record<string, string>, raw: Record<string, string> = {}) {
  return path.replace(/:(\w+)/g, (_m, name: string) => raw[name] ?? encodeURIComponent(params[name] ?? ''));
}

function withQuery(url: string, query: string) {
  return query ? `${url}?${query}` : url;
}

function encodeQuery(q: Record<string, string>) {
  return new URLSearchParams(q).toString();
}

/** The JSON text of `base` with `field` set to `value` (or to a raw JSON literal). */
function withField(base: Record<string, unknown>, field: string, value: unknown, raw?: string) {
  if (raw === undefined) return JSON.stringify({ ...base, [field]: value });
  return JSON.stringify({ ...base, [field]: '\u0001RAW\u0001' }).replace('"\\u0001RAW\\u0001"', raw);
}

async function casesFor(key: string, spec: RouteSpec, c: Ctx): Promise<Case[]> {
  const [method = 'GET', path = '/'] = key.split(' ');
  const params = spec.params?.(c) ?? {};
  const query = spec.query?.(c) ?? {};
  const baseUrl = withQuery(fillPath(path, params), encodeQuery(query));
  const cases: Case[] = [{ name: 'valid request', method, url: baseUrl, ...(spec.body ? { headers: JSON_TYPE, payload: JSON.stringify(spec.body(c)) } : {}) }];
  const withBody = (): Pick<Case, 'headers' | 'payload'> => (spec.body ? { headers: JSON_TYPE, payload: JSON.stringify(spec.body(c)) } : {});

  for (const name of Object.keys(params)) {
    for (const [label, segment] of SEGMENTS) {
      cases.push({ name: `path ${name}: ${label}`, method, url: withQuery(fillPath(path, params, { [name]: segment }), encodeQuery(query)), field: name, ...withBody() });
    }
  }
  const pathOnly = fillPath(path, params);
  for (const [label, q, field] of queryCases(Object.keys(query))) {
    // The other known parameters keep their valid values, so the broken one is what fails.
    const rest = field ? encodeQuery(Object.fromEntries(Object.entries(query).filter(([k]) => k !== field))) : encodeQuery(query);
    cases.push({ name: `query ${label}`, method, url: withQuery(pathOnly, [rest, q].filter(Boolean).join('&')), ...(field ? { field } : {}), ...withBody() });
  }
  const bodies = bodyCases(spec.body?.(c));
  // GET routes take no body; a few are enough to show that one sent anyway is harmless.
  const bodyBattery = method === 'GET' ? bodies.filter(([n]) => ['truncated JSON', '__proto__ key', '2 MB body', 'XML'].includes(n)) : bodies;
  for (const [label, b] of bodyBattery) {
    // Whole-body cases that replace the body need a fresh base (registration needs a new address).
    const fresh = spec.body ? bodyCases(spec.body(c)).find(([n]) => n === label)?.[1] ?? b : b;
    cases.push({ name: `body ${label}`, method, url: baseUrl, ...fresh });
  }
  if (spec.body) {
    const fields = [...Object.keys(spec.body(c))];
    for (const field of fields) {
      for (const [label, value] of [...HOSTILE_STRINGS, ...HOSTILE_OTHERS]) {
        cases.push({ name: `field ${field}: ${label}`, method, url: baseUrl, headers: JSON_TYPE, payload: withField(spec.body(c), field, value), field });
      }
      for (const [label, raw] of RAW_NUMBERS) {
        cases.push({ name: `field ${field}: ${label}`, method, url: baseUrl, headers: JSON_TYPE, payload: withField(spec.body(c), field, null, raw), field });
      }
      const rest = spec.body(c);
      delete rest[field];
      cases.push({ name: `field ${field}: missing`, method, url: baseUrl, headers: JSON_TYPE, payload: JSON.stringify(rest), field });
    }
  }
  for (const [label, headers] of HEADER_CASES) {
    const b = withBody();
    cases.push({ name: `header ${label}`, method, url: baseUrl, ...b, headers: { ...b.headers, ...headers } });
  }
  if (path === '/public/auth' || path.startsWith('/subscriber')) {
    for (const [label, authorization] of await forgedAuthorizations(c)) {
      const b = withBody();
      cases.push({ name: `authorization ${label}`, method, url: baseUrl, ...b, headers: { ...b.headers, authorization } });
    }
  }
  return cases;
}

interface Outcome {
  route: string;
  case: Case;
  signedIn: boolean;
  res: LightMyRequestResponse;
}

const outcomes: Outcome[] = [];
const ERROR_KEYS = new Set(['message', 'code', 'errors', 'retryAfter', 'reason']);

/** Validation errors may name a field next to the broken one (a changed password fails its confirmation). */
const RELATED_FIELDS = new Map([
  ['password', ['confirmPassword']],
  ['confirmPassword', ['password']],
]);

/** What is wrong with an answer, or undefined. */
function problemWith(o: Outcome): string | undefined {
  const { res } = o;
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.headers['x-content-type-options'] !== 'nosniff') return `answered ${res.statusCode} without X-Content-Type-Options: nosniff`;
  if (/ \/(subscriber|public\/auth)(\/|$)/.test(o.route)) {
    const cache = String(res.headers['cache-control'] ?? '');
    if (cache !== 'no-store' && !cache.startsWith('private')) return `account answer ${res.statusCode} with Cache-Control '${cache}'`;
  }
  if (/node_modules|\/src\/|\.ts:\d|at \w+ \(/.test(res.body)) return `answer shows server internals: ${res.body.slice(0, 200)}`;
  if (o.case.method === 'HEAD' || res.statusCode === 304) return undefined;
  if (res.statusCode >= 300 && res.statusCode < 400) return res.headers.location ? undefined : `redirect ${res.statusCode} without Location`;
  if (res.statusCode < 400) {
    const produces = ROUTES[o.route]?.produces ?? 'application/json';
    if (!String(res.headers['content-type'] ?? '').startsWith(produces)) return `2xx that is not ${produces}: ${res.headers['content-type']}`;
    return undefined;
  }
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return `error ${res.statusCode} is not JSON: ${res.headers['content-type']}`;
  let body: Record<string, unknown>;
  try {
    body = res.json();
  } catch {
    return `error ${res.statusCode} with a body that does not parse: ${res.body.slice(0, 200)}`;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return `error body is not an object: ${res.body.slice(0, 200)}`;
  if (typeof body.message !== 'string' || !body.message) return `error without a message: ${res.body.slice(0, 200)}`;
  if (typeof body.code !== 'string' || !body.code) return `error without a code: ${res.body.slice(0, 200)}`;
  const extra = Object.keys(body).filter((k) => !ERROR_KEYS.has(k));
  if (extra.length) return `error body with keys outside the contract (${extra.join(', ')}): ${res.body.slice(0, 200)}`;
  if (body.code === 'VALIDATION_FAILED') {
    const errors = body.errors as { field?: unknown; message?: unknown; code?: unknown }[] | undefined;
    if (!Array.isArray(errors) || errors.length === 0) return `validation error without errors: ${res.body.slice(0, 200)}`;
    if (!errors.every((e) => typeof e.field === 'string' && e.field && typeof e.message === 'string' && e.message)) {
      return `validation error with an unnamed field: ${res.body.slice(0, 200)}`;
    }
    // Clients word a field by its code (decision 065), so none may come without one.
    if (!errors.every((e) => isFieldErrorCode(e.code))) return `validation error with a field without a field code: ${res.body.slice(0, 200)}`;
    const field = o.case.field;
    if (field) {
      const names = [field, ...(RELATED_FIELDS.get(field) ?? [])];
      const named = errors.some((e) => names.some((n) => e.field === n || String(e.field).startsWith(`${n}.`)));
      if (!named) return `validation error does not name ${field}: ${res.body.slice(0, 300)}`;
    }
  }
  return undefined;
}

async function runAll(list: { route: string; case: Case; signedIn: boolean; token?: string }[], concurrency = 6) {
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const item = list[next++]!;
      const headers = { ...item.case.headers };
      if (item.token && !('authorization' in headers)) headers.authorization = `Bearer ${item.token}`;
      const opts: InjectOptions = {
        method: item.case.method as InjectOptions['method'],
        url: item.case.url,
        headers,
        ...(item.case.payload !== undefined ? { payload: item.case.payload } : {}),
      };
      const res = await t.app.inject(opts);
      outcomes.push({ route: item.route, case: item.case, signedIn: item.signedIn, res });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

function describeFailures(list: Outcome[]) {
  return list.flatMap((o) => {
    const p = problemWith(o);
    return p ? [`${o.case.method} ${o.case.name}${o.signedIn ? ' (signed in)' : ''}: ${p}`] : [];
  });
}

const routeKeys = Object.keys(ROUTES);
const casesRun = new Map<string, number>();

describe('hostile input never gets a 5xx', () => {
  it('covers every registered /public and /subscriber route', () => {
    const expected = new Set(routeKeys.flatMap((k) => (k.startsWith('GET ') ? [k, `HEAD ${k.slice(4)}`] : [k])));
    const actual = [...registered].filter((r) => / \/(public|subscriber)(\/|$)/.test(r));
    // A route missing here has to be added to ROUTES with valid inputs, so it gets fuzzed too.
    expect(actual.sort()).toEqual([...expected].sort());
  });

  for (const key of routeKeys) {
    it(key, async () => {
      const spec = ROUTES[key]!;
      const cases = await casesFor(key, spec, ctx);
      const subscriberRoute = key.includes(' /subscriber');
      const work: Parameters<typeof runAll>[0] = [];
      for (const c of cases) {
        work.push({ route: key, case: c, signedIn: false });
        if (subscriberRoute) work.push({ route: key, case: c, signedIn: true, token: (spec.token ?? ((x: Ctx) => x.token))(ctx) });
        // HEAD runs the GET handler; path and query cases are enough to show it fails the same way.
        if (key.startsWith('GET ') && (c.name.startsWith('path') || c.name.startsWith('query') || c.name === 'valid request')) {
          const head = { ...c, method: 'HEAD' };
          work.push({ route: key, case: head, signedIn: false });
          if (subscriberRoute) work.push({ route: key, case: head, signedIn: true, token: ctx.token });
        }
      }
      const start = outcomes.length;
      await runAll(work);
      const mine = outcomes.slice(start);
      casesRun.set(key, cases.length);
      expect(mine.length).toBe(work.length);
      const failures = describeFailures(mine);
      expect(failures.slice(0, 25), `${failures.length} of ${mine.length} answers broke the rules`).toEqual([]);

      if (subscriberRoute) {
        // Without a live session nothing behind /subscriber answers 2xx, whatever else is wrong.
        const anonymous = mine.filter((o) => !o.signedIn || o.case.name.startsWith('authorization'));
        const opened = anonymous.filter((o) => o.res.statusCode < 300);
        expect(opened.map((o) => `${o.case.name}: ${o.res.statusCode}`)).toEqual([]);
        // And the signed-in run got past the auth hook, so validation and handlers really ran.
        const through = mine.filter((o) => o.signedIn && !o.case.name.startsWith('authorization') && o.res.statusCode !== 401);
        expect(through.length).toBeGreaterThan(0);
      }
      const valid = mine.find((o) => o.case.name === 'valid request' && (o.signedIn || !subscriberRoute) && o.case.method !== 'HEAD');
      expect(valid?.res.statusCode, valid?.res.body).toBeLessThan(500);
    });
  }

  it('was never throttled, so every case reached validation and the handler', () => {
    const throttled = outcomes.filter((o) => o.res.statusCode === 429);
    expect(throttled.map((o) => `${o.route} ${o.case.name}: ${o.res.body}`)).toEqual([]);
    // Each body-taking route answered field errors: the validation path ran, not just the parser.
    for (const key of routeKeys.filter((k) => ROUTES[k]?.body)) {
      const validation = outcomes.filter((o) => o.route === key && o.res.statusCode === 400 && o.res.body.includes('"VALIDATION_FAILED"'));
      if (key.includes('social')) continue; // browser callbacks read any parameters, and redirect
      expect(validation.length, key).toBeGreaterThan(0);
    }
  });

  it('left no half-written account and leaked no secret', async () => {
    // Every registration the fuzz got a 201 for is one row; everything refused wrote nothing.
    const created = outcomes.filter((o) => o.route === 'POST /public/auth/register' && o.res.statusCode === 201).length;
    expect(await countAccounts()).toBe(accountsBefore + created);
    for (const o of outcomes) {
      expect(o.res.body).not.toContain(testEnv.JWT_SECRET);
      expect(o.res.body).not.toContain('$argon2');
      expect(o.res.body).not.toContain(PASSWORD);
      expect(o.res.body).not.toContain(ctx.token);
    }
    // The owner's session survived the whole run: nothing above changed their password or account.
    const me = await t.app.inject({ method: 'GET', url: '/subscriber/profile', headers: { authorization: `Bearer ${ctx.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: ctx.email });
    const total = [...casesRun.values()].reduce((a, b) => a + b, 0);
    console.log(`bad-input fuzz: ${casesRun.size} routes, ${total} cases, ${outcomes.length} requests`);
  });
});
