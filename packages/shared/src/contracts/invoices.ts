import { z } from 'zod';
import { idSchema } from './catalogue.js';
import { shippingAddressViewSchema } from './checkout.js';

/**
 * Invoices (SPEC §3 Invoice): one per paid order, numbered in sequence, frozen at payment time.
 *
 * Endpoints:
 *   GET /subscriber/invoice               ?page&pageSize → invoiceListSchema
 *   GET /subscriber/invoice/:id           → invoiceSchema ('Invoice not found' for another's)
 *   GET /subscriber/invoice/:id/pdf       → application/pdf
 *   GET /public/invoice/:token            → invoiceSchema (the unguessable link of the invoice)
 *   GET /public/invoice/:token/pdf        → application/pdf
 */

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int().positive(),
  unitPrice: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

export const invoiceSchema = z.object({
  id: idSchema,
  number: z.string(),
  orderId: idSchema,
  orderNumber: z.string(),
  date: z.iso.datetime({ offset: true }),
  billTo: z.object({ name: z.string(), email: z.string() }),
  shipTo: shippingAddressViewSchema.nullable(),
  lines: z.array(invoiceLineSchema),
  subTotal: z.number().int().nonnegative(),
  simCards: z.number().int().nonnegative(),
  shipping: z.number().int().nonnegative(),
  taxRateBps: z.number().int().nonnegative(),
  tax: z.number().int().nonnegative(),
  surchargeBps: z.number().int().nonnegative(),
  surcharge: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  currency: z.string().length(3),
  paidWith: z.string(),
  company: z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string() }),
  /** The unguessable public link path (`/invoice?token=…` on the site, `/public/invoice/:token` on the API). */
  publicToken: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
  data: z.array(invoiceSchema),
});
export const invoiceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
