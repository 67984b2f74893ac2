import { z } from 'zod';
import { isUsZipFormat } from '../rules/sims.js';
import { emailSchema } from './auth.js';
import { countryCodeSchema, idSchema } from './catalogue.js';
import { quoteSchema, shippingAddressSchema } from './checkout.js';
import { purchaseResultSchema } from './orders.js';

/**
 * SIM contracts (spec §3, §7): the subscriber's SIM list and the requests of the SIM actions,
 * port-ins and Wi-Fi calling. Quotas: null = unlimited; data in MB.
 *
 * Paid SIM actions go through checkout's quote → order → payment → fulfilment (decision 120):
 * the `/price` call answers a quote plus what the action will do and when (`simActionEffectSchema`);
 * the purchase call creates the order (status pending) and answers checkout's `purchaseResultSchema`;
 * the browser then pays it like any order (`POST /subscriber/payment` with the order id, a saved
 * card's `paymentMethodId` or a card token, or the balance). After payment the SIM shows
 * `pendingAction` until the carrier reports the result.
 *
 *   POST /subscriber/sim/:id/plan/renew/price          simRenewRequestSchema        → simActionQuoteSchema
 *   POST /subscriber/sim/:id/plan/renew                simRenewPurchaseSchema       → purchaseResultSchema  (order kind renewal)
 *        mode 'renew': same plan, one more period (from the current end, or from now when expired)
 *        mode 'extend': same plan, a fresh period starting now (for a used-up SIM; the old period ends)
 *   POST /subscriber/sim/:id/plan/change/price         simChangePlanRequestSchema   → simActionQuoteSchema
 *   POST /subscriber/sim/:id/plan/change               simChangePlanPurchaseSchema  → purchaseResultSchema  (plan_change;
 *        SAME_PLAN 'You cannot change to the same plan'; the change takes effect at once: effect.when 'now')
 *   POST /subscriber/sim/:id/recovery/purchase/price   simRenewRequestSchema        → simActionQuoteSchema
 *   POST /subscriber/sim/:id/recovery/purchase         simRenewPurchaseSchema       → purchaseResultSchema  (recovery;
 *        the codes of GET /subscriber/sim/check_recoverability/:id when not recoverable)
 *   POST /subscriber/sim/:id/addons/purchase/price     simAddOnsRequestSchema       → simActionQuoteSchema
 *   POST /subscriber/sim/:id/addons/purchase           simAddOnsPurchaseSchema      → purchaseResultSchema  (addon)
 *   POST /subscriber/top_up/price                      topUpRequestSchema           → simActionQuoteSchema  (account balance)
 *   POST /subscriber/top_up                            topUpPurchaseSchema          → purchaseResultSchema  (top_up)
 *   POST /subscriber/sim/:id/refresh/price             simRefreshRequestSchema      → simActionQuoteSchema
 *   POST /subscriber/sim/:id/refresh                   simRefreshPurchaseSchema     → simRefreshResultSchema (eSIM: a new
 *        profile, the old one stops working; free when SIM_REFRESH_PRICE_CENTS is 0: then no order, `purchase` null)
 *   POST /subscriber/sim/:id/refresh/esn/activate      simRefreshEsnPurchaseSchema  → simRefreshResultSchema (physical: the
 *        number moves onto the new card `esn`; SIM_CARD_NOT_AVAILABLE when that card cannot take it)
 *   POST /subscriber/sim/:id/recovery/esn/activate     simRecoveryEsnPurchaseSchema → purchaseResultSchema  (recovery onto a new card)
 *   POST /subscriber/sim/:id/sim_source/change/purchase/price  {}            → simActionQuoteSchema (physical → eSIM)
 *   POST /subscriber/sim/:id/sim_source/change/purchase  simRefreshPurchaseSchema → simRefreshResultSchema (the number moves
 *        onto a new eSIM profile from inventory; priced like a refresh)
 *   POST /subscriber/sim/:id/reorder/purchase/price    simReorderRequestSchema      → simActionQuoteSchema (replacement card:
 *        card price, shipping, tax)
 *   POST /subscriber/sim/:id/reorder/purchase          simReorderPurchaseSchema     → purchaseResultSchema (sim_reorder; shipped,
 *        then `refresh/esn/activate` with the card's ICCID)
 *
 * Public variants (no sign-in; `:id` is the ICCID printed on the card; a card in no account is unknown):
 *   POST /public/sim/:id/purchase/price                publicSimActionRequestSchema  → simActionQuoteSchema
 *   POST /public/sim/:id/purchase                      publicSimActionPurchaseSchema → purchaseResultSchema (the order is the
 *        SIM account's; the receipt goes to `emailAddress`; paid with the answer's accessToken at /public/payment)
 *   POST /public/sim/:id/renew                         publicSimRenewPurchaseSchema  → purchaseResultSchema (renew or extend)
 *   POST /public/sim/:id/wfc                           wifiCallingBodySchema         → 202 publicWifiCallingResultSchema
 */

