import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { startHttpStandin, type RunningStandin, type StandinRequest, type StandinResponse } from './http-standin.js';

/**
 * A local stand-in of PayPal's REST API (OAuth2 client credentials, Orders v2, captures and refunds,
 * transaction search, verify-webhook-signature) for the PayPal gateway's fetch client. It keeps
 * orders in memory, answers a repeated `PayPal-Request-Id` with the stored answer, lets a test play
 * the buyer (`approve`, or GET the payer-action link) and signs webhook notifications; its
 * verification call checks those signatures over the CRC32 of the raw event, as PayPal's does.
 */

type Json = Record<string, unknown>;

export interface PayPalStandin extends RunningStandin {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  tokensIssued(): number;
  /** Expire every token now (PayPal's tokens live about nine hours). */
  expireTokens(): void;
  /** The buyer approves the order at PayPal; `declined` makes the later capture fail with INSTRUMENT_DECLINED. */
  approve(orderId: string, funding?: 'ok' | 'declined' | 'pending'): void;
  order(id: string): Json | undefined;
  events: Json[];
  lastEvent(type: string): Json | undefined;
  signedEvent(event: Json, opts?: { transmissionTime?: Date; webhookId?: string; tamperSignature?: boolean }): { rawBody: Buffer; headers: Record<string, string> };
}

