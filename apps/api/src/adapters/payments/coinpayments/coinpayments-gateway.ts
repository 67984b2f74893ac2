import { createHmac, timingSafeEqual } from 'node:crypto';
import { toDecimal, toMinor } from '../money.js';
import {
  GatewayUnavailableError,
  InvalidEventError,
  type BrowserOrigins,
  type ChargeRequest,
  type ChargeResult,
  type CryptoCoin,
  type GatewayEvent,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
} from '../payment-gateway.js';

export interface CoinPaymentsGatewaySettings {
  publicKey: string;
  privateKey: string;
  ipnSecret: string;
  merchantId: string;
  /** https://www.coinpayments.net/api.php or the tests' stand-in. */
  apiUrl: string;
  /** Where CoinPayments posts the IPNs (the checkout webhook route). */
  ipnUrl: string;
  /** The shop's currency (the coins' rates are given in it). */
  shopCurrency: string;
  timeoutMs?: number;
  /** How far back a repeated charge and findCharge look for the attempt's transaction (seconds). */
  lookbackSeconds?: number;
  /** How long the coin list and rates are reused (ms). */
  coinsCacheMs?: number;
}

interface TxInfo {
  time_created?: number;
  time_expires?: number;
  status: number;
  status_text?: string;
  coin?: string;
  amountf?: string;
  receivedf?: string;
  payment_address?: string;
  checkout?: { currency?: string; amountf?: string | number; invoice?: string; custom?: string };
}

interface Rate {
  is_fiat: number;
  rate_btc: string;
  name: string;
  accepted?: number;
  status?: string;
}

/** CoinPayments answered `error` ≠ "ok": the request was understood and refused. */
class CoinPaymentsRefusal extends Error {}

/**
 * Crypto payments through CoinPayments' API v1: form posts signed with HMAC-SHA512 of the body
 * (private key) in the `HMAC` header. A charge is a transaction with an address to pay before it
 * times out (`show_address`); the money is ours when CoinPayments says status ≥ 100 or 2 (by IPN
 * or `get_tx_info`). CoinPayments has no idempotency key and no refund call, so a repeat of an
 * attempt first looks for the transaction carrying the attempt's key (`custom`) and a refund is a
 * `failed` answer that checkout turns into account credit. See docs/decisions/141.
 */
export class CoinPaymentsGateway implements PaymentGateway {
  readonly id = 'coinpayments' as const;
  readonly methods = ['crypto'] as const;
  private coins: { at: number; list: Promise<CryptoCoin[]> } | undefined;

  constructor(private readonly settings: CoinPaymentsGatewaySettings) {}

  publicSettings(): Record<string, string> {
    return {};
  }

  browserOrigins(): BrowserOrigins {
    // Only the QR image, when the browser shows CoinPayments' own instead of drawing one.
    return { script: [], connect: [], frame: [], img: ['https://www.coinpayments.net'] };
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const rejected = (failureCode: string, failureMessage: string): ChargeResult => ({
      status: 'failed',
      reference: `rejected:${req.idempotencyKey}`,
      failureCode,
      failureMessage,
    });
    if (req.method !== 'crypto') return rejected('payment_method_not_supported', 'CoinPayments takes crypto currencies only.');
    if (!req.currencyCrypto) return rejected('coin_required', 'Choose the coin to pay with.');
    if (!req.customerEmail) return rejected('email_required', 'CoinPayments needs the buyer\'s e-mail address.');

    const earlier = await this.findCharge(req.orderId, req.idempotencyKey);
    if (earlier) return earlier;

    let created: { amount: string; address: string; dest_tag?: string; txn_id: string; timeout: number; qrcode_url?: string; status_url?: string };
    try {
      created = await this.call('create_transaction', {
        amount: toDecimal(req.amount, req.currency),
        currency1: req.currency,
        currency2: req.currencyCrypto,
        buyer_email: req.customerEmail,
        item_name: req.description.slice(0, 100),
        invoice: req.orderId,
        custom: req.idempotencyKey,
        ipn_url: this.settings.ipnUrl,
      });
    } catch (err) {
      if (err instanceof CoinPaymentsRefusal) {
        if (/currenc|coin/i.test(err.message)) return rejected('coin_not_accepted', err.message);
        if (/amount/i.test(err.message)) return rejected('amount_not_accepted', err.message);
      }
      throw unavailable(err);
    }
    return {
      status: 'requires_action',
      reference: created.txn_id,
      amount: req.amount,
      currency: req.currency,
      nextAction: {
        type: 'show_address',
        address: created.address,
        amount: created.amount,
        coin: req.currencyCrypto,
        expiresAt: new Date(Date.now() + Number(created.timeout) * 1000).toISOString(),
        qrUrl: created.qrcode_url,
        statusUrl: created.status_url,
        destTag: created.dest_tag,
      },
    };
  }

  /** Nothing for us to finish: the customer sends coins; this reads where they stand. */
  complete(reference: string): Promise<ChargeResult> {
    return this.retrieve(reference);
  }

  async retrieve(reference: string): Promise<ChargeResult> {
    try {
      return toResult(reference, await this.call<TxInfo>('get_tx_info', { txid: reference, full: '1' }));
    } catch (err) {
      if (err instanceof CoinPaymentsRefusal) return { status: 'failed', reference, failureCode: 'transaction_not_found', failureMessage: err.message };
      throw unavailable(err);
    }
  }

