import { toDecimal, toMinor } from '../money.js';
import {
  GatewayUnavailableError,
  InvalidEventError,
  type BrowserOrigins,
  type ChargeRequest,
  type ChargeResult,
  type GatewayEvent,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
} from '../payment-gateway.js';

export interface PayPalGatewaySettings {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or the tests' stand-in. */
  apiUrl: string;
  brandName?: string | undefined;
  timeoutMs?: number;
  /** How old a notification's transmission time may be (seconds). */
  webhookToleranceSeconds?: number;
  /** How far back findCharge looks in the transaction history (days). */
  findWindowDays?: number;
}

interface Money {
  currency_code: string;
  value: string;
}
interface Capture {
  id: string;
  status: string;
  amount?: Money;
  status_details?: { reason?: string };
  supplementary_data?: { related_ids?: { order_id?: string } };
}
interface Order {
  id: string;
  status: string;
  links?: { href: string; rel: string }[];
  purchase_units?: { custom_id?: string; invoice_id?: string; amount?: Money; payments?: { captures?: Capture[] } }[];
}
interface PayPalError {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
}

class PayPalHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: PayPalError,
  ) {
    super(body.details?.[0]?.description ?? body.message ?? `PayPal answered ${status}`);
  }
  get issue(): string {
    return this.body.details?.[0]?.issue ?? this.body.name ?? `HTTP_${this.status}`;
  }
}

/**
 * PayPal Checkout through the Orders v2 REST API over fetch. The customer approves the order at
 * PayPal (a `redirect` next action to the order's payer-action link) and comes back to `returnUrl`;
 * `complete` captures it. Money moves only at capture, and only we capture, so an order that was
 * never captured can be dropped safely (`cancel`). Every create, capture and refund carries a
 * `PayPal-Request-Id`, so a retry is the same order, capture or refund. Notifications are verified
 * by PayPal's verify-webhook-signature call. See docs/decisions/141-paypal-and-coinpayments.md.
 */
export class PayPalGateway implements PaymentGateway {
  readonly id = 'paypal' as const;
  readonly methods = ['wallet'] as const;
  private token: { value: string; expiresAt: number } | undefined;
  private tokenInFlight: Promise<string> | undefined;
  private readonly api: string;

  constructor(private readonly settings: PayPalGatewaySettings) {
    this.api = settings.apiUrl.replace(/\/$/, '');
  }

  publicSettings(): Record<string, string> {
    return { clientId: this.settings.clientId };
  }