export const simKindSchema = z.enum(['physical', 'esim']);

export const quotasSchema = z.object({
  call: z.number().int().nullable(),
  sms: z.number().int().nullable(),
  data: z.number().int().nullable(),
});

export const simBadgeSchema = z.enum([
  'in_use',
  'used_up',
  'notValid',
  'disconnected',
  'expired',
  'active',
  'inactive',
  'pending',
  'suspended',
  'inUse',
  'no_plan',
  'plan_inactive',
  'na',
]);

export const e911AddressSchema = z.object({
  street: z.string().trim().min(1, 'Required field').max(120, 'Must be at most 120 characters'),
  unit: z.string().trim().max(40, 'Must be at most 40 characters').optional(),
  city: z.string().trim().min(1, 'Required field').max(80, 'Must be at most 80 characters'),
  state: z.string().trim().length(2, 'Must be 2 characters').toUpperCase(),
  zip: z.string().trim().refine(isUsZipFormat, 'Must be 5 digits only'),
});
export type E911AddressInput = z.infer<typeof e911AddressSchema>;

export const simPlanRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  simSourceType: z.string(),
  callMinutes: z.number().int().nullable(),
  sms: z.number().int().nullable(),
  /** MB */
  bandwidth: z.number().int().nullable(),
  validityDays: z.number().int(),
});

