import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { startHttpStandin, type RunningStandin, type StandinRequest, type StandinResponse } from './http-standin.js';

/**
 * A local stand-in of CoinPayments' API v1 (one endpoint, form posts signed with HMAC-SHA512 in the
 * `HMAC` header) and of its IPN sender. It checks each call's signature with the key pair, keeps
 * transactions in memory, converts with fixed rates, and lets a test move a transaction through
 * CoinPayments' statuses (0 waiting, 1 confirming, 100 complete, -1 timed out); every change makes
 * an IPN (form body, HMAC with the IPN secret) that a test verifies or posts to the IPN URL.
 */

type Json = Record<string, unknown>;

interface Tx {
  txn_id: string;
  address: string;
  dest_tag?: string;
  coin: string;
  amountf: string;
  status: number;
  status_text: string;
  time_created: number;
  time_expires: number;
  receivedf: string;
  confirms_needed: number;
  recv_confirms: number;
  currency1: string;
  amount1: string;
  buyer_email: string;
  item_name: string;
  invoice: string;
  custom: string;
  ipn_url: string;
  lastIpn?: string;
}

export interface CoinPaymentsStandin extends RunningStandin {
  apiUrl: string;
  publicKey: string;
  privateKey: string;
  ipnSecret: string;
  merchantId: string;
  tx(id: string): Tx | undefined;
  /** The buyer's coins arrive (`confirming` → 1, `paid` → 100) or the address times out (`expired` → -1). */
  setStatus(txnId: string, what: 'confirming' | 'paid' | 'queued' | 'expired'): void;
  /** The IPN of the transaction's last change, as CoinPayments sends it (resending keeps its ipn_id). */
  ipn(txnId: string, opts?: { secret?: string; merchant?: string }): { rawBody: Buffer; headers: Record<string, string> };
  /** Posts that IPN to the transaction's ipn_url; resolves with the HTTP status. */
  sendIpn(txnId: string): Promise<number>;
}

const RATES: Record<string, { is_fiat: number; rate_btc: string; name: string; accepted: number; confirms: string }> = {
  BTC: { is_fiat: 0, rate_btc: '1.000000000000000000000000', name: 'Bitcoin', accepted: 1, confirms: '2' },
  LTC: { is_fiat: 0, rate_btc: '0.001200000000000000000000', name: 'Litecoin', accepted: 1, confirms: '3' },
  ETH: { is_fiat: 0, rate_btc: '0.038000000000000000000000', name: 'Ether', accepted: 1, confirms: '3' },
  DOGE: { is_fiat: 0, rate_btc: '0.000002000000000000000000', name: 'Dogecoin', accepted: 0, confirms: '6' },
  USD: { is_fiat: 1, rate_btc: '0.000010000000000000000000', name: 'United States Dollar', accepted: 0, confirms: '1' },
  EUR: { is_fiat: 1, rate_btc: '0.000011000000000000000000', name: 'Euro', accepted: 0, confirms: '1' },
};