  browserOrigins(): BrowserOrigins {
    // The redirect flow needs no script of PayPal's on our pages; these cover the PayPal buttons (JS SDK) too.
    return {
      script: ['https://www.paypal.com'],
      connect: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
      frame: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
      img: ['https://www.paypalobjects.com'],
    };
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    if (req.method !== 'wallet') {
      return { status: 'failed', reference: `rejected:${req.idempotencyKey}`, failureCode: 'payment_method_not_supported', failureMessage: 'PayPal takes the PayPal wallet only.' };
    }
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'default',
          custom_id: req.orderId,
          // Unique per attempt at PayPal (it refuses a second capture with the same invoice id).
          invoice_id: req.idempotencyKey,
          description: req.description.slice(0, 127),
          amount: { currency_code: req.currency, value: toDecimal(req.amount, req.currency) },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            ...(this.settings.brandName && { brand_name: this.settings.brandName.slice(0, 127) }),
            ...(req.returnUrl && { return_url: req.returnUrl }),
            ...(req.cancelUrl && { cancel_url: req.cancelUrl }),
          },
          ...(req.customerEmail && { email_address: req.customerEmail }),
        },
      },
    };
    try {
      const order = await this.request<Order>('POST', '/v2/checkout/orders', body, { 'PayPal-Request-Id': req.idempotencyKey });
      return toResult(order);
    } catch (err) {
      if (err instanceof PayPalHttpError && (err.status === 400 || err.status === 422)) {
        return { status: 'failed', reference: `rejected:${req.idempotencyKey}`, failureCode: err.issue.toLowerCase(), failureMessage: err.message };
      }
      throw unavailable(err);
    }
  }

  async complete(reference: string, idempotencyKey: string): Promise<ChargeResult> {
    try {
      const order = await this.request<Order>('POST', `/v2/checkout/orders/${encodeURIComponent(reference)}/capture`, {}, { 'PayPal-Request-Id': idempotencyKey });
      return toResult(order);
    } catch (err) {
      if (err instanceof PayPalHttpError && err.status === 422) {
        switch (err.issue) {
          case 'ORDER_NOT_APPROVED':
          case 'ORDER_ALREADY_CAPTURED':
            return this.retrieve(reference);
          default: {
            // INSTRUMENT_DECLINED, PAYER_ACTION_REQUIRED, … : the customer's funding was refused.
            const now = await this.retrieve(reference).catch(() => undefined);
            return { ...(now ?? { reference }), status: 'failed', failureCode: err.issue.toLowerCase(), failureMessage: err.message, nextAction: undefined };
          }
        }
      }
      throw unavailable(err);
    }
  }

  async retrieve(reference: string): Promise<ChargeResult> {
    try {
      return toResult(await this.request<Order>('GET', `/v2/checkout/orders/${encodeURIComponent(reference)}`));
    } catch (err) {
      if (err instanceof PayPalHttpError && err.status === 404) return { status: 'failed', reference, failureCode: 'order_not_found', failureMessage: err.message };
      throw unavailable(err);
    }
  }

  /**
   * Money moves only at capture, so the charge that matters is a capture with our invoice id (= the
   * attempt's idempotency key). Orders have no search; the transaction history has (up to three
   * hours late at PayPal, which is why reconciliation waits). An attempt without a capture took no money.
   */
  async findCharge(orderId: string, idempotencyKey: string): Promise<ChargeResult | undefined> {
    const end = new Date();
    const start = new Date(end.getTime() - (this.settings.findWindowDays ?? 3) * 86_400_000);
    for (let page = 1; page <= 20; page++) {
      const q = new URLSearchParams({
        start_date: start.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        end_date: end.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        fields: 'transaction_info',
        page_size: '500',
        page: String(page),
      });
      const found = await this.call(() =>
        this.request<{ transaction_details?: { transaction_info?: { transaction_id?: string; invoice_id?: string; custom_field?: string } }[]; total_pages?: number }>(
          'GET',
          `/v1/reporting/transactions?${q.toString()}`,
        ),
      );
      const hit = found.transaction_details?.find((t) => t.transaction_info?.invoice_id === idempotencyKey && t.transaction_info.custom_field === orderId);
      const captureId = hit?.transaction_info?.transaction_id;
      if (captureId) {
        const capture = await this.call(() => this.request<Capture>('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`));
        const order = capture.supplementary_data?.related_ids?.order_id;
        return order ? this.retrieve(order) : undefined;
      }
      if ((found.total_pages ?? 1) <= page) break;
    }
    return undefined;
  }

  async cancel(reference: string): Promise<ChargeResult> {
    const now = await this.retrieve(reference);
    // PayPal has no call to void a Checkout order; it expires uncaptured, and we never capture it now.
    if (now.status === 'requires_action' || now.status === 'pending') return { ...now, status: 'canceled', nextAction: undefined };
    return now;
  }

  async refund(req: RefundRequest): Promise<RefundResult> {
    const order = await this.call(() => this.request<Order>('GET', `/v2/checkout/orders/${encodeURIComponent(req.reference)}`));
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (!capture) return { status: 'failed', reference: '', failureCode: 'not_captured', failureMessage: 'This PayPal order was never captured; there is nothing to refund.' };
    try {
      const refund = await this.request<{ id: string; status: string }>(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`,
        { amount: { currency_code: req.currency, value: toDecimal(req.amount, req.currency) }, ...(req.reason && { note_to_payer: req.reason.slice(0, 255) }) },
        { 'PayPal-Request-Id': req.idempotencyKey },
      );
      const status = refund.status === 'COMPLETED' ? 'succeeded' : refund.status === 'PENDING' ? 'pending' : 'failed';
      return { status, reference: refund.id, ...(status === 'failed' && { failureCode: refund.status.toLowerCase() }) };
    } catch (err) {
      if (err instanceof PayPalHttpError && (err.status === 400 || err.status === 422)) {
        return { status: 'failed', reference: '', failureCode: err.issue.toLowerCase(), failureMessage: err.message };
      }
      throw unavailable(err);
    }
  }

  async verifyEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<GatewayEvent> {
    const h = (name: string) => {
      const v = headers[name];
      if (typeof v !== 'string' || !v) throw new InvalidEventError(`${name} header missing`);
      return v;
    };
    const transmission = {
      auth_algo: h('paypal-auth-algo'),
      cert_url: h('paypal-cert-url'),
      transmission_id: h('paypal-transmission-id'),
      transmission_sig: h('paypal-transmission-sig'),
      transmission_time: h('paypal-transmission-time'),
    };
    const sent = Date.parse(transmission.transmission_time);
    const tolerance = (this.settings.webhookToleranceSeconds ?? 300) * 1000;
    if (!Number.isFinite(sent) || Math.abs(Date.now() - sent) > tolerance) throw new InvalidEventError('transmission time outside the tolerance');
    const text = rawBody.toString('utf8');
    let event: { id?: unknown; event_type?: unknown; resource?: Record<string, unknown> };
    try {
      event = JSON.parse(text) as typeof event;
    } catch {
      throw new InvalidEventError('body is not JSON');
    }
    if (typeof event !== 'object' || event === null || typeof event.id !== 'string') throw new InvalidEventError('not a PayPal event');
    // The event goes back byte for byte (spliced in, not re-serialised): PayPal's signature covers the raw body.
    const payload = `{${Object.entries({ ...transmission, webhook_id: this.settings.webhookId })
      .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
      .join(',')},"webhook_event":${text}}`;
    const verdict = await this.call(() => this.request<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', payload));
    if (verdict.verification_status !== 'SUCCESS') throw new InvalidEventError('PayPal did not verify the signature');
    return toEvent(event as { id: string; event_type?: unknown; resource?: Record<string, unknown> });
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.tokenInFlight ??= (async () => {
      try {
        const res = await this.fetch('/v1/oauth2/token', {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: 'grant_type=client_credentials',
        });
        const json = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
        if (!res.ok || !json.access_token) throw new GatewayUnavailableError(`PayPal refused the client credentials (HTTP ${res.status})`);
        // Renew a minute early so a token never expires between our check and PayPal's.
        this.token = { value: json.access_token, expiresAt: Date.now() + Math.max(0, (json.expires_in ?? 0) - 60) * 1000 };
        return json.access_token;
      } finally {
        this.tokenInFlight = undefined;
      }
    })();
    return this.tokenInFlight;
  }

  private async request<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}, retried = false): Promise<T> {
    const token = await this.accessToken();
    const res = await this.fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json', prefer: 'return=representation' }),
        ...headers,
      },
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    if (res.status === 401 && !retried) {
      // Revoked or expired early: one fresh token, then the same request (same PayPal-Request-Id).
      this.token = undefined;
      return this.request<T>(method, path, body, headers, true);
    }
    const json = (await res.json().catch(() => ({}))) as unknown;
    if (res.status >= 500 || res.status === 429) throw new GatewayUnavailableError(`PayPal answered ${res.status}`);
    if (!res.ok) throw new PayPalHttpError(res.status, json as PayPalError);
    return json as T;
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.api}${path}`, { ...init, signal: AbortSignal.timeout(this.settings.timeoutMs ?? 30_000) });
    } catch (err) {
      throw new GatewayUnavailableError(`PayPal could not be reached: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw unavailable(err);
    }
  }
}

function unavailable(err: unknown): Error {
  if (err instanceof GatewayUnavailableError || err instanceof InvalidEventError) return err;
  return new GatewayUnavailableError(`PayPal: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
}

function toResult(order: Order): ChargeResult {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const money = capture?.amount ?? unit?.amount;
  const base: ChargeResult = {
    status: 'pending',
    reference: order.id,
    amount: money ? toMinor(money.value, money.currency_code) : undefined,
    currency: money?.currency_code,
  };
  switch (order.status) {
    case 'CREATED':
    case 'PAYER_ACTION_REQUIRED': {
      const link = order.links?.find((l) => l.rel === 'payer-action') ?? order.links?.find((l) => l.rel === 'approve');
      return link ? { ...base, status: 'requires_action', nextAction: { type: 'redirect', url: link.href } } : base;
    }
    case 'APPROVED':
    case 'SAVED':
      // The customer approved; the money is ours only after `complete` captures it.
      return base;
    case 'VOIDED':
      return { ...base, status: 'canceled' };
    case 'COMPLETED':
      switch (capture?.status) {
        case 'COMPLETED':
        case 'REFUNDED':
        case 'PARTIALLY_REFUNDED':
          return { ...base, status: 'succeeded' };
        case 'DECLINED':
        case 'FAILED':
          return { ...base, status: 'failed', failureCode: 'instrument_declined', failureMessage: `The capture was ${capture.status.toLowerCase()}` };
        default:
          return { ...base, status: 'pending' };
      }
    default:
      return base;
  }
}

function toEvent(event: { id: string; event_type?: unknown; resource?: Record<string, unknown> }): GatewayEvent {
  const resource = event.resource ?? {};
  const amount = resource.amount as Money | undefined;
  const related = (resource.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids?.order_id;
  const base = {
    id: event.id,
    reference: related ?? String(resource.id ?? ''),
    amount: amount ? toMinor(amount.value, amount.currency_code) : undefined,
    currency: amount?.currency_code,
  };
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
      return { ...base, type: 'charge.succeeded' };
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED':
      return { ...base, type: 'charge.failed' };
    case 'PAYMENT.CAPTURE.PENDING':
    case 'CHECKOUT.ORDER.APPROVED':
      return { ...base, type: 'charge.pending', reference: related ?? String(resource.id ?? '') };
    case 'CHECKOUT.ORDER.VOIDED':
      return { ...base, type: 'charge.canceled' };
    case 'PAYMENT.CAPTURE.REFUNDED':
      return { ...base, type: 'refund.succeeded' };
    default:
      return { ...base, type: 'other' };
  }
}
