import { z } from 'zod';
import { RESELLER_CODE_MAX, RESELLER_CODE_MIN, RESELLER_CODE_PATTERN } from '../rules/reseller-code.js';

/**
 * Catalogue contracts shared by the API (response schemas) and the web app (parsing, types).
 * Money is integer cents. Quotas: `null` means unlimited.
 */

export const idSchema = z.uuid();

export const simSourceSchema = z.object({
  /** Values starting with `sim_` are physical SIM cards; anything else is an eSIM. */
  type: z.string().min(1),
});

/**
 * Names and descriptions come in the language the request asked for (Accept-Language), English
 * where a text has no translation (decision 210). What addresses, grouping and classification read
 * never changes with the language: `slug`, and an add-on's `kind`.
 */
export const planSchema = z.object({
  id: idSchema,
  categoryId: idSchema,
  /** The plan page's last address segment (`planSlug` of the English name): the same in every language. */
  slug: z.string().min(1),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  simSource: simSourceSchema,
  /** High-speed data in MB per validity period; null = unlimited. */
  dataMb: z.number().int().nonnegative().nullable(),
  /** Domestic voice minutes; null = unlimited. */
  voiceMinutes: z.number().int().nonnegative().nullable(),
  /** Domestic SMS; null = unlimited. */
  sms: z.number().int().nonnegative().nullable(),
  validityDays: z.number().int().positive(),
  /** Minutes to the destinations flagged `includedMinutes` in the rate table. */
  internationalMinutes: z.number().int().nonnegative(),
  /** Whether calls to destinations flagged `unlimitedCalls` are free on this plan. */
  unlimitedInternationalCalls: z.boolean(),
  sortOrder: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;

export const planCategorySchema = z.object({
  id: idSchema,
  /** The category's address segment (`/plan/<slug>`), its stable key: the same in every language. */
  slug: z.string().min(1),
  name: z.string(),
  description: z.string(),
  sortOrder: z.number().int(),
  plans: z.array(planSchema),
});
export type PlanCategory = z.infer<typeof planCategorySchema>;
export const planCategoryListSchema = z.array(planCategorySchema);

export const planPricingSchema = z.object({
  id: idSchema,
  planId: idSchema,
  isActive: z.boolean(),
  /** Price in cents for one period. */
  price: z.number().int().nonnegative(),
  /** Length of the period this price buys, in days (30 = one month). */
  periodDays: z.number().int().positive(),
});
export type PlanPricing = z.infer<typeof planPricingSchema>;
export const planPricingListSchema = z.array(planPricingSchema);

export const planPricingQuerySchema = z.object({
  planId: idSchema.optional(),
  isActive: z.enum(['true', 'false']).optional(),
});

export const addOnKindSchema = z.enum(['voice', 'text', 'data']);

export const addOnSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  /**
   * Voice, text or data by the spec's rule (§5) applied to the English name, or null when the rule
   * finds none: a translated name ("100 分钟") must not change what the shop thinks it is.
   */
  kind: addOnKindSchema.nullable(),
  isActive: z.boolean(),
  callMinutes: z.number().int().nonnegative(),
  sms: z.number().int().nonnegative(),
  /** Data in MB. */
  bandwidth: z.number().int().nonnegative(),
  price: z.number().int().nonnegative(),
  /** Plan ids this add-on may be bought for. */
  allowedForPlans: z.array(idSchema),
});
export type AddOn = z.infer<typeof addOnSchema>;
export const addOnListSchema = z.array(addOnSchema);

export const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Must be a two-letter ISO country code')
  .transform((s) => s.toUpperCase());

export const rateSchema = z.object({
  country: z.string().length(2),
  countryName: z.string(),
  dialCode: z.string(),
  /** Cents per minute for calls beyond the plan's inclusions. */
  voiceRate: z.number().int().nonnegative(),
  /** Cents per SMS. */
  smsRate: z.number().int().nonnegative(),
  /** Unlimited calls on plans that include them ("60+ destinations"). */
  unlimitedCalls: z.boolean(),
  /** Counts toward the plan's international minutes ("100 minutes to 80+ destinations"). */
  includedMinutes: z.boolean(),
});
export type Rate = z.infer<typeof rateSchema>;
export const rateListSchema = z.array(rateSchema);
export const rateQuerySchema = z.object({ country: countryCodeSchema.optional() });

export const shippingRateSchema = z.object({
  id: idSchema,
  country: z.string().length(2),
  /** The option's kind within its country (`standard`, `express`): the web names it in the reader's language. */
  code: z.string(),
  /** The option as the carrier sells it, e.g. "Standard (USPS First-Class)"; the service in brackets is a brand. */
  name: z.string(),
  minDays: z.number().int().nonnegative(),
  maxDays: z.number().int().nonnegative(),
  /** Whether the delivery estimate counts business days. */
  businessDays: z.boolean(),
  price: z.number().int().nonnegative(),
});
export type ShippingRate = z.infer<typeof shippingRateSchema>;
export const shippingRateListSchema = z.array(shippingRateSchema);
export const shippingRateQuerySchema = z.object({ country: countryCodeSchema.optional() });

export const zipcodeSchema = z.string().regex(/^\d{5}$/, 'Must be 5 digits only');

export const coverageSchema = z.object({
  zipcode: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  has5g: z.boolean(),
  has4g: z.boolean(),
  /** 'excellent' | 'good' | 'fair': signal expectation for the area. */
  quality: z.enum(['excellent', 'good', 'fair']),
});
export type Coverage = z.infer<typeof coverageSchema>;

export const publicDetailsSchema = z.object({
  companyName: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  whatsapp: z.string(),
  salesEmail: z.string(),
  contactEmail: z.string(),
  telegram: z.string(),
  globalEsimUrl: z.string(),
  userManualUrl: z.string(),
  stripePublicKey: z.string(),
  payPalClientId: z.string(),
  /** Price in cents of a physical SIM card; the spec forces it to 1 after loading (see decisions). */
  simCardPrice: z.number().int().nonnegative(),
  currency: z.string().length(3),
});
export type PublicDetails = z.infer<typeof publicDetailsSchema>;

export const resellerCodeSchema = z
  .string()
  .trim()
  .min(RESELLER_CODE_MIN, `Min ${RESELLER_CODE_MIN} characters`)
  .max(RESELLER_CODE_MAX, `Must be at most ${RESELLER_CODE_MAX} characters`)
  .regex(RESELLER_CODE_PATTERN, "Must be alphanumeric and can contain '-'");
export const resellerCodeQuerySchema = z.object({ code: resellerCodeSchema });
export const resellerCodeCheckSchema = z.object({ valid: z.boolean(), code: z.string() });
