/**
 * A payment gateway as checkout sees it (implementations: adapters/payments/<gateway>/, chosen by
 * configuration in the composition root). Money is integer cents of one ISO 4217 currency. Card
 * numbers never reach our server: the browser hands the gateway's component the card and gives us
 * a token. Every call that moves money carries our idempotency key, so a retry after a timeout or a
 * crash is the same charge at the gateway, never a second one.
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
  /** The order the money is for (shown in the gateway's dashboard, used in reconciliation). */
  orderId: string;
  /** Gateway token of a card or wallet (saved card, one-time token, approved wallet order). */
  source?: string | undefined;
  customerEmail?: string | undefined;
  /** Whether the card may be kept for later charges (auto-renew, auto top-up). */
  savePaymentMethod?: boolean | undefined;
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

export interface ChargeResult {
  status: ChargeStatus;
  /** The gateway's id of the charge (unique per gateway: our table has a constraint on it). */
  reference: string;
  /** What the browser must do next, when anything. */
  nextAction?: { type: 'confirm_card' | 'redirect' | 'show_address'; data: Record<string, string> } | undefined;
  /** Why it failed, in the gateway's code, e.g. 'card_declined', 'insufficient_funds', 'expired_card'. */
  failureCode?: string | undefined;
  failureMessage?: string | undefined;
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
}

/** A verified notification from the gateway (webhook or IPN). */
export interface GatewayEvent {
  /** The gateway's event id: stored, so a replay changes nothing. */
  id: string;
  type: 'charge.succeeded' | 'charge.failed' | 'charge.pending' | 'refund.succeeded' | 'other';
  reference: string;
  amount?: number | undefined;
}

export interface PaymentGateway {
  readonly id: GatewayId;
  readonly methods: readonly PaymentMethodKind[];
  /** Public settings the browser needs (publishable key, client id); never a secret. */
  publicSettings(): Record<string, string>;
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /** The charge as the gateway sees it now: for returns from a customer action and reconciliation. */
  retrieve(reference: string): Promise<ChargeResult>;
  refund(req: RefundRequest): Promise<RefundResult>;
  /** Checks a notification's signature on the raw body; throws when it does not verify. */
  verifyEvent?(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<GatewayEvent>;
}
