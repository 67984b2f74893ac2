import Stripe from 'stripe';
import {
  GatewayUnavailableError,
  InvalidEventError,
  type BrowserOrigins,
  type CardVault,
  type ChargeRequest,
  type ChargeResult,
  type GatewayEvent,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
  type SavedCard,
} from '../payment-gateway.js';

export interface StripeGatewaySettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API base (the tests' local stand-in), e.g. http://127.0.0.1:4010. */
  apiUrl?: string | undefined;
  /** Seconds a webhook's signed timestamp may be old (Stripe's default and ours: 300). */
  webhookToleranceSeconds?: number;
  timeoutMs?: number;
}

/** The PaymentIntent fields we read; the SDK's own type is wider and version-bound. */
type Intent = Stripe.PaymentIntent;

const EXPAND = ['payment_method', 'latest_charge'];

/**
 * Cards through Stripe PaymentIntents. The browser turns the card into a PaymentMethod with Stripe
 * Elements and hands us its id (`source`); we create and confirm the PaymentIntent in one call with
 * our idempotency key, so a retry after a timeout is the same PaymentIntent. 3-D Secure comes back
 * as `requires_action` with the PaymentIntent's client secret for Stripe.js; `complete` then reads
 * the result. Declines are answers (`failed` + Stripe's decline code), not exceptions.
 * See docs/decisions/140-third-party-gateways.md.
 */
export class StripeGateway implements PaymentGateway {
  readonly id = 'stripe' as const;
  readonly methods = ['card'] as const;
  readonly cards: CardVault;
  private readonly stripe: Stripe;
  private readonly tolerance: number;

