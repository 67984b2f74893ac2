import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The sellable catalogue: categories → plans → prices, add-ons, international rates, shipping
 * rates and reseller codes. Ids users see are UUIDs; each table also has a stable natural key
 * (slug, code, country…) so the demo seed can insert with ON CONFLICT DO NOTHING and stay idempotent.
 * Money is integer cents; a NULL quota means unlimited.
 */

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const planCategories = pgTable(
  'plan_categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('plan_categories_slug_key').on(t.slug),
    unique('plan_categories_name_key').on(t.name),
    check('plan_categories_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const plans = pgTable(
  'plans',
  {
    id: uuid().primaryKey().defaultRandom(),
    categoryId: uuid()
      .notNull()
      .references(() => planCategories.id, { onDelete: 'restrict' }),
    code: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    isActive: boolean().notNull().default(true),
    /** `sim_…` is a physical SIM card, anything else (e.g. `esim`) an eSIM profile. */
    simSourceType: text().notNull(),
    dataMb: integer(),
    voiceMinutes: integer(),
    sms: integer(),
    validityDays: integer().notNull(),
    internationalMinutes: integer().notNull().default(0),
    unlimitedInternationalCalls: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('plans_code_key').on(t.code),
    index('plans_category_id_idx').on(t.categoryId, t.sortOrder),
    check('plans_sim_source_type_format', sql`${t.simSourceType} ~ '^[a-z][a-z0-9_]*$'`),
    check('plans_quotas_nonnegative', sql`coalesce(${t.dataMb}, 0) >= 0 and coalesce(${t.voiceMinutes}, 0) >= 0 and coalesce(${t.sms}, 0) >= 0`),
    check('plans_validity_days_positive', sql`${t.validityDays} > 0`),
    check('plans_international_minutes_nonnegative', sql`${t.internationalMinutes} >= 0`),
  ],
);

export const planPricing = pgTable(
  'plan_pricing',
  {
    id: uuid().primaryKey().defaultRandom(),
    planId: uuid()
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    isActive: boolean().notNull().default(true),
    price: integer().notNull(),
    periodDays: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One price per plan and period: also the seed's natural key (and serves lookups by plan).
    unique('plan_pricing_plan_id_period_days_key').on(t.planId, t.periodDays),
    check('plan_pricing_price_nonnegative', sql`${t.price} >= 0`),
    check('plan_pricing_period_days_positive', sql`${t.periodDays} > 0`),
  ],
);

export const addOns = pgTable(
  'add_ons',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    isActive: boolean().notNull().default(true),
    callMinutes: integer().notNull().default(0),
    sms: integer().notNull().default(0),
    /** Data in MB. */
    bandwidth: integer().notNull().default(0),
    price: integer().notNull(),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('add_ons_code_key').on(t.code),
    check('add_ons_amounts_nonnegative', sql`${t.callMinutes} >= 0 and ${t.sms} >= 0 and ${t.bandwidth} >= 0`),
    check('add_ons_price_nonnegative', sql`${t.price} >= 0`),
  ],
);

/** Which plans an add-on may be bought for. */
export const addOnPlans = pgTable(
  'add_on_plans',
  {
    addOnId: uuid()
      .notNull()
      .references(() => addOns.id, { onDelete: 'cascade' }),
    planId: uuid()
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.addOnId, t.planId] }), index('add_on_plans_plan_id_idx').on(t.planId)],
);

/** Per-destination calling and texting rates; the ISO 3166-1 alpha-2 code is the natural key. */
export const internationalRates = pgTable(
  'international_rates',
  {
    country: char({ length: 2 }).primaryKey(),
    countryName: text().notNull(),
    dialCode: text().notNull(),
    /** Cents per minute. */
    voiceRate: integer().notNull(),
    /** Cents per SMS. */
    smsRate: integer().notNull(),
    unlimitedCalls: boolean().notNull().default(false),
    includedMinutes: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('international_rates_country_format', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('international_rates_nonnegative', sql`${t.voiceRate} >= 0 and ${t.smsRate} >= 0`),
  ],
);

/** Delivery options per destination country; a country without rows is not shipped to. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: uuid().primaryKey().defaultRandom(),
    country: char({ length: 2 }).notNull(),
    /** Stable option key within a country, e.g. `standard`, `express`. */
    code: text().notNull(),
    name: text().notNull(),
    minDays: integer().notNull(),
    maxDays: integer().notNull(),
    businessDays: boolean().notNull().default(true),
    price: integer().notNull(),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('shipping_rates_country_code_key').on(t.country, t.code),
    check('shipping_rates_country_format', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('shipping_rates_days_range', sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`),
    check('shipping_rates_price_nonnegative', sql`${t.price} >= 0`),
  ],
);

/** Affiliate and reseller codes captured from URLs. Codes are stored upper-case and compared so. */
export const resellers = pgTable(
  'resellers',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull(),
    name: text().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('resellers_code_key').on(t.code),
    check('resellers_code_format', sql`${t.code} ~ '^[A-Z0-9-]{3,32}$'`),
  ],
);

/**
 * Catalogue texts in other languages (decision 210): one row per entity and language, a NULL field
 * reading in English (the entity's own column). English is never stored here; the entity rows are
 * the source language. Rows go with their entity (ON DELETE CASCADE).
 */
const translationColumns = () => ({
  /** BCP 47 tag as the shop offers it: `es`, `zh`, `pt-BR`. */
  locale: text().notNull(),
  name: text(),
  description: text(),
  updatedAt: updatedAt(),
});
const localeFormat = (name: string, locale: AnyPgColumn) => check(name, sql`${locale} ~ '^[a-z]{2,3}(-[A-Z][A-Za-z0-9]{1,7})?$' and ${locale} <> 'en'`);

export const planCategoryTranslations = pgTable(
  'plan_category_translations',
  {
    categoryId: uuid()
      .notNull()
      .references(() => planCategories.id, { onDelete: 'cascade' }),
    ...translationColumns(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.locale] }), localeFormat('plan_category_translations_locale_format', t.locale)],
);

export const planTranslations = pgTable(
  'plan_translations',
  {
    planId: uuid()
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    ...translationColumns(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.locale] }), localeFormat('plan_translations_locale_format', t.locale)],
);

export const addOnTranslations = pgTable(
  'add_on_translations',
  {
    addOnId: uuid()
      .notNull()
      .references(() => addOns.id, { onDelete: 'cascade' }),
    ...translationColumns(),
  },
  (t) => [primaryKey({ columns: [t.addOnId, t.locale] }), localeFormat('add_on_translations_locale_format', t.locale)],
);
