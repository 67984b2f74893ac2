import { z } from 'zod';
import { emailSchema, requiredText } from './auth.js';
import { cartItemListSchema } from './cart.js';
import { countryCodeSchema, idSchema, resellerCodeSchema, shippingRateSchema } from './catalogue.js';
import { phoneSchema } from './phone.js';

/**
 * Quotes and purchases (SPEC §3 shipping info, §7 Purchase). The server prices every request with
 * the shared `priceCart()` and is the only authority on totals: a purchase carries the total the
 * customer saw (`expectedTotal`) and is refused with PRICE_CHANGED when the server's differs.
 * Money is integer cents.
 *
 * Endpoints (prefix `/public` for visitors, `/subscriber` when signed in):
 *   POST …/sim/purchase/price            quoteRequestSchema      → quoteSchema
 *   POST …/sim/purchase                  purchaseRequestSchema   → purchaseResultSchema
 *   POST /subscriber/add-on_plan/purchase/price  addOnQuoteRequestSchema → quoteSchema   (add-ons for the subscriber's SIM)
 *   POST /subscriber/add-on_plan/purchase        addOnPurchaseRequestSchema → purchaseResultSchema
 *   POST /subscriber/sim/purchase/sim/price  simCardQuoteRequestSchema → quoteSchema (SIM cards only)
 *   POST /subscriber/sim/purchase/sim        simCardPurchaseRequestSchema → purchaseResultSchema
 */

const text = (label: string, max = 100) => requiredText(label, max);

