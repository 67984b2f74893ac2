import { createHmac } from 'node:crypto';
import { parseBracketForm, standinId, startHttpStandin, type RunningStandin, type StandinRequest, type StandinResponse } from './http-standin.js';

/**
 * A local stand-in of the Stripe API (v1, form-encoded) that the real `stripe` SDK talks to through
 * its host/port/protocol options. It keeps PaymentIntents, customers, payment methods, charges,
 * refunds and events in memory; replays the stored answer for a repeated Idempotency-Key (and
 * refuses the key with other parameters, like Stripe); turns Stripe's test payment methods into
 * their documented outcomes; and signs webhook events with the `t=…,v1=…` scheme.
 */

type Outcome = 'ok' | '3ds' | { code: string; decline_code: string; message: string };

/** Stripe's documented test payment methods (https://docs.stripe.com/testing). */
const TEST_METHODS: Record<string, { brand: string; last4: string; outcome: Outcome }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'ok' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'ok' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    outcome: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    outcome: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    outcome: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', outcome: '3ds' },
};

interface PaymentMethodRecord {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit' };
  created: number;
  livemode: false;
  outcome: Outcome;
}

type Json = Record<string, unknown>;

export interface StripeStandin extends RunningStandin {
  secretKey: string;
  webhookSecret: string;
  /** What Stripe.js `createPaymentMethod` would hand the browser for this test method. */
  createPaymentMethod(testMethod: keyof typeof TEST_METHODS): string;
  /** The customer finishing (or failing) 3-D Secure in Stripe.js. */
  authenticate(paymentIntentId: string, success: boolean): void;
  paymentIntent(id: string): Json | undefined;
  events: Json[];
  lastEvent(type: string): Json | undefined;
  /** The raw body and Stripe-Signature header Stripe would send for this event. */
  signedEvent(event: Json, opts?: { timestamp?: number; secret?: string }): { rawBody: Buffer; headers: Record<string, string> };
  /** Requests that carried an Idempotency-Key, counted per key. */
  idempotentCalls(key: string): number;
}

