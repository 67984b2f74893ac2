/**
 * A payment gateway as checkout sees it (implementations: adapters/payments/<gateway>/, chosen by
 * configuration in the composition root). Money is integer cents of one ISO 4217 currency. Card
 * numbers never reach our server: the browser hands the gateway's component the card and gives us
 * a token. Every call that moves money carries our idempotency key, so a retry after a timeout or a
 * crash is the same charge at the gateway, never a second one.
 *
 * This file is the contract between checkout (services, jobs, routes) and the gateways. Declines are
 * answers (`status: 'failed'` with a `failureCode`), not exceptions; an exception means "we do not
 * know what happened" (timeout, 5xx, network) and the caller must retry with the same idempotency key
 * or leave the attempt to reconciliation.
 */

export type GatewayId = 'sandbox' | 'stripe' | 'paypal' | 'coinpayments' | 'balance';

/** How the customer pays through the gateway (shown by the web app, checked by the server). */
export type PaymentMethodKind = 'card' | 'wallet' | 'crypto' | 'balance';

export interface ChargeRequest {
  /** One per order attempt; the gateway must treat a repeat as the same charge. */
  idempotencyKey: string;
  amount: number;
  currency: string;
  description: string;
  /** The order the money is for (sent as metadata, used by reconciliation to find the charge). */
  orderId: string;
  method: PaymentMethodKind;
  /** Gateway token of a card or wallet: a one-time card token, a saved card's `methodRef`. */
  source?: string | undefined;
  /** The gateway's customer id, when charging a saved card. */
  customerRef?: string | undefined;
  customerEmail?: string | undefined;
  /** Charged without the customer present (auto-renew, auto top-up): no 3-D Secure prompt possible. */
  offSession?: boolean | undefined;
  /** Crypto only: the coin the customer chose (from `listCoins`). */
  currencyCrypto?: string | undefined;
  /** Where a redirect-based gateway (PayPal approval) sends the customer back to. */
  returnUrl?: string | undefined;
  cancelUrl?: string | undefined;
}

export type ChargeStatus =
  /** The money is ours. */
  | 'succeeded'
  /** The customer must act (3-D Secure, wallet approval, send coins); see `nextAction`. */
  | 'requires_action'
  /** Accepted but not settled yet (crypto confirmations, asynchronous capture). */
  | 'pending'
  | 'failed'
  | 'canceled';

/** What the browser must do before the charge can finish. Never holds a secret of ours. */
export type NextAction =
  /** Card component must confirm (3-D Secure or the sandbox's extra step); `clientSecret` is the gateway's per-charge client secret. */
  | { type: 'confirm_card'; clientSecret?: string | undefined; data?: Record<string, string> | undefined }
  /** Send the customer to `url` (PayPal approval); they come back to `returnUrl`. */
  | { type: 'redirect'; url: string }
  /** Crypto: pay `amount` of `coin` to `address` before `expiresAt`; `qrUrl` is the gateway's QR image. */
  | {
      type: 'show_address';
      address: string;
      amount: string;
      coin: string;
      expiresAt: string;
      qrUrl?: string | undefined;
      statusUrl?: string | undefined;
      destTag?: string | undefined;
    };

export interface ChargeResult {
  status: ChargeStatus;
  /** The gateway's id of the charge (unique per gateway: our table has a constraint on it). */
  reference: string;
  /** The amount and currency as the gateway holds them (reconciliation checks them against ours). */
  amount?: number | undefined;
  currency?: string | undefined;
  nextAction?: NextAction | undefined;
  /** Why it failed, in the gateway's code, e.g. 'card_declined', 'insufficient_funds', 'expired_card'. */
  failureCode?: string | undefined;
  /** The gateway's own words; the web shows our catalogue text for `failureCode` instead. */
  failureMessage?: string | undefined;
  /** The card that paid, when known (receipts, saved cards). */
  card?: { brand: string; last4: string } | undefined;
}