export const simSchema = z.object({
  id: z.uuid(),
  kind: simKindSchema,
  iccid: z.string(),
  esn: z.string().nullable(),
  mdn: z.string().nullable(),
  zip: z.string().nullable(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  /** Spec §4: active, plan_inactive, suspended, expired, pending, no_plan, inactive… */
  simPlanStatus: z.string(),
  simPlan: simPlanRefSchema.nullable(),
  simSubscription: z.object({
    planSubscription: z
      .object({
        plan: simPlanRefSchema,
        startsAt: z.string().nullable(),
        expiresAt: z.string().nullable(),
        releasedAt: z.string().nullable(),
      })
      .nullable(),
  }),
  sourceDetails: z.object({
    providerDetails: z.object({
      totalVoice: z.number().int().nullable(),
      totalSms: z.number().int().nullable(),
      totalData: z.number().int().nullable(),
      voice: z.number().int().nullable(),
      sms: z.number().int().nullable(),
      data: z.number().int().nullable(),
      totalUsageVoice: z.number().int().nullable(),
      totalUsageSms: z.number().int().nullable(),
      totalUsageData: z.number().int().nullable(),
    }),
  }),
  balance: quotasSchema,
  usageBalance: quotasSchema,
  status: z.object({
    activatedTime: z.string().nullable(),
    status: simBadgeSchema,
    expired: z.boolean(),
    expiredTime: z.string().nullable(),
    releasedTime: z.string().nullable(),
    isZombie: z.boolean(),
  }),
  autoRenew: z.boolean(),
  autoExtend: z.boolean(),
  wifiCalling: z.boolean(),
  e911Address: e911AddressSchema.nullable(),
  /** A carrier action on its way (the dashboard shows 'pending' and polls). */
  pendingAction: z.object({ id: z.uuid(), type: z.string(), since: z.string() }).nullable(),
  /** An action that failed for good, with what happened to the money. */
  problem: z.object({ code: z.string(), message: z.string(), note: z.string().nullable() }).nullable(),
  /** eSIM delivery (owner only): the LPA string and its parts, and whether it was installed. */
  esim: z
    .object({
      activationCode: z.string(),
      smdpAddress: z.string(),
      matchingId: z.string(),
      installed: z.boolean(),
    })
    .nullable(),
});
export type Sim = z.infer<typeof simSchema>;

/**
 * POST /subscriber/sim/:id/assign (`:id` = the ICCID or ESN printed on the card): the SIM put into the
 * account, or already there. Unknown or someone else's → 404 SIM_NOT_FOUND; a card sold without a
 * plan → 409 SIM_CARD_HAS_NO_PLAN; not a SIM number → 400.
 */
export const simAssignResultSchema = z.object({ outcome: z.enum(['assigned', 'already_yours']), sim: simSchema });
export type SimAssignResult = z.infer<typeof simAssignResultSchema>;

export const simListQuerySchema = z.object({
  /** Matches ICCID, ESN or number (digits). */
  query: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const simListSchema = z.object({ total: z.number().int(), data: z.array(simSchema) });

export const simIdParamsSchema = z.object({ id: z.uuid() });

export const zipBodySchema = z.object({
  zip: z.string().trim().optional(),
});

export const wifiCallingBodySchema = z.object({
  enabled: z.boolean(),
  address: e911AddressSchema.optional(),
});

export const actionAcceptedSchema = z.object({
  sim: simSchema,
  action: z.object({ id: z.uuid(), type: z.string(), status: z.string() }).nullable(),
});

export const usageRecordSchema = z.object({
  bucketStart: z.string(),
  dataMb: z.number().int(),
  voiceInMinutes: z.number().int(),
  voiceOutMinutes: z.number().int(),
  voicemailMinutes: z.number().int(),
  smsIn: z.number().int(),
  smsOut: z.number().int(),
  billableUnits: z.number().int(),
  usageType: z.string(),
});
export const usageLogQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const usageLogSchema = z.object({ total: z.number().int(), data: z.array(usageRecordSchema) });

export const recoverabilitySchema = z.object({ recoverable: z.literal(true), daysSinceExpiry: z.number().int() });

export const simLookupQuerySchema = z.object({ iccid: z.string().trim().min(6).max(32) });
export const simLookupSchema = z.object({
  iccid: z.string(),
  kind: simKindSchema,
  /** available (no plan yet), activatable (plan paid, not started), pending (activation on its way), active, unavailable */
  availability: z.enum(['available', 'activatable', 'pending', 'active', 'unavailable']),
  planName: z.string().nullable(),
  /** The number the network assigned, only within an hour of the activation (decision 174). */
  phoneNumber: z.string().nullable(),
});

export const portDetailsSchema = z.object({
  number: z.string().trim().min(1, 'Required field'),
  authorizedName: z.string().trim().min(1, 'Required field').max(120),
  accountNumber: z
    .string()
    .trim()
    .min(1, 'Required field')
    .max(30, 'Must be at most 30 characters')
    .regex(/^[A-Za-z0-9-]+$/, "Must be alphanumeric and can contain '-'"),
  pin: z.string().trim().min(1, 'Required field').max(20, 'Must be at most 20 characters'),
  billingAddress: z.string().trim().min(1, 'Required field').max(200),
  zip: z.string().trim().refine(isUsZipFormat, 'Must be 5 digits only'),
});
export type PortDetailsInput = z.infer<typeof portDetailsSchema>;

export const portValidateBodySchema = z.object({ number: z.string().trim().min(1, 'Required field') });
export const portToSimBodySchema = portDetailsSchema.extend({ simId: z.uuid(), zip: portDetailsSchema.shape.zip });
export const portResubmitBodySchema = portDetailsSchema.partial().omit({ number: true });

export const portStateSchema = z.enum(['submitted', 'pending', 'completed', 'resolution_required', 'rejected', 'canceled']);
export const portRequestSchema = z.object({
  id: z.uuid(),
  simId: z.uuid(),
  number: z.string(),
  authorizedName: z.string(),
  accountNumber: z.string(),
  billingAddress: z.string(),
  zip: z.string(),
  mode: z.enum(['to_inactive_sim', 'to_active_sim']),
  status: portStateSchema,
  /** resolution_required: account_number_mismatch, wrong_pin, name_mismatch, zip_mismatch; rejected: not_portable */
  reason: z.string().nullable(),
  /** The form fields the subscriber must correct (resolution required). */
  fieldsToFix: z.array(z.enum(['accountNumber', 'pin', 'authorizedName', 'zip'])),
  submissions: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PortRequestView = z.infer<typeof portRequestSchema>;
export const portRequestListSchema = z.array(portRequestSchema);
export const portIdBodySchema = z.object({ portId: z.uuid() });

// --- paid SIM actions ------------------------------------------------------------------------------

const actionPurchaseFields = {
  /** The total the subscriber was shown; PRICE_CHANGED (409) when the server's differs. */
  expectedTotal: z.number().int().nonnegative(),
  /** Chosen once per confirmation: a repeat answers the same order. */
  requestId: z.uuid(),
};

export const simRenewRequestSchema = z.object({
  /** A price (period) of the SIM's plan; the plan's first active price when omitted. */
  priceId: z.uuid().optional(),
  mode: z.enum(['renew', 'extend']).default('renew'),
});
export const simRenewPurchaseSchema = simRenewRequestSchema.extend(actionPurchaseFields);

export const simChangePlanRequestSchema = z.object({ planId: z.uuid(), priceId: z.uuid() });
export const simChangePlanPurchaseSchema = simChangePlanRequestSchema.extend(actionPurchaseFields);

export const simAddOnsRequestSchema = z.object({
  items: z
    .array(z.object({ addonId: z.uuid(), quantity: z.number().int().min(1).max(10) }))
    .min(1, 'The cart is empty')
    .max(20),
});
export const simAddOnsPurchaseSchema = simAddOnsRequestSchema.extend(actionPurchaseFields);

/** Money put on the account balance, in cents (5 to 500 USD). */
export const TOP_UP_MIN = 500;
export const TOP_UP_MAX = 50_000;
export const topUpRequestSchema = z.object({
  amount: z
    .number()
    .int('Must be a whole number of cents')
    .min(TOP_UP_MIN, `Must be at least ${TOP_UP_MIN / 100}`)
    .max(TOP_UP_MAX, `Must be at most ${TOP_UP_MAX / 100}`),
});
export const topUpPurchaseSchema = topUpRequestSchema.extend(actionPurchaseFields);

/** The ICCID printed on a replacement SIM card (refresh or recovery onto a new card). */
export const esnSchema = z.string().trim().regex(/^89\d{16,18}$/, 'Must be the 18 to 20 digit ICCID printed on the card');

/** eSIM: a new profile. `esn` only for a physical SIM: the new card the number moves to. */
export const simRefreshRequestSchema = z.object({ esn: esnSchema.optional() });
export const simRefreshPurchaseSchema = z.object(actionPurchaseFields);
export const simRefreshEsnPurchaseSchema = z.object({ esn: esnSchema, ...actionPurchaseFields });
export const simRecoveryEsnPurchaseSchema = simRenewRequestSchema.omit({ mode: true }).extend({ esn: esnSchema, ...actionPurchaseFields });

/** A replacement physical card for the SIM: where it ships and how. */
export const simReorderRequestSchema = z.object({ shippingCountry: countryCodeSchema.optional(), shippingRateId: idSchema.optional() });
export const simReorderPurchaseSchema = z.object({ shippingAddress: shippingAddressSchema, shippingRateId: idSchema.optional(), ...actionPurchaseFields });

const visitorPurchaseFields = { ...actionPurchaseFields, emailAddress: emailSchema };
const publicRenew = z.object({ action: z.literal('renew'), priceId: z.uuid().optional() });
const publicExtend = z.object({ action: z.literal('extend'), priceId: z.uuid().optional() });
const publicAddOns = simAddOnsRequestSchema.extend({ action: z.literal('addons') });
/** A visitor's paid action for a card: renew, extend, or add-ons (minutes, texts, data). */
export const publicSimActionRequestSchema = z.discriminatedUnion('action', [publicRenew, publicExtend, publicAddOns]);
export type PublicSimActionRequest = z.infer<typeof publicSimActionRequestSchema>;
export const publicSimActionPurchaseSchema = z.discriminatedUnion('action', [
  publicRenew.extend(visitorPurchaseFields),
  publicExtend.extend(visitorPurchaseFields),
  publicAddOns.extend(visitorPurchaseFields),
]);
export const publicSimRenewPurchaseSchema = simRenewRequestSchema.extend(visitorPurchaseFields);
/** The public Wi-Fi calling answer names nothing about the SIM beyond the card number given. */
export const publicWifiCallingResultSchema = z.object({ iccid: z.string(), status: z.literal('pending'), enabled: z.boolean() });

/** What a paid action will do and when, stated before the subscriber confirms. */
export const simActionEffectSchema = z.object({
  action: z.enum(['renew', 'extend', 'change_plan', 'recover', 'addon', 'top_up', 'refresh', 'sim_source_change', 'reorder']),
  /** 'now': as soon as it is paid and the network confirms; 'end_of_period': the new period follows the current one. */
  when: z.enum(['now', 'end_of_period']),
  /** Estimated start and end of the plan period it buys (null for add-ons and top-ups). */
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** True when the current period (its remaining days and balance) ends when this starts. */
  replacesCurrentPeriod: z.boolean(),
  planName: z.string().nullable(),
});
export type SimActionEffect = z.infer<typeof simActionEffectSchema>;
export const simActionQuoteSchema = z.object({ quote: quoteSchema, effect: simActionEffectSchema });
export type SimActionQuote = z.infer<typeof simActionQuoteSchema>;

/** A refresh: the SIM (with its pending action when free) and the order to pay when it costs something. */
export const simRefreshResultSchema = z.object({ sim: simSchema, purchase: purchaseResultSchema.nullable() });
export type SimRefreshResult = z.infer<typeof simRefreshResultSchema>;

// --- port-out (decision 179) ---------------------------------------------------------------------------

/** How long a transfer PIN stays valid. */
export const PORT_OUT_PIN_DAYS = 7;

/**
 * GET /subscriber/sim/port/:id/port-out (`:id` = the SIM): what another carrier needs to take the
 * number: the number, our account number and the transfer PIN (null until one is asked for, or once
 * it has expired). POST with `{ requestId }` issues a new PIN (the previous one stops working; the
 * same requestId again answers the same PIN). A SIM without a number → 409 SIM_NOT_ACTIVE_OR_EXPIRED.
 */
export const portOutDetailsSchema = z.object({
  simId: z.uuid(),
  number: z.string(),
  accountNumber: z.string(),
  pin: z.string().nullable(),
  issuedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** A PIN was issued and has run out (ask for a new one). */
  expired: z.boolean(),
});
export type PortOutDetails = z.infer<typeof portOutDetailsSchema>;
export const portOutRequestSchema = z.object({ requestId: z.uuid() });

// --- add-ons kept on the account, activated on a SIM (decision 180) ------------------------------------

/**
 * Add-ons bought without a SIM (a cart of add-ons only, a visitor's add-on purchase) wait on the
 * account: GET /subscriber/add-on_plan/held lists them; POST /subscriber/add-on_plan/activate puts one
 * on a SIM of the account (applied at once on an active SIM, with the activation on one not yet on
 * the network). ADDON_NOT_FOUND (also someone else's), ADDON_ALREADY_ACTIVATED (on another SIM; the
 * same SIM again answers as the first time), ADDON_NOT_FOR_THIS_PLAN, SIM_NOT_FOUND, SIM_NOT_ACTIVE.
 */
export const heldAddOnSchema = z.object({
  id: z.uuid(),
  addOnId: z.uuid(),
  name: z.string(),
  quantity: z.number().int(),
  dataMb: z.number().int(),
  voiceMinutes: z.number().int(),
  sms: z.number().int(),
  /** Plans it may go on (the SIM's plan must be one of them). */
  allowedForPlans: z.array(z.uuid()),
  status: z.enum(['held', 'activated']),
  simId: z.uuid().nullable(),
  activatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type HeldAddOn = z.infer<typeof heldAddOnSchema>;
export const heldAddOnListSchema = z.array(heldAddOnSchema);
export const addOnActivateRequestSchema = z.object({ heldAddOnId: z.uuid(), simId: z.uuid() });
export const addOnActivateResultSchema = z.object({ addOn: heldAddOnSchema, sim: simSchema });

const addOnItems = z
  .array(z.object({ addonId: z.uuid(), quantity: z.number().int().min(1).max(10) }))
  .min(1, 'The cart is empty')
  .max(20);

/**
 * POST /public/add-on_plan/purchase/price and /purchase (no sign-in): add-ons for the card whose
 * ICCID is given (the order is that SIM's account's, as decision 166), or, without one, for the
 * account of `emailAddress`, kept there until activated on a SIM.
 */
export const publicAddOnQuoteRequestSchema = z.object({ items: addOnItems, iccid: z.string().trim().min(6).max(32).optional() });
export const publicAddOnPurchaseRequestSchema = publicAddOnQuoteRequestSchema.extend({ ...visitorPurchaseFields });