export async function startStripeStandin(opts: { secretKey?: string; webhookSecret?: string } = {}): Promise<StripeStandin> {
  const secretKey = opts.secretKey ?? 'sk_test_standin_secret';
  const webhookSecret = opts.webhookSecret ?? 'whsec_standin_test_secret';
  const now = () => Math.floor(Date.now() / 1000);

  const methods = new Map<string, PaymentMethodRecord>();
  const customers = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const idempotency = new Map<string, { fingerprint: string; response: StandinResponse }>();
  const keyCalls = new Map<string, number>();
  const events: Json[] = [];

  const error = (status: number, body: Json): StandinResponse => ({ status, body: { error: body } });
  const missing = (kind: string, id: string, param = 'id') =>
    error(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });
  const unexpectedState = (pi: Json, message: string) =>
    error(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message, payment_intent: pi });

  function emit(type: string, object: Json) {
    events.push({
      id: standinId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      livemode: false,
      type,
      data: { object: structuredClone(object) },
    });
  }

  function newMethod(alias: string): PaymentMethodRecord | undefined {
    const test = TEST_METHODS[alias];
    if (!test) return undefined;
    const pm: PaymentMethodRecord = {
      id: standinId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: null,
      card: { brand: test.brand, last4: test.last4, exp_month: 12, exp_year: new Date().getFullYear() + 3, funding: 'credit' },
      created: now(),
      livemode: false,
      outcome: test.outcome,
    };
    methods.set(pm.id, pm);
    return pm;
  }

  /** A test alias yields a fresh method each time it is used, as at Stripe. */
  const resolveMethod = (id: string) => methods.get(id) ?? newMethod(id);
  const publicMethod = (pm: PaymentMethodRecord) => {
    const { outcome: _outcome, ...rest } = pm;
    return rest;
  };

  function view(pi: Json, expand: unknown): Json {
    const out = structuredClone(pi);
    const list = Array.isArray(expand) ? expand : [];
    if (list.includes('payment_method') && typeof out.payment_method === 'string') {
      const pm = methods.get(out.payment_method);
      if (pm) out.payment_method = publicMethod(pm);
    }
    if (list.includes('latest_charge') && typeof out.latest_charge === 'string') {
      out.latest_charge = structuredClone(charges.get(out.latest_charge));
    }
    return out;
  }

  function confirm(pi: Json, params: Json): StandinResponse {
    if (typeof params.payment_method === 'string') {
      const pm = resolveMethod(params.payment_method);
      if (!pm) return missing('PaymentMethod', params.payment_method, 'payment_method');
      if (pm.customer && pm.customer !== pi.customer) {
        return error(400, {
          type: 'invalid_request_error',
          param: 'payment_method',
          message: `The provided PaymentMethod belongs to a customer (${pm.customer}); pass that customer to use it.`,
        });
      }
      pi.payment_method = pm.id;
    }
    if (params.off_session !== undefined) pi.off_session = params.off_session === 'true';
    if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation') {
      return unexpectedState(pi, `This PaymentIntent's status is ${String(pi.status)}; it cannot be confirmed.`);
    }
    const pm = typeof pi.payment_method === 'string' ? methods.get(pi.payment_method) : undefined;
    if (!pm) {
      return unexpectedState(pi, "You cannot confirm this PaymentIntent because it's missing a payment method.");
    }
    let outcome = pm.outcome;
    if (outcome === '3ds' && pi.off_session === true) {
      outcome = {
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      };
    }
    if (outcome === '3ds') {
      pi.status = 'requires_action';
      pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: 'https://hooks.stripe.com/3d_secure_2/hosted' } };
      emit('payment_intent.requires_action', pi);
      return { status: 200, body: pi };
    }
    if (outcome === 'ok') {
      succeed(pi, pm);
      return { status: 200, body: pi };
    }
    const lastError = { type: 'card_error', code: outcome.code, decline_code: outcome.decline_code, message: outcome.message, payment_method: publicMethod(pm) };
    pi.status = 'requires_payment_method';
    pi.last_payment_error = lastError;
    pi.payment_method = null;
    emit('payment_intent.payment_failed', pi);
    return error(402, { ...lastError, payment_intent: structuredClone(pi) });
  }

  function succeed(pi: Json, pm: PaymentMethodRecord) {
    const charge: Json = {
      id: standinId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_refunded: 0,
      currency: pi.currency,
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details: { type: 'card', card: { brand: pm.card.brand, last4: pm.card.last4 } },
      refunded: false,
      status: 'succeeded',
      created: now(),
    };
    charges.set(charge.id as string, charge);
    pi.status = 'succeeded';
    pi.next_action = null;
    pi.last_payment_error = null;
    pi.latest_charge = charge.id;
    pi.amount_received = pi.amount;
    emit('charge.succeeded', charge);
    emit('payment_intent.succeeded', pi);
  }

  function createIntent(p: Json): StandinResponse {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      return error(400, { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' });
    }
    if (typeof p.currency !== 'string' || !/^[a-z]{3}$/.test(p.currency)) {
      return error(400, { type: 'invalid_request_error', code: 'parameter_invalid', param: 'currency', message: 'Invalid currency' });
    }
    if (typeof p.customer === 'string' && !customers.has(p.customer)) return missing('customer', p.customer, 'customer');
    const id = standinId('pi');
    const pi: Json = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: p.currency,
      client_secret: `${id}_secret_${standinId('s').slice(2)}`,
      created: now(),
      customer: p.customer ?? null,
      description: p.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: p.metadata ?? {},
      next_action: null,
      off_session: p.off_session === 'true' ? true : null,
      payment_method: null,
      allowed_payment_method_types: p.allowed_payment_method_types ?? ['card'],
      receipt_email: p.receipt_email ?? null,
      status: 'requires_payment_method',
    };
    if (typeof p.payment_method === 'string') {
      const pm = resolveMethod(p.payment_method);
      if (!pm) return missing('PaymentMethod', p.payment_method, 'payment_method');
      pi.payment_method = pm.id;
      pi.status = 'requires_confirmation';
    }
    intents.set(id, pi);
    emit('payment_intent.created', pi);
    if (p.confirm === 'true') {
      const res = confirm(pi, {});
      if (res.status !== 200) return res;
    }
    return { status: 200, body: view(pi, p.expand) };
  }

  function refund(p: Json): StandinResponse {
    const pi = typeof p.payment_intent === 'string' ? intents.get(p.payment_intent) : undefined;
    if (!pi) return missing('payment_intent', String(p.payment_intent), 'payment_intent');
    const charge = typeof pi.latest_charge === 'string' ? charges.get(pi.latest_charge) : undefined;
    if (pi.status !== 'succeeded' || !charge) {
      return error(400, { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent does not have a successful charge to refund.' });
    }
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    if (left <= 0) return error(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${String(charge.id)} has already been refunded.` });
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      return error(400, { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount', message: `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})` });
    }
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const re: Json = {
      id: standinId('re'),
      object: 'refund',
      amount,
      currency: pi.currency,
      charge: charge.id,
      payment_intent: pi.id,
      reason: p.reason ?? null,
      metadata: p.metadata ?? {},
      status: 'succeeded',
      created: now(),
    };
    emit('refund.created', re);
    emit('charge.refunded', charge);
    return { status: 200, body: re };
  }

  function route(req: StandinRequest, p: Json): StandinResponse {
    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${secretKey}`) {
      return error(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
    }
    const seg = req.path.split('/').filter(Boolean);
    const [v1, resource, id, action] = seg;
    if (v1 !== 'v1') return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.path}).` });

    if (resource === 'payment_intents') {
      if (req.method === 'POST' && !id) return createIntent(p);
      if (req.method === 'GET' && id === 'search') return search(req.query.get('query') ?? '');
      const pi = id ? intents.get(id) : undefined;
      if (!pi) return missing('payment_intent', String(id));
      if (req.method === 'GET' && !action) return { status: 200, body: view(pi, p.expand) };
      if (req.method === 'POST' && action === 'confirm') {
        const res = confirm(pi, p);
        return res.status === 200 ? { status: 200, body: view(pi, p.expand) } : res;
      }
      if (req.method === 'POST' && action === 'cancel') {
        if (pi.status === 'succeeded' || pi.status === 'canceled') {
          return unexpectedState(pi, `You cannot cancel this PaymentIntent because it has a status of ${String(pi.status)}.`);
        }
        pi.status = 'canceled';
        pi.cancellation_reason = p.cancellation_reason ?? 'requested_by_customer';
        pi.next_action = null;
        emit('payment_intent.canceled', pi);
        return { status: 200, body: view(pi, p.expand) };
      }
    }
    if (resource === 'refunds' && req.method === 'POST' && !id) return refund(p);
    if (resource === 'customers') {
      if (req.method === 'POST' && !id) {
        const cus: Json = { id: standinId('cus'), object: 'customer', email: p.email ?? null, metadata: p.metadata ?? {}, created: now(), livemode: false };
        customers.set(cus.id as string, cus);
        return { status: 200, body: cus };
      }
      const cus = id ? customers.get(id) : undefined;
      if (!cus) return missing('customer', String(id));
      if (req.method === 'GET') return { status: 200, body: cus };
    }
    if (resource === 'payment_methods' && id) {
      const pm = resolveMethod(id);
      if (!pm) return missing('PaymentMethod', id);
      if (req.method === 'GET' && !action) return { status: 200, body: publicMethod(pm) };
      if (req.method === 'POST' && action === 'attach') {
        if (typeof p.customer !== 'string' || !customers.has(p.customer)) return missing('customer', String(p.customer), 'customer');
        if (pm.customer && pm.customer !== p.customer) {
          return error(400, { type: 'invalid_request_error', message: 'The payment method you provided has already been attached to a customer.' });
        }
        // Attaching runs the card through a check; a card that declines cannot be saved.
        if (typeof pm.outcome === 'object') {
          return error(402, { type: 'card_error', code: pm.outcome.code, decline_code: pm.outcome.decline_code, message: pm.outcome.message, param: '' });
        }
        pm.customer = p.customer;
        return { status: 200, body: publicMethod(pm) };
      }
      if (req.method === 'POST' && action === 'detach') {
        if (!pm.customer) {
          return error(400, { type: 'invalid_request_error', code: 'payment_method_unexpected_state', message: 'The payment method you provided is not attached to a customer so detachment is impossible.' });
        }
        pm.customer = null;
        return { status: 200, body: publicMethod(pm) };
      }
    }
    return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.path}).` });
  }

  /** Stripe's search query language, the part we use: `metadata['k']:'v'` clauses joined by AND. */
  function search(query: string): StandinResponse {
    const clauses = [...query.matchAll(/metadata\['([^']+)'\]:'([^']*)'/g)].map((m) => [m[1] ?? '', m[2] ?? ''] as const);
    if (clauses.length === 0) return error(400, { type: 'invalid_request_error', param: 'query', message: 'Invalid search query' });
    const data = [...intents.values()].filter((pi) => clauses.every(([k, v]) => (pi.metadata as Record<string, string>)[k] === v));
    return { status: 200, body: { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' } };
  }

  const running = await startHttpStandin((req) => {
    const params = req.method === 'GET' ? parseBracketForm(req.query.toString()) : parseBracketForm(req.body.toString('utf8'));
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || typeof key !== 'string') return route(req, params);
    keyCalls.set(key, (keyCalls.get(key) ?? 0) + 1);
    const fingerprint = `${req.path}?${req.body.toString('utf8')}`;
    const seen = idempotency.get(key);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        return error(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      return { ...seen.response, headers: { 'idempotent-replayed': 'true' } };
    }
    const response = route(req, params);
    // Stripe keeps the answer for a key unless the request failed on its side (5xx); errors are replayed too.
    if (response.status < 500) idempotency.set(key, { fingerprint, response: structuredClone(response) });
    return response;
  });

  return {
    ...running,
    secretKey,
    webhookSecret,
    createPaymentMethod(testMethod) {
      const pm = newMethod(testMethod);
      if (!pm) throw new Error(`unknown test payment method ${testMethod}`);
      return pm.id;
    },
    authenticate(paymentIntentId, success) {
      const pi = intents.get(paymentIntentId);
      if (!pi || pi.status !== 'requires_action') throw new Error(`PaymentIntent ${paymentIntentId} is not waiting for 3-D Secure`);
      const pm = methods.get(pi.payment_method as string);
      if (!pm) throw new Error('PaymentIntent has no payment method');
      if (success) {
        succeed(pi, pm);
        return;
      }
      pi.status = 'requires_payment_method';
      pi.next_action = null;
      pi.payment_method = null;
      pi.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'The provided PaymentMethod has failed authentication.',
      };
      emit('payment_intent.payment_failed', pi);
    },
    paymentIntent: (id) => intents.get(id),
    events,
    lastEvent: (type) => events.findLast((e) => e.type === type),
    signedEvent(event, o = {}) {
      const payload = JSON.stringify(event, null, 2);
      const t = o.timestamp ?? now();
      const v1 = createHmac('sha256', o.secret ?? webhookSecret).update(`${t}.${payload}`).digest('hex');
      return { rawBody: Buffer.from(payload), headers: { 'stripe-signature': `t=${t},v1=${v1}`, 'content-type': 'application/json' } };
    },
    idempotentCalls: (key) => keyCalls.get(key) ?? 0,
  };
}

export const STRIPE_TEST_METHODS = Object.keys(TEST_METHODS);