export interface RefundRequest {
  idempotencyKey: string;
  reference: string;
  amount: number;
  currency: string;
  reason?: string | undefined;
}

export interface RefundResult {
  status: 'succeeded' | 'pending' | 'failed';
  reference: string;
  /** Why a refund failed (e.g. 'refund_not_supported' for crypto, 'charge_already_refunded'). */
  failureCode?: string | undefined;
  failureMessage?: string | undefined;
}

/** A verified notification from the gateway (webhook or IPN). */
export interface GatewayEvent {
  /** The gateway's event id (Stripe event id, PayPal event id, CoinPayments ipn_id): stored, so a replay changes nothing. */
  id: string;
  type: 'charge.succeeded' | 'charge.failed' | 'charge.pending' | 'charge.canceled' | 'refund.succeeded' | 'other';
  /** The charge it is about (same value as `ChargeResult.reference`). */
  reference: string;
  amount?: number | undefined;
  currency?: string | undefined;
}

/** A card kept at the gateway for later charges. We store only these references and display fields. */
export interface SavedCard {
  customerRef: string;
  methodRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CardVault {
  /** Attaches a one-time card token from the browser to the customer (created when `customerRef` is absent). */
  save(input: { token: string; email: string; customerRef?: string | undefined; idempotencyKey: string }): Promise<SavedCard>;
  remove(card: { customerRef: string; methodRef: string }): Promise<void>;
}

export interface CryptoCoin {
  code: string;
  name: string;
  /** Price of one coin in the shop currency's major unit, when the gateway says. */
  rate?: string | undefined;
}

/** Origins the browser must reach for the gateway's component; the Content-Security-Policy allows exactly these. */
export interface BrowserOrigins {
  script: readonly string[];
  connect: readonly string[];
  frame: readonly string[];
  img: readonly string[];
}

/** Thrown on an unverifiable notification (bad signature, stale timestamp): the route answers 400. */
export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
}

/** Thrown when the gateway could not be reached or answered with an error we cannot interpret: retry later with the same key. */
export class GatewayUnavailableError extends Error {
  override readonly name = 'GatewayUnavailableError';
}

export interface PaymentGateway {
  readonly id: GatewayId;
  readonly methods: readonly PaymentMethodKind[];
  /** Public settings the browser needs (publishable key, client id); never a secret. */
  publicSettings(): Record<string, string>;
  browserOrigins(): BrowserOrigins;
  /** Creates the charge and, with a `source`, confirms it. A repeat with the same idempotency key returns the same charge. */
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /** Finishes a charge after the customer acted (3-D Secure done, PayPal approved → capture). Idempotent. */
  complete(reference: string, idempotencyKey: string): Promise<ChargeResult>;
  /** The charge as the gateway sees it now: for returns from a customer action and reconciliation. */
  retrieve(reference: string): Promise<ChargeResult>;
  /** Reconciliation after a crash before the reference was stored: the charge made for this order attempt, if any. */
  findCharge(orderId: string, idempotencyKey: string): Promise<ChargeResult | undefined>;
  /** Cancels a charge that has not succeeded (abandoned 3-D Secure, expired crypto address). */
  cancel(reference: string): Promise<ChargeResult>;
  refund(req: RefundRequest): Promise<RefundResult>;
  /** Checks a notification's signature on the raw body; throws InvalidEventError when it does not verify. */
  verifyEvent?(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<GatewayEvent>;
  /** Saved cards, for gateways that keep them (sandbox, stripe). */
  readonly cards?: CardVault | undefined;
  /** Crypto gateways: the coins the customer may pay with. */
  listCoins?(): Promise<CryptoCoin[]>;
}

/** Thrown by `CardVault.save` when the gateway refuses the card (declined, expired): an answer, not an outage. */
export class CardRefusedError extends Error {
  override readonly name = 'CardRefusedError';
  constructor(
    readonly failureCode: string,
    message = `card refused: ${failureCode}`,
  ) {
    super(message);
  }
}