export async function startCoinPaymentsStandin(opts: { timeoutSeconds?: number } = {}): Promise<CoinPaymentsStandin> {
  const publicKey = `pub_${randomBytes(16).toString('hex')}`;
  const privateKey = `prv_${randomBytes(16).toString('hex')}`;
  const ipnSecret = `ipn_${randomBytes(8).toString('hex')}`;
  const merchantId = randomBytes(16).toString('hex');
  const txs = new Map<string, Tx>();
  const order: string[] = [];
  let baseUrl = '';

  const now = () => Math.floor(Date.now() / 1000);
  const ok = (result: unknown): StandinResponse => ({ status: 200, body: { error: 'ok', result } });
  const refuse = (error: string): StandinResponse => ({ status: 200, body: { error, result: [] } });

  function sign(body: string, secret: string) {
    return createHmac('sha512', secret).update(body).digest('hex');
  }

  function makeIpn(tx: Tx) {
    tx.lastIpn = new URLSearchParams({
      ipn_version: '1.0',
      ipn_type: 'api',
      ipn_mode: 'hmac',
      ipn_id: randomBytes(16).toString('hex'),
      merchant: merchantId,
      txn_id: tx.txn_id,
      status: String(tx.status),
      status_text: tx.status_text,
      currency1: tx.currency1,
      currency2: tx.coin,
      amount1: tx.amount1,
      amount2: tx.amountf,
      fee: '0.00000500',
      buyer_name: 'CoinPayments API',
      email: tx.buyer_email,
      item_name: tx.item_name,
      invoice: tx.invoice,
      custom: tx.custom,
      received_amount: tx.receivedf,
      received_confirms: String(tx.recv_confirms),
    }).toString();
  }

  function create(p: URLSearchParams): StandinResponse {
    const amount = p.get('amount') ?? '';
    const c1 = (p.get('currency1') ?? '').toUpperCase();
    const c2 = (p.get('currency2') ?? '').toUpperCase();
    const email = p.get('buyer_email') ?? '';
    if (!/^\d+(\.\d+)?$/.test(amount) || Number(amount) <= 0) return refuse('Amount must be greater than 0!');
    if (!RATES[c1]) return refuse('Invalid currency1!');
    const coin = RATES[c2];
    if (!coin || coin.is_fiat || !coin.accepted) return refuse(`The currency ${c2} is not enabled for acceptance in your account!`);
    if (!/.+@.+/.test(email)) return refuse('buyer_email is required!');
    const coinAmount = ((Number(amount) * Number(RATES[c1]!.rate_btc)) / Number(coin.rate_btc)).toFixed(8);
    const timeout = opts.timeoutSeconds ?? 9000;
    const tx: Tx = {
      txn_id: `CP${randomBytes(12).toString('hex').toUpperCase()}`,
      address: `${c2 === 'BTC' ? 'bc1q' : c2 === 'ETH' ? '0x' : 'M'}${randomBytes(19).toString('hex')}`,
      coin: c2,
      amountf: coinAmount,
      status: 0,
      status_text: 'Waiting for buyer funds...',
      time_created: now(),
      time_expires: now() + timeout,
      receivedf: '0.00000000',
      confirms_needed: Number(coin.confirms),
      recv_confirms: 0,
      currency1: c1,
      amount1: amount,
      buyer_email: email,
      item_name: p.get('item_name') ?? '',
      invoice: p.get('invoice') ?? '',
      custom: p.get('custom') ?? '',
      ipn_url: p.get('ipn_url') ?? '',
    };
    txs.set(tx.txn_id, tx);
    order.unshift(tx.txn_id);
    return ok({
      amount: tx.amountf,
      address: tx.address,
      txn_id: tx.txn_id,
      confirms_needed: String(tx.confirms_needed),
      timeout,
      checkout_url: `${baseUrl}/index.php?cmd=checkout&id=${tx.txn_id}`,
      status_url: `${baseUrl}/index.php?cmd=status&id=${tx.txn_id}`,
      qrcode_url: `${baseUrl}/qrgen.php?id=${tx.txn_id}`,
    });
  }

  function info(tx: Tx, full: boolean): Json {
    return {
      time_created: tx.time_created,
      time_expires: tx.time_expires,
      status: tx.status,
      status_text: tx.status_text,
      type: 'coins',
      coin: tx.coin,
      amount: Math.round(Number(tx.amountf) * 1e8),
      amountf: tx.amountf,
      received: Math.round(Number(tx.receivedf) * 1e8),
      receivedf: tx.receivedf,
      recv_confirms: tx.recv_confirms,
      payment_address: tx.address,
      ...(full && {
        checkout: {
          currency: tx.currency1,
          amount: Math.round(Number(tx.amount1) * 1e8),
          amountf: tx.amount1,
          item_name: tx.item_name,
          invoice: tx.invoice,
          custom: tx.custom,
          ipn_url: tx.ipn_url,
        },
      }),
    };
  }

  function route(req: StandinRequest): StandinResponse {
    if (req.method !== 'POST' || req.path !== '/api.php') return { status: 404, body: { error: 'not found' } };
    const raw = req.body.toString('utf8');
    const p = new URLSearchParams(raw);
    const given = req.headers.hmac;
    if (p.get('key') !== publicKey) return refuse('Invalid API public key passed!');
    if (typeof given !== 'string' || given.length !== 128) return refuse('No HMAC signature sent.');
    if (!timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(sign(raw, privateKey), 'hex'))) return refuse('HMAC signature does not match');
    if (p.get('version') !== '1') return refuse('Invalid API version - no match found');
    switch (p.get('cmd')) {
      case 'rates': {
        const acceptedOnly = p.get('accepted') === '2';
        return ok(Object.fromEntries(Object.entries(RATES).filter(([, r]) => !acceptedOnly || r.accepted).map(([k, r]) => [k, { ...r, last_update: String(now()), tx_fee: '0.0001', status: 'online', capabilities: ['payments'] }])));
      }
      case 'create_transaction':
        return create(p);
      case 'get_tx_info': {
        const tx = txs.get(p.get('txid') ?? '');
        return tx ? ok(info(tx, p.get('full') === '1')) : refuse('Invalid payment ID passed!');
      }
      case 'get_tx_ids': {
        const newer = Number(p.get('newer') ?? '0');
        const limit = Math.min(100, Number(p.get('limit') ?? '25'));
        const start = Number(p.get('start') ?? '0');
        return ok(order.filter((id) => txs.get(id)!.time_created >= newer).slice(start, start + limit));
      }
      default:
        return refuse('Invalid command name!');
    }
  }

  const running = await startHttpStandin(route);
  baseUrl = running.url;

  const standin: CoinPaymentsStandin = {
    ...running,
    apiUrl: `${running.url}/api.php`,
    publicKey,
    privateKey,
    ipnSecret,
    merchantId,
    tx: (id) => txs.get(id),
    setStatus(txnId, what) {
      const tx = txs.get(txnId);
      if (!tx) throw new Error(`no transaction ${txnId}`);
      if (what === 'confirming') Object.assign(tx, { status: 1, status_text: 'We have confirmed coin reception from the buyer', receivedf: tx.amountf, recv_confirms: 0 });
      if (what === 'paid') Object.assign(tx, { status: 100, status_text: 'Complete', receivedf: tx.amountf, recv_confirms: tx.confirms_needed });
      if (what === 'queued') Object.assign(tx, { status: 2, status_text: 'Queued for nightly payout', receivedf: tx.amountf, recv_confirms: tx.confirms_needed });
      if (what === 'expired') Object.assign(tx, { status: -1, status_text: 'Cancelled / Timed Out' });
      makeIpn(tx);
    },
    ipn(txnId, o = {}) {
      const tx = txs.get(txnId);
      if (!tx?.lastIpn) throw new Error(`no IPN for ${txnId}`);
      let body = tx.lastIpn;
      if (o.merchant) body = body.replace(`merchant=${merchantId}`, `merchant=${o.merchant}`);
      return { rawBody: Buffer.from(body), headers: { 'content-type': 'application/x-www-form-urlencoded', hmac: sign(body, o.secret ?? ipnSecret) } };
    },
    async sendIpn(txnId) {
      const tx = txs.get(txnId);
      if (!tx) throw new Error(`no transaction ${txnId}`);
      const { rawBody, headers } = standin.ipn(txnId);
      const res = await fetch(tx.ipn_url, { method: 'POST', headers, body: rawBody });
      return res.status;
    },
  };
  return standin;
}