  async findCharge(orderId: string, idempotencyKey: string): Promise<ChargeResult | undefined> {
    const newer = Math.floor(Date.now() / 1000) - (this.settings.lookbackSeconds ?? 3 * 86_400);
    const ids = await this.call<string[]>('get_tx_ids', { limit: '100', newer: String(newer) }).catch((err: unknown) => {
      throw unavailable(err);
    });
    for (const txid of ids) {
      const info = await this.call<TxInfo>('get_tx_info', { txid, full: '1' }).catch((err: unknown) => {
        throw unavailable(err);
      });
      if (info.checkout?.custom === idempotencyKey && info.checkout.invoice === orderId) return toResult(txid, info);
    }
    return undefined;
  }

  /** CoinPayments cannot cancel a transaction: its address stops taking coins when it times out. */
  cancel(reference: string): Promise<ChargeResult> {
    return this.retrieve(reference);
  }

  refund(_req: RefundRequest): Promise<RefundResult> {
    return Promise.resolve({
      status: 'failed',
      reference: '',
      failureCode: 'refund_not_supported',
      failureMessage: 'CoinPayments cannot send coins back through its API; the refund is made as account credit.',
    });
  }

  listCoins(): Promise<CryptoCoin[]> {
    const maxAge = this.settings.coinsCacheMs ?? 60_000;
    if (!this.coins || Date.now() - this.coins.at > maxAge) {
      const list = this.loadCoins();
      this.coins = { at: Date.now(), list };
      // A failed load is not cached.
      list.catch(() => {
        if (this.coins?.list === list) this.coins = undefined;
      });
    }
    return this.coins.list;
  }

  async verifyEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<GatewayEvent> {
    const given = headers.hmac;
    if (typeof given !== 'string' || !/^[0-9a-f]{128}$/i.test(given)) throw new InvalidEventError('HMAC header missing');
    const expected = createHmac('sha512', this.settings.ipnSecret).update(rawBody).digest();
    if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new InvalidEventError('HMAC does not verify');
    const ipn = new URLSearchParams(rawBody.toString('utf8'));
    if (ipn.get('ipn_mode') !== 'hmac') throw new InvalidEventError('IPN mode is not HMAC');
    if (ipn.get('merchant') !== this.settings.merchantId) throw new InvalidEventError('IPN for another merchant');
    const id = ipn.get('ipn_id');
    const status = Number(ipn.get('status'));
    if (!id || !Number.isInteger(status)) throw new InvalidEventError('IPN without id or status');
    const currency = ipn.get('currency1') ?? undefined;
    const base = {
      id,
      reference: ipn.get('txn_id') ?? '',
      currency,
      amount: currency ? toMinor(ipn.get('amount1') ?? undefined, currency) : undefined,
    };
    if (ipn.get('ipn_type') !== 'api') return { ...base, type: 'other' };
    return { ...base, type: paid(status) ? 'charge.succeeded' : status < 0 ? 'charge.failed' : 'charge.pending' };
  }

  private async loadCoins(): Promise<CryptoCoin[]> {
    const rates = await this.call<Record<string, Rate>>('rates', { short: '1', accepted: '1' }).catch((err: unknown) => {
      throw unavailable(err);
    });
    const shop = rates[this.settings.shopCurrency];
    const shopBtc = shop ? Number(shop.rate_btc) : NaN;
    return Object.entries(rates)
      .filter(([, r]) => r.is_fiat === 0 && r.accepted === 1 && (r.status ?? 'online') === 'online')
      .map(([code, r]) => {
        const price = Number(r.rate_btc) / shopBtc;
        return { code, name: r.name, ...(Number.isFinite(price) && price > 0 && { rate: price.toFixed(price >= 1 ? 2 : 6) }) };
      })
      .sort((a, b) => a.code.localeCompare(b.code));
  }

  private async call<T>(cmd: string, params: Record<string, string>): Promise<T> {
    const body = new URLSearchParams({ version: '1', cmd, key: this.settings.publicKey, format: 'json', ...params }).toString();
    const hmac = createHmac('sha512', this.settings.privateKey).update(body).digest('hex');
    let res: Response;
    try {
      res = await fetch(this.settings.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', hmac },
        body,
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 30_000),
      });
    } catch (err) {
      throw new GatewayUnavailableError(`CoinPayments could not be reached: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    const json = (await res.json().catch(() => undefined)) as { error?: string; result?: T } | undefined;
    if (!res.ok || !json) throw new GatewayUnavailableError(`CoinPayments answered HTTP ${res.status}`);
    if (json.error !== 'ok') throw new CoinPaymentsRefusal(json.error ?? 'unknown error');
    return json.result as T;
  }
}

/** CoinPayments' rule: 100 (complete) and above, or 2 (queued for nightly payout), is paid. */
const paid = (status: number) => status >= 100 || status === 2;

function unavailable(err: unknown): Error {
  if (err instanceof GatewayUnavailableError) return err;
  return new GatewayUnavailableError(`CoinPayments: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
}

function toResult(reference: string, tx: TxInfo): ChargeResult {
  const currency = tx.checkout?.currency;
  const amount = currency && tx.checkout?.amountf !== undefined ? toMinor(String(tx.checkout.amountf), currency) : undefined;
  const base: ChargeResult = { status: 'pending', reference, amount, currency };
  if (paid(tx.status)) return { ...base, status: 'succeeded' };
  if (tx.status < 0) {
    return { ...base, status: 'failed', failureCode: tx.status === -1 ? 'expired' : 'crypto_payment_failed', failureMessage: tx.status_text };
  }
  if (tx.status === 0 && tx.payment_address && tx.coin && tx.amountf) {
    return {
      ...base,
      status: 'requires_action',
      nextAction: {
        type: 'show_address',
        address: tx.payment_address,
        amount: tx.amountf,
        coin: tx.coin,
        expiresAt: new Date((tx.time_expires ?? 0) * 1000).toISOString(),
      },
    };
  }
  return base;
}
