import { z } from 'zod';
import { idSchema } from './catalogue.js';

/**
 * Payments, gateways, saved cards and balance transactions (SPEC §3 Payment/transaction, Saved
 * card; §7 Payment methods and money). Money is integer cents. Card numbers never reach our server:
 * the browser gives the gateway's component the card and sends us the component's token.
 *
 * Endpoints:
 *   GET    /public/payment/gateways                 → gatewayListSchema (only the enabled ones)
 *   GET    /coinpayments/coins                      → coinListSchema
 *   POST   /public/payment                          paymentRequestSchema (with accessToken) → paymentSchema
 *   POST   /subscriber/payment                      paymentRequestSchema → paymentSchema
 *   GET    /subscriber/payment                      ?page&pageSize&from&to&type → paymentListSchema
 *   GET    /public/payment/:id                      header x-order-token → paymentSchema (status polling)
 *   POST   /public/payment/:id/confirm              paymentConfirmSchema → paymentSchema
 *   POST   /public/payment/webhook/:gateway         raw body, verified by the gateway → 200 { received: true }
 *   POST   /public/payment/sandbox/authenticate/:reference  sandboxAuthenticateSchema (the sandbox's own "3-D Secure" page)
 *   GET    /subscriber/payment_method               → savedCardListSchema
 *   POST   /subscriber/payment_method               savedCardCreateSchema → savedCardSchema ('card added')
 *   DELETE /subscriber/payment_method/:id           → 204
 *   POST   /subscriber/payment_method/:id/default   → savedCardSchema
 *   POST   /subscriber/auto_renew/{enable|disable}    autoFlagRequestSchema → savedCardListSchema
 *   POST   /subscriber/auto_extend/{enable|disable}   autoFlagRequestSchema → savedCardListSchema
 *   POST   /subscriber/auto_top-up/{enable|disable}   autoFlagRequestSchema → savedCardListSchema
 *   GET    /subscriber/balance_transaction          ?page&pageSize&from&to&type → balanceTransactionListSchema
 */

export const gatewayIdSchema = z.enum(['sandbox', 'stripe', 'paypal', 'coinpayments', 'balance']);
export type GatewayIdValue = z.infer<typeof gatewayIdSchema>;
export const paymentMethodKindSchema = z.enum(['card', 'wallet', 'crypto', 'balance']);
export type PaymentMethodKindValue = z.infer<typeof paymentMethodKindSchema>;

export const gatewayInfoSchema = z.object({
  id: gatewayIdSchema,
  methods: z.array(paymentMethodKindSchema),
  /** What the browser component needs (publishable key, client id); never a secret. */
  publicSettings: z.record(z.string(), z.string()),
  /** Whether the gateway keeps cards for later (saved cards, auto-renew). */
  savesCards: z.boolean(),
});
export const gatewayListSchema = z.object({ gateways: z.array(gatewayInfoSchema), currency: z.string().length(3) });
export type GatewayInfo = z.infer<typeof gatewayInfoSchema>;
export type GatewayList = z.infer<typeof gatewayListSchema>;

export const coinSchema = z.object({ code: z.string(), name: z.string(), rate: z.string().optional() });
export const coinListSchema = z.array(coinSchema);

/** Start (or repeat) paying an order. */
export const paymentRequestSchema = z
  .object({
    orderId: idSchema,
    /** Visitors: the order's access token from the purchase answer. */
    accessToken: z.string().min(20).max(200).optional(),
    gateway: gatewayIdSchema,
    method: paymentMethodKindSchema,
    /** One-time token from the gateway's card component (sandbox: `tok_sandbox_…`). */
    cardToken: z.string().min(6).max(500).optional(),
    /** A saved card of the subscriber (id from GET /subscriber/payment_method). */
    paymentMethodId: idSchema.optional(),
    /** Keep the card used for later (subscribers; gateways that save cards). */
    saveCard: z.boolean().optional(),
    /** Crypto: the coin chosen from /coinpayments/coins. */
    currencyCrypto: z.string().min(2).max(20).optional(),
    /**
     * One per click of "Pay", chosen by the browser: a retry of the same request (timeout, reload)
     * answers with the same payment attempt and never charges twice.
     */
    requestId: z.uuid(),
    /** Redirect gateways (PayPal): where to come back to; must be on our own site. */
    returnUrl: z.string().max(500).optional(),
    cancelUrl: z.string().max(500).optional(),
  })
  .refine((b) => b.method !== 'card' || b.cardToken !== undefined || b.paymentMethodId !== undefined, {
    message: 'Token is required',
    path: ['cardToken'],
  });
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/** Internal payment state. The outcome (SPEC §4) is what a person reads. */
export const paymentStatusSchema = z.enum(['pending', 'requires_action', 'succeeded', 'failed', 'canceled', 'refunded']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export const paymentOutcomeSchema = z.enum(['success', 'in_process', 'pending', 'failure']);
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

/** Why a card or wallet payment failed, as our catalogue words it (the gateway's own text is never shown). */
export const paymentFailureCodeSchema = z.enum([
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'authentication_failed',
  'processing_error',
  'expired',
  'canceled',
  'insufficient_balance',
  'unknown',
]);
export type PaymentFailureCode = z.infer<typeof paymentFailureCodeSchema>;

export const nextActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('confirm_card'), clientSecret: z.string().optional(), data: z.record(z.string(), z.string()).optional() }),
  z.object({ type: z.literal('redirect'), url: z.string() }),
  z.object({
    type: z.literal('show_address'),
    address: z.string(),
    amount: z.string(),
    coin: z.string(),
    expiresAt: z.string(),
    qrUrl: z.string().optional(),
    statusUrl: z.string().optional(),
    destTag: z.string().optional(),
  }),
]);
export type NextActionValue = z.infer<typeof nextActionSchema>;