  constructor(private readonly settings: StripeGatewaySettings) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: settings.timeoutMs ?? 30_000,
      telemetry: false,
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === 'https:' ? 443 : 80),
        protocol: api.protocol === 'http:' ? 'http' : 'https',
      }),
    });
    this.tolerance = settings.webhookToleranceSeconds ?? 300;
    this.cards = {
      save: (input) => this.saveCard(input),
      remove: (card) => this.removeCard(card),
    };
  }

  publicSettings(): Record<string, string> {
    return { publishableKey: this.settings.publishableKey };
  }

  browserOrigins(): BrowserOrigins {
    // https://docs.stripe.com/security/guide#content-security-policy
    return {
      script: ['https://js.stripe.com'],
      connect: ['https://api.stripe.com', 'https://m.stripe.network'],
      frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      img: ['https://*.stripe.com'],
    };
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    if (req.method !== 'card') return failedWithout(req.idempotencyKey, 'payment_method_not_supported', 'Stripe takes cards only here.');
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: req.amount,
          currency: req.currency.toLowerCase(),
          description: req.description,
          metadata: { orderId: req.orderId, attempt: req.idempotencyKey },
          allowed_payment_method_types: ['card'],
          ...(req.customerRef && { customer: req.customerRef }),
          ...(req.customerEmail && { receipt_email: req.customerEmail }),
          ...(req.source && { payment_method: req.source, confirm: true }),
          ...(req.source && req.offSession && { off_session: true }),
          expand: EXPAND,
        },
        { idempotencyKey: req.idempotencyKey },
      );
      return toResult(pi);
    } catch (err) {
      return this.declineOrThrow(err, req.idempotencyKey);
    }
  }

  async complete(reference: string, idempotencyKey: string): Promise<ChargeResult> {
    const pi = await this.call(() => this.stripe.paymentIntents.retrieve(reference, { expand: EXPAND }));
    if (pi.status !== 'requires_confirmation') return toResult(pi);
    try {
      return toResult(await this.stripe.paymentIntents.confirm(reference, { expand: EXPAND }, { idempotencyKey }));
    } catch (err) {
      return this.declineOrThrow(err, idempotencyKey);
    }
  }

  async retrieve(reference: string): Promise<ChargeResult> {
    return toResult(await this.call(() => this.stripe.paymentIntents.retrieve(reference, { expand: EXPAND })));
  }

  async findCharge(orderId: string, idempotencyKey: string): Promise<ChargeResult | undefined> {
    // Search is eventually consistent (about a minute at Stripe); reconciliation runs later than that.
    const found = await this.call(() =>
      this.stripe.paymentIntents.search({ query: `metadata['orderId']:'${searchValue(orderId)}' AND metadata['attempt']:'${searchValue(idempotencyKey)}'`, limit: 10 }),
    );
    const pi = found.data.find((p) => p.metadata.orderId === orderId && p.metadata.attempt === idempotencyKey);
    return pi ? this.retrieve(pi.id) : undefined;
  }

  async cancel(reference: string): Promise<ChargeResult> {
    try {
      return toResult(await this.stripe.paymentIntents.cancel(reference, { expand: EXPAND }));
    } catch (err) {
      // Already succeeded or canceled: say how it stands rather than fail.
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state') return this.retrieve(reference);
      throw unavailable(err);
    }
  }

  async refund(req: RefundRequest): Promise<RefundResult> {
    try {
      const re = await this.stripe.refunds.create(
        {
          payment_intent: req.reference,
          amount: req.amount,
          ...(req.reason && { metadata: { reason: req.reason.slice(0, 500) } }),
        },
        { idempotencyKey: req.idempotencyKey },
      );
      const status = re.status === 'succeeded' ? 'succeeded' : re.status === 'pending' || re.status === 'requires_action' ? 'pending' : 'failed';
      return { status, reference: re.id, ...(status === 'failed' && { failureCode: re.failure_reason ?? 'refund_failed' }) };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code) {
        return { status: 'failed', reference: '', failureCode: err.code, failureMessage: err.message };
      }
      throw unavailable(err);
    }
  }

  async verifyEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<GatewayEvent> {
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string') throw new InvalidEventError('Stripe-Signature header missing');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret, this.tolerance);
    } catch (err) {
      throw new InvalidEventError(err instanceof Error ? err.message : 'signature does not verify');
    }
    return toEvent(event);
  }

  private async saveCard(input: { token: string; email: string; customerRef?: string | undefined; idempotencyKey: string }): Promise<SavedCard> {
    try {
      const customerRef =
        input.customerRef ??
        (await this.stripe.customers.create({ email: input.email }, { idempotencyKey: `${input.idempotencyKey}:customer` })).id;
      const pm = await this.stripe.paymentMethods.attach(input.token, { customer: customerRef }, { idempotencyKey: `${input.idempotencyKey}:attach` });
      if (!pm.card) throw new GatewayUnavailableError('Stripe returned a payment method without card details');
      return { customerRef, methodRef: pm.id, brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) throw new CardDeclinedError(err.decline_code ?? err.code ?? 'card_declined', err.message);
      throw unavailable(err);
    }
  }

  private async removeCard(card: { customerRef: string; methodRef: string }): Promise<void> {
    try {
      const pm = await this.stripe.paymentMethods.retrieve(card.methodRef);
      // Only detach it from the customer we think owns it; removing twice is not an error.
      if (pm.customer !== card.customerRef) return;
      await this.stripe.paymentMethods.detach(card.methodRef);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && (err.code === 'resource_missing' || err.code === 'payment_method_unexpected_state')) return;
      throw unavailable(err);
    }
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw unavailable(err);
    }
  }

  /** A card error is a decline (an answer); anything else means we do not know, so it is thrown. */
  private declineOrThrow(err: unknown, idempotencyKey: string): ChargeResult {
    if (err instanceof Stripe.errors.StripeCardError) {
      const pi = err.payment_intent;
      return {
        ...(pi ? toResult(pi) : { reference: rejectedReference(idempotencyKey) }),
        status: 'failed',
        failureCode: failureCodeOf(err.code, err.decline_code),
        failureMessage: err.message,
      };
    }
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.param === 'payment_method') {
      // A token the browser made up or one from another account: no PaymentIntent exists.
      return { status: 'failed', reference: rejectedReference(idempotencyKey), failureCode: 'invalid_payment_method', failureMessage: err.message };
    }
    throw unavailable(err);
  }
}