export async function startPayPalStandin(opts: { tokenLifetimeSeconds?: number } = {}): Promise<PayPalStandin> {
  const clientId = 'standin-client-id';
  const clientSecret = 'standin-client-secret';
  const webhookId = 'WH-STANDIN-0001';
  const signingKey = randomBytes(32);
  const tokens = new Map<string, number>();
  let issued = 0;
  const orders = new Map<string, Json>();
  const funding = new Map<string, 'ok' | 'declined' | 'pending'>();
  const captures = new Map<string, { capture: Json; orderId: string }>();
  const replies = new Map<string, StandinResponse>();
  const events: Json[] = [];
  let baseUrl = '';

  const ppId = () => randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
  const iso = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const fail = (status: number, name: string, issue: string, description: string): StandinResponse => ({
    status,
    body: { name, message: description, debug_id: ppId().toLowerCase(), details: [{ issue, description }] },
  });
  const notFound = (what: string) => fail(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', `Specified resource ID (${what}) does not exist.`);

  function emit(type: string, resource: Json) {
    events.push({
      id: `WH-${ppId()}`,
      event_version: '1.0',
      create_time: iso(),
      resource_type: type.startsWith('CHECKOUT') ? 'checkout-order' : type.includes('REFUND') ? 'refund' : 'capture',
      event_type: type,
      summary: type,
      resource: structuredClone(resource),
    });
  }

  const sign = (transmissionId: string, time: string, hookId: string, raw: string) =>
    createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${hookId}|${crc32(raw)}`).digest('base64');

  function money(value: unknown): { ok: true; cents: number; currency: string } | { ok: false } {
    const m = value as { currency_code?: unknown; value?: unknown } | undefined;
    if (!m || typeof m.currency_code !== 'string' || !/^[A-Z]{3}$/.test(m.currency_code)) return { ok: false };
    if (typeof m.value !== 'string' || !/^\d{1,10}(\.\d{2})?$/.test(m.value)) return { ok: false };
    const [whole = '0', frac = '00'] = m.value.split('.');
    return { ok: true, cents: Number(whole) * 100 + Number(frac), currency: m.currency_code };
  }

  function createOrder(body: Json): StandinResponse {
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') return fail(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'intent is invalid');
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length !== 1) return fail(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'purchase_units is required');
    const unit = units[0] as Json;
    if (!money(unit.amount).ok) return fail(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION', 'The amount is not a valid value for its currency.');
    const id = ppId();
    const context = ((body.payment_source as Json | undefined)?.paypal as Json | undefined)?.experience_context as Json | undefined;
    const order: Json = {
      id,
      intent: body.intent,
      status: context ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      purchase_units: [{ ...unit }],
      payment_source: body.payment_source ?? {},
      create_time: iso(),
      links: [
        { href: `${baseUrl}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
        { href: `${baseUrl}/checkoutnow?token=${id}`, rel: context ? 'payer-action' : 'approve', method: 'GET' },
      ],
      _returnUrl: context?.return_url,
      _cancelUrl: context?.cancel_url,
    };
    orders.set(id, order);
    return { status: 201, body: publicOrder(order) };
  }

  const publicOrder = (o: Json) => Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith('_')));

  function approve(id: string, how: 'ok' | 'declined' | 'pending') {
    const order = orders.get(id);
    if (!order) throw new Error(`no PayPal order ${id}`);
    if (order.status !== 'PAYER_ACTION_REQUIRED' && order.status !== 'CREATED') throw new Error(`order ${id} is ${String(order.status)}`);
    order.status = 'APPROVED';
    order.payer = { email_address: 'buyer@example.com', payer_id: ppId().slice(0, 13) };
    funding.set(id, how);
    emit('CHECKOUT.ORDER.APPROVED', publicOrder(order));
  }

  function capture(id: string): StandinResponse {
    const order = orders.get(id);
    if (!order) return notFound(id);
    if (order.status === 'COMPLETED') return fail(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
    if (order.status !== 'APPROVED') return fail(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    const how = funding.get(id) ?? 'ok';
    if (how === 'declined') return fail(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank, or it can\'t be used for this payment.');
    const unit = (order.purchase_units as Json[])[0] as Json;
    const cap: Json = {
      id: ppId(),
      status: how === 'pending' ? 'PENDING' : 'COMPLETED',
      amount: unit.amount,
      final_capture: true,
      invoice_id: unit.invoice_id,
      custom_id: unit.custom_id,
      create_time: iso(),
      supplementary_data: { related_ids: { order_id: id } },
      _refunded: 0,
    };
    captures.set(cap.id as string, { capture: cap, orderId: id });
    order.status = 'COMPLETED';
    unit.payments = { captures: [cap] };
    emit(how === 'pending' ? 'PAYMENT.CAPTURE.PENDING' : 'PAYMENT.CAPTURE.COMPLETED', publicOrder(cap));
    return { status: 201, body: view(order) };
  }

  /** Orders with their captures, without the stand-in's bookkeeping fields. */
  const view = (order: Json): Json =>
    JSON.parse(JSON.stringify(publicOrder(order), (k: string, v: unknown) => (k.startsWith('_') ? undefined : v))) as Json;

  function refund(captureId: string, body: Json): StandinResponse {
    const found = captures.get(captureId);
    if (!found) return notFound(captureId);
    const cap = found.capture;
    const total = money(cap.amount);
    if (!total.ok) return fail(500, 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVER_ERROR', 'bad capture');
    const left = total.cents - (cap._refunded as number);
    if (left <= 0) return fail(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    const want = body.amount === undefined ? { ok: true as const, cents: left, currency: total.currency } : money(body.amount);
    if (!want.ok) return fail(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'amount is invalid');
    if (want.cents > left) return fail(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
    cap._refunded = (cap._refunded as number) + want.cents;
    cap.status = cap._refunded === total.cents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const re: Json = {
      id: ppId(),
      status: 'COMPLETED',
      amount: { currency_code: want.currency, value: (want.cents / 100).toFixed(2) },
      create_time: iso(),
      supplementary_data: { related_ids: { order_id: found.orderId, capture_id: captureId } },
    };
    emit('PAYMENT.CAPTURE.REFUNDED', re);
    return { status: 201, body: re };
  }

  function transactions(q: URLSearchParams): StandinResponse {
    const start = Date.parse(q.get('start_date') ?? '');
    const end = Date.parse(q.get('end_date') ?? '');
    if (!Number.isFinite(start) || !Number.isFinite(end)) return fail(400, 'INVALID_REQUEST', 'INVALID_REQUEST', 'start_date and end_date are required');
    if (end - start > 31 * 86_400_000) return fail(400, 'INVALID_REQUEST', 'INVALID_REQUEST', 'Date range is greater than 31 days');
    const size = Number(q.get('page_size') ?? '100');
    const page = Number(q.get('page') ?? '1');
    const all = [...captures.values()]
      .filter(({ capture: c }) => c.status !== 'PENDING')
      .map(({ capture: c }) => ({
        transaction_info: {
          transaction_id: c.id,
          transaction_event_code: 'T0006',
          transaction_initiation_date: c.create_time,
          transaction_amount: c.amount,
          transaction_status: 'S',
          invoice_id: c.invoice_id,
          custom_field: c.custom_id,
        },
      }));
    return {
      status: 200,
      body: { transaction_details: all.slice((page - 1) * size, page * size), page, total_items: all.length, total_pages: Math.max(1, Math.ceil(all.length / size)) },
    };
  }

  function verify(raw: string): StandinResponse {
    const body = JSON.parse(raw) as Json;
    for (const k of ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event']) {
      if (body[k] === undefined) return fail(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', `${k} is required`);
    }
    const marker = raw.indexOf('"webhook_event":');
    const event = marker >= 0 && raw.trimEnd().endsWith('}') ? raw.slice(marker + '"webhook_event":'.length, raw.trimEnd().length - 1) : JSON.stringify(body.webhook_event);
    const expected = sign(String(body.transmission_id), String(body.transmission_time), String(body.webhook_id), event);
    const ok = body.webhook_id === webhookId && body.transmission_sig === expected;
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }

  function route(req: StandinRequest): StandinResponse {
    if (req.method === 'POST' && req.path === '/v1/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== basic || !/grant_type=client_credentials/.test(req.body.toString())) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      }
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      const lifetime = opts.tokenLifetimeSeconds ?? 32_400;
      tokens.set(token, Date.now() + lifetime * 1000);
      issued++;
      return { status: 200, body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-STANDIN', expires_in: lifetime, nonce: randomUUID() } };
    }
    if (req.method === 'GET' && req.path === '/checkoutnow') {
      // The buyer's browser at PayPal: approve (or cancel) and go back to the shop.
      const id = req.query.get('token') ?? '';
      const order = orders.get(id);
      if (!order) return notFound(id);
      // PayPal adds its parameters to the shop's URL, keeping the shop's own query.
      const back = (url: unknown, params: string) => `${String(url)}${String(url).includes('?') ? '&' : '?'}${params}`;
      if (req.query.get('cancel') === '1') return { status: 302, body: {}, headers: { location: back(order._cancelUrl, `token=${id}`) } };
      approve(id, 'ok');
      return { status: 302, body: {}, headers: { location: back(order._returnUrl, `token=${id}&PayerID=${String((order.payer as Json).payer_id)}`) } };
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiry = bearer ? tokens.get(bearer) : undefined;
    if (!expiry || expiry < Date.now()) return { status: 401, body: { error: 'invalid_token', error_description: 'Token signature verification failed' } };

    const requestId = req.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `${req.path}#${requestId}` : undefined;
    if (req.method === 'POST' && key && replies.has(key)) return structuredClone(replies.get(key)!);
    const remember = (res: StandinResponse) => {
      if (key && res.status < 500) replies.set(key, structuredClone(res));
      return res;
    };
    const json = () => (req.body.length ? (JSON.parse(req.body.toString('utf8')) as Json) : {});

    const seg = req.path.split('/').filter(Boolean);
    if (req.method === 'POST' && req.path === '/v2/checkout/orders') return remember(createOrder(json()));
    if (seg[0] === 'v2' && seg[1] === 'checkout' && seg[2] === 'orders' && seg[3]) {
      if (req.method === 'GET' && !seg[4]) {
        const order = orders.get(seg[3]);
        return order ? { status: 200, body: view(order) } : notFound(seg[3]);
      }
      if (req.method === 'POST' && seg[4] === 'capture') return remember(capture(seg[3]));
    }
    if (seg[0] === 'v2' && seg[1] === 'payments' && seg[2] === 'captures' && seg[3]) {
      if (req.method === 'GET' && !seg[4]) {
        const found = captures.get(seg[3]);
        return found ? { status: 200, body: view(found.capture) } : notFound(seg[3]);
      }
      if (req.method === 'POST' && seg[4] === 'refund') return remember(refund(seg[3], json()));
    }
    if (req.method === 'GET' && req.path === '/v1/reporting/transactions') return transactions(req.query);
    if (req.method === 'POST' && req.path === '/v1/notifications/verify-webhook-signature') return verify(req.body.toString('utf8'));
    return fail(404, 'RESOURCE_NOT_FOUND', 'INVALID_URI', `No route for ${req.method} ${req.path}`);
  }

  const running = await startHttpStandin(route);
  baseUrl = running.url;

  return {
    ...running,
    clientId,
    clientSecret,
    webhookId,
    tokensIssued: () => issued,
    expireTokens: () => {
      for (const t of tokens.keys()) tokens.set(t, 0);
    },
    approve: (id, how = 'ok') => approve(id, how),
    order: (id) => {
      const o = orders.get(id);
      return o ? view(o) : undefined;
    },
    events,
    lastEvent: (type) => events.findLast((e) => e.event_type === type),
    signedEvent(event, o = {}) {
      const raw = JSON.stringify(event);
      const transmissionId = randomUUID();
      const time = (o.transmissionTime ?? new Date()).toISOString();
      let sig = sign(transmissionId, time, o.webhookId ?? webhookId, raw);
      if (o.tamperSignature) sig = `${sig.slice(0, -4)}AAA=`;
      return {
        rawBody: Buffer.from(raw),
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${baseUrl}/v1/notifications/certs/CERT-STANDIN`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': sig,
          'paypal-transmission-time': time,
        },
      };
    },
  };
}
