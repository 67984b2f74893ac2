import { z } from 'zod';
import { accountOutcomeSchema, lineTypeSchema, shippingAddressSchema, shippingAddressViewSchema } from './checkout.js';
import { idSchema } from './catalogue.js';

/**
 * Orders (SPEC §3 Order, §4 badges). Status flow:
 *   pending ──paid──▶ paid ──fulfilment starts──▶ processing ──▶ shipped ──▶ delivered
 *      │ ▲ (payment failed / new attempt)                    (eSIM-only: processing ──▶ delivered)
 *      ▼ │
 *    unpaid        pending|unpaid ──cancel──▶ canceled        paid|processing ──refund──▶ refunded
 *
 * Endpoints:
 *   GET  /subscriber/order                 ?page&pageSize&status → orderListSchema
 *   GET  /subscriber/order/:id             → orderSchema (another subscriber's order: 404 ORDER_NOT_FOUND)
 *   GET  /public/order/:id                 header x-order-token → orderSchema (visitor, by the access token)
 *   PATCH …/order/:id/address              orderAddressChangeSchema → orderSchema ('order address updated')
 *   POST …/order/:id/cancel                → orderSchema ('canceled successfully')
 *   GET  /subscriber/fulfillment           → orderListSchema of orders being fulfilled (paid, processing, shipped)
 */

export const orderStatusSchema = z.enum(['pending', 'unpaid', 'paid', 'processing', 'shipped', 'delivered', 'canceled', 'refunded']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** What an order is for: decides the fulfilment and the description. */
export const orderKindSchema = z.enum(['purchase', 'addon', 'sim_card', 'renewal', 'plan_change', 'top_up', 'recovery', 'sim_reorder', 'sim_refresh']);
export type OrderKind = z.infer<typeof orderKindSchema>;

export const orderLineSchema = z.object({
  id: idSchema,
  type: lineTypeSchema,
  name: z.string(),
  planId: idSchema.nullable(),
  priceId: idSchema.nullable(),
  addonId: idSchema.nullable(),
  simId: idSchema.nullable(),
  sim: z.enum(['physical', 'esim']).nullable(),
  periodDays: z.number().int().nullable(),
  unitPrice: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  /** Line-type specific details the fulfiller needs (e.g. the plan a SIM changes to). */
  details: z.record(z.string(), z.unknown()).nullable(),
  fulfilledAt: z.iso.datetime({ offset: true }).nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = z.object({
  id: idSchema,
  /** Short human reference for mails and support ("LW-7F3K9Q"). */
  number: z.string(),
  kind: orderKindSchema,
  description: z.string(),
  status: orderStatusSchema,
  email: z.string(),
  lines: z.array(orderLineSchema),
  subtotal: z.number().int().nonnegative(),
  simCards: z.number().int().nonnegative(),
  shipping: z.number().int().nonnegative(),
  taxRateBps: z.number().int().nonnegative(),
  tax: z.number().int().nonnegative(),
  surchargeBps: z.number().int().nonnegative(),
  surcharge: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  currency: z.string().length(3),
  /** Null for orders that ship nothing (eSIM only, add-ons, SIM actions). */
  shippingAddress: shippingAddressViewSchema.nullable(),
  shippingMethod: z.object({ id: idSchema, name: z.string(), minDays: z.number().int(), maxDays: z.number().int() }).nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  resellerCode: z.string().nullable(),
  invoiceId: idSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  shippedAt: z.iso.datetime({ offset: true }).nullable(),
  canceledAt: z.iso.datetime({ offset: true }).nullable(),
  refundedAt: z.iso.datetime({ offset: true }).nullable(),
  /** What the customer may still do (the server checks again on each request). */
  canPay: z.boolean(),
  canCancel: z.boolean(),
  canChangeAddress: z.boolean(),
  /** Paid, but waiting for SIM stock at the network; the owner was mailed about it. */
  waitingForStock: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: orderStatusSchema.optional(),
});
export const orderListSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
  data: z.array(orderSchema),
});
export type OrderList = z.infer<typeof orderListSchema>;

/** Answer of every purchase endpoint: the order (status pending) to pay next. */
export const purchaseResultSchema = z.object({
  order: orderSchema,
  /**
   * Bearer of the order for visitors: paying, confirming and reading it publicly need it (header
   * `x-order-token`, or `accessToken` in payment bodies). Keep it with the order data in the browser.
   */
  accessToken: z.string(),
  /** Visitors: whether the e-mail made a new account ('created', a set-password mail is on its way) or found one ('existing'). */
  account: accountOutcomeSchema,
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

export const orderAddressChangeSchema = z.object({ shippingAddress: shippingAddressSchema });

export { ORDER_TOKEN_HEADER } from './order-token.js';