/** Thrown by `cards.save` when Stripe's check of the card declines it. */
export class CardDeclinedError extends Error {
  override readonly name = 'CardDeclinedError';
  constructor(
    readonly failureCode: string,
    message: string,
  ) {
    super(message);
  }
}

/** A failure before any PaymentIntent existed still needs a reference that is unique per attempt. */
const rejectedReference = (idempotencyKey: string) => `rejected:${idempotencyKey}`;

function failedWithout(idempotencyKey: string, code: string, message: string): ChargeResult {
  return { status: 'failed', reference: rejectedReference(idempotencyKey), failureCode: code, failureMessage: message };
}

/** `card_declined` says little; the issuer's decline code (insufficient_funds, …) says more. */
function failureCodeOf(code: string | undefined, declineCode: string | undefined): string {
  if (code === 'card_declined' && declineCode && declineCode !== 'generic_decline') return declineCode;
  return code ?? declineCode ?? 'card_declined';
}

function searchValue(v: string): string {
  return v.replace(/['\\]/g, '');
}

function unavailable(err: unknown): Error {
  if (err instanceof GatewayUnavailableError || err instanceof CardDeclinedError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new GatewayUnavailableError(`Stripe: ${message}`, { cause: err });
}

export function toResult(pi: Intent): ChargeResult {
  const base: ChargeResult = {
    status: 'pending',
    reference: pi.id,
    amount: pi.amount,
    currency: pi.currency.toUpperCase(),
    card: cardOf(pi),
  };
  switch (pi.status) {
    case 'succeeded':
      return { ...base, status: 'succeeded' };
    case 'processing':
    case 'requires_capture':
      return { ...base, status: 'pending' };
    case 'canceled':
      return { ...base, status: 'canceled' };
    case 'requires_action':
    case 'requires_confirmation':
      return { ...base, status: 'requires_action', nextAction: { type: 'confirm_card', clientSecret: pi.client_secret ?? undefined } };
    case 'requires_payment_method': {
      const last = pi.last_payment_error;
      if (last) return { ...base, status: 'failed', failureCode: failureCodeOf(last.code, last.decline_code), failureMessage: last.message };
      // Created without a card: the browser confirms it with Elements.
      return { ...base, status: 'requires_action', nextAction: { type: 'confirm_card', clientSecret: pi.client_secret ?? undefined } };
    }
    default:
      return base;
  }
}

function cardOf(pi: Intent): ChargeResult['card'] {
  const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const fromCharge = charge?.payment_method_details?.card;
  if (fromCharge?.brand && fromCharge.last4) return { brand: fromCharge.brand, last4: fromCharge.last4 };
  const pm = typeof pi.payment_method === 'object' ? pi.payment_method : null;
  if (pm?.card) return { brand: pm.card.brand, last4: pm.card.last4 };
  return undefined;
}

function toEvent(event: Stripe.Event): GatewayEvent {
  const object = event.data.object as unknown as Record<string, unknown>;
  const amountOf = (o: Record<string, unknown>) => (typeof o.amount === 'number' ? o.amount : undefined);
  const currencyOf = (o: Record<string, unknown>) => (typeof o.currency === 'string' ? o.currency.toUpperCase() : undefined);
  const base = { id: event.id, amount: amountOf(object), currency: currencyOf(object) };
  const intentId = typeof object.payment_intent === 'string' ? object.payment_intent : String(object.id);
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { ...base, type: 'charge.succeeded', reference: String(object.id) };
    case 'payment_intent.payment_failed':
      return { ...base, type: 'charge.failed', reference: String(object.id) };
    case 'payment_intent.processing':
      return { ...base, type: 'charge.pending', reference: String(object.id) };
    case 'payment_intent.canceled':
      return { ...base, type: 'charge.canceled', reference: String(object.id) };
    case 'charge.refunded':
      return { ...base, type: 'refund.succeeded', reference: intentId, amount: typeof object.amount_refunded === 'number' ? object.amount_refunded : undefined };
    default:
      return { ...base, type: 'other', reference: intentId };
  }
}