/** Where physical SIMs go and who receives them (SPEC §3 "Shipping info"). */
export const shippingAddressSchema = z.object({
  shippingFirstName: text('First name', 60),
  shippingLastName: text('Last name', 60),
  shippingPhoneNumber: phoneSchema('Phone'),
  shippingAddress1: text('Address', 100),
  shippingAddress2: z.string().trim().max(100, 'Must be at most 100 characters').optional().default(''),
  shippingCity: text('City', 100),
  shippingState: text('State', 50),
  /** A missing country reads as the profile's does (field code 'country'), not as zod's type error. */
  shippingCountry: z.string({ error: 'Please enter a country' }).pipe(countryCodeSchema),
  shippingZipcode: z
    .string({ error: 'Zip code is a required field' })
    .trim()
    .min(1, 'Zip code is a required field')
    .max(10, 'Must be at most 10 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "Must be alphanumeric and can contain '-'"),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** The same address as the API answers it (already normalised; plain strings, no transforms). */
export const shippingAddressViewSchema = z.object({
  shippingFirstName: z.string(),
  shippingLastName: z.string(),
  shippingPhoneNumber: z.string(),
  shippingAddress1: z.string(),
  shippingAddress2: z.string(),
  shippingCity: z.string(),
  shippingState: z.string(),
  shippingCountry: z.string(),
  shippingZipcode: z.string(),
});

/** Quote: the cart, plus the destination and delivery option when physical SIMs are in it. */
export const quoteRequestSchema = z.object({
  items: cartItemListSchema.min(1, 'The cart is empty'),
  /**
   * Destination country of the physical SIMs (defaults to US); decides the shipping options. Omit it
   * when nothing ships: a destination outside the US without a physical SIM is refused
   * (SIM_MUST_SHIP_OUTSIDE_US).
   */
  shippingCountry: countryCodeSchema.optional(),
  /** The chosen delivery option (id from `shippingOptions`); the cheapest when omitted. */
  shippingRateId: idSchema.optional(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export const lineTypeSchema = z.enum([
  /** A plan bought with a new SIM (physical or eSIM). */
  'plan',
  /** An add-on (data, minutes, texts), for a new plan in the same order or for an existing SIM. */
  'addon',
  /** Blank physical SIM cards (SIM variant of the purchase). */
  'sim_card',
  /** The SIM actions (issue "SIM lifecycle"): priced and paid through the same machinery. */
  'renewal',
  'plan_change',
  'top_up',
  'recovery',
  'sim_reorder',
  /** A new eSIM profile, or the number moved onto a new SIM card (refresh). */
  'sim_refresh',
]);
export type LineType = z.infer<typeof lineTypeSchema>;

export const quoteLineSchema = z.object({
  key: z.string(),
  type: lineTypeSchema,
  name: z.string(),
  planId: idSchema.nullable(),
  priceId: idSchema.nullable(),
  addonId: idSchema.nullable(),
  /** The existing SIM the line acts on (add-ons for a SIM, SIM actions); null for new SIMs. */
  simId: idSchema.nullable(),
  sim: z.enum(['physical', 'esim']).nullable(),
  periodDays: z.number().int().nullable(),
  unitPrice: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  /** Why the line cannot be bought as it stands (not charged); absent when it can. */
  problem: z.enum(['not_sold', 'addon_not_allowed', 'sold_out']).optional(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteSchema = z.object({
  lines: z.array(quoteLineSchema),
  subtotal: z.number().int().nonnegative(),
  physicalSims: z.number().int().nonnegative(),
  esims: z.number().int().nonnegative(),
  /** Price of one physical SIM card in cents (SPEC §9: forced to 1 unit). */
  simCardPrice: z.number().int().nonnegative(),
  simCards: z.number().int().nonnegative(),
  needsShipping: z.boolean(),
  /** The delivery options for the destination (empty when nothing ships). */
  shippingOptions: z.array(shippingRateSchema),
  /** The option priced in, or null when nothing ships. */
  shippingRate: shippingRateSchema.nullable(),
  shipping: z.number().int().nonnegative(),
  taxRateBps: z.number().int().nonnegative(),
  tax: z.number().int().nonnegative(),
  surchargeBps: z.number().int().nonnegative(),
  surcharge: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  currency: z.string().length(3),
  /** True when every line can be bought; a purchase of an unsellable quote is refused. */
  sellable: z.boolean(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** What every purchase adds to its quote request. */
const purchaseFields = {
  /** The total the customer was shown; refused with PRICE_CHANGED when the server's differs. */
  expectedTotal: z.number().int().nonnegative(),
  /**
   * Chosen by the browser once per checkout (kept with the order data): a repeated request with the
   * same id answers with the same order instead of creating a second one (double click, retry).
   */
  requestId: z.uuid(),
  /** The reseller/affiliate code captured from a URL (SPEC §2); ignored when not valid. */
  resellerCode: resellerCodeSchema.optional(),
};

export const purchaseRequestSchema = quoteRequestSchema.extend({
  ...purchaseFields,
  /** Visitors: the address the order and the account are tied to. Subscribers: ignored (their own). */
  emailAddress: emailSchema.optional(),
  /** Required when the order has physical SIMs; its country overrides `shippingCountry`. */
  shippingAddress: shippingAddressSchema.optional(),
  /** A referral: the e-mail of the subscriber who referred a new customer (refer-a-friend). */
  referrerEmail: emailSchema.optional(),
});
export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>;

/** Add-ons for an existing SIM of the subscriber (or a visitor's SIM by its id). */
export const addOnQuoteRequestSchema = z.object({
  simId: idSchema,
  items: z
    .array(z.object({ addonId: idSchema, quantity: z.number().int().min(1).max(10) }))
    .min(1, 'The cart is empty')
    .max(20),
});
export const addOnPurchaseRequestSchema = addOnQuoteRequestSchema.extend({
  ...purchaseFields,
  emailAddress: emailSchema.optional(),
});

/** Blank physical SIM cards for the signed-in subscriber (SPEC §7 /subscriber/sim/purchase/sim). */
export const simCardQuoteRequestSchema = z.object({
  quantity: z.number().int().min(1).max(10),
  shippingCountry: countryCodeSchema.optional(),
  shippingRateId: idSchema.optional(),
});
export const simCardPurchaseRequestSchema = simCardQuoteRequestSchema.extend({
  ...purchaseFields,
  shippingAddress: shippingAddressSchema,
});

/** Whether a visitor's e-mail made a new account or was attached to an existing one. */
export const accountOutcomeSchema = z.enum(['created', 'existing', 'signed_in']);
export type AccountOutcome = z.infer<typeof accountOutcomeSchema>;