export const paymentSchema = z.object({
  id: idSchema,
  orderId: idSchema,
  gateway: gatewayIdSchema,
  method: paymentMethodKindSchema,
  amount: z.number().int().nonnegative(),
  currency: z.string().length(3),
  /** debit: the customer paid us; credit: we paid back (refund). */
  type: z.enum(['debit', 'credit']),
  status: paymentStatusSchema,
  outcome: paymentOutcomeSchema,
  description: z.string(),
  nextAction: nextActionSchema.nullable(),
  failureCode: paymentFailureCodeSchema.nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  /** Set on the order once it is paid (the confirmation page shows the order and its invoice). */
  orderStatus: z.string(),
  invoiceId: idSchema.nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

const dateFilter = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date as YYYY-MM-DD');
export const moneyListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** Inclusive day range in UTC. */
  from: dateFilter.optional(),
  to: dateFilter.optional(),
  type: z.enum(['debit', 'credit']).optional(),
});
export type MoneyListQuery = z.infer<typeof moneyListQuerySchema>;

export const paymentListSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
  data: z.array(paymentSchema),
});

export const paymentConfirmSchema = z.object({
  accessToken: z.string().min(20).max(200).optional(),
});

/** The sandbox gateway's stand-in for a 3-D Secure page: the customer approves or refuses. */
export const sandboxAuthenticateSchema = z.object({ approve: z.boolean() });

// --- saved cards -------------------------------------------------------------------------------

export const savedCardSchema = z.object({
  id: idSchema,
  gateway: gatewayIdSchema,
  brand: z.string(),
  last4: z.string(),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
  nameOnCard: z.string().nullable(),
  isDefault: z.boolean(),
  /** SPEC §5: a card is valid if its expiry is later than now (end of the expiry month). */
  isExpired: z.boolean(),
  autoRenew: z.boolean(),
  autoExtend: z.boolean(),
  autoTopUp: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SavedCardInfo = z.infer<typeof savedCardSchema>;
export const savedCardListSchema = z.array(savedCardSchema);

export const savedCardCreateSchema = z.object({
  cardToken: z.string({ error: 'Token is required' }).min(6, 'Token is required').max(500),
  gateway: gatewayIdSchema.optional(),
  nameOnCard: z.string().trim().max(100).optional(),
  makeDefault: z.boolean().optional(),
});

/** Turn a card's auto-renew / auto-extend / auto top-up on or off (one card per flag). */
export const autoFlagRequestSchema = z.object({ paymentMethodId: idSchema });

// --- balance transactions ----------------------------------------------------------------------

export const balanceTransactionReasonSchema = z.enum([
  /** Paid an order from the balance. */
  'order_payment',
  /** Money put on the balance (top-up order). */
  'top_up',
  'affiliate_commission',
  'referral_bonus',
  /** A refund returned to the balance (orders paid from it). */
  'refund',
  /** A credit taken back because the order it came from was refunded. */
  'reversal',
  'adjustment',
]);
export const balanceTransactionSchema = z.object({
  id: idSchema,
  type: z.enum(['debit', 'credit']),
  reason: balanceTransactionReasonSchema,
  amount: z.number().int().nonnegative(),
  /** Balance right after this transaction. */
  balanceAfter: z.number().int(),
  description: z.string(),
  orderId: idSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type BalanceTransaction = z.infer<typeof balanceTransactionSchema>;
export const balanceTransactionListSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
  balance: z.number().int(),
  data: z.array(balanceTransactionSchema),
});
