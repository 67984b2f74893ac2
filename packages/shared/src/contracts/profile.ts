import { z } from 'zod';
import { MONEY_SETTING_MAX } from '../rules/account.js';
import { BIRTH_DATE_RE, isPlausibleBirthDate, type BirthDateParts } from '../rules/birth-date.js';
import { localeSchema, personNameSchema } from './auth.js';
import { phoneSchema } from './phone.js';

export type { BirthDateParts } from '../rules/birth-date.js';

/**
 * The subscriber profile (GET/PATCH /subscriber/profile). Money is integer cents. The birth date
 * travels as the 'MM/DD/YYYY' text the forms use, and is also returned split into numbers.
 */

export const birthDatePartsSchema: z.ZodType<BirthDateParts> = z.object({
  day: z.number().int(),
  month: z.number().int(),
  year: z.number().int(),
});

/** Optional text the person may clear: blanks become null. */
function clearableText(max: number, inner: z.ZodType<string, string> = z.string()) {
  return z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .transform((v) => v || null)
    .pipe(inner.nullable());
}

/** A quota threshold for auto top-up (minutes, texts or MB); null switches it off. */
function quotaSetting() {
  return z.number({ error: 'Must be a number' }).int('Must be a whole number').min(0, 'Min 0').max(1_000_000, 'Must be at most 1000000').nullable();
}

function moneySetting(min: number) {
  return z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number of cents')
    .min(min, `Min ${min}`)
    .max(MONEY_SETTING_MAX, `Must be at most ${MONEY_SETTING_MAX}`)
    .nullable();
}

const readOnly = (what: string) => z.never({ error: `${what} cannot be changed here` }).optional();

export const countrySchema = z
  .string({ error: 'Please enter a country' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Please enter a country');

export const birthDateSchema = z
  .string()
  .trim()
  .regex(BIRTH_DATE_RE, 'Must be a date as MM/DD/YYYY')
  .refine((s) => isPlausibleBirthDate(s), 'Please enter a valid date of birth');

export const zipcodeTextSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "Must be alphanumeric and can contain '-'");

/**
 * Fields a subscriber may change. Every field is optional (only those given change); identity,
 * money and card links are refused by name so a crafted request cannot set them.
 */
export const profilePatchSchema = z
  .object({
    firstName: personNameSchema('First name').optional(),
    lastName: personNameSchema('Last name').optional(),
    phone: phoneSchema('Phone').optional(),
    country: countrySchema.nullable().optional(),
    whenBelow: moneySetting(0).optional(),
    topUpAmount: moneySetting(100).optional(),
    /** Notify when the balance falls below this many cents. */
    balanceThreshold: moneySetting(0).optional(),
    /** Auto top-up of a SIM's quota (with the auto top-up card): buy an add-on when minutes, texts or data (MB) fall below. */
    callBelow: quotaSetting().optional(),
    smsBelow: quotaSetting().optional(),
    dataBelow: quotaSetting().optional(),
    birthDate: clearableText(10, birthDateSchema).optional(),
    shippingAddress1: clearableText(100).optional(),
    shippingAddress2: clearableText(100).optional(),
    city: clearableText(100).optional(),
    state: clearableText(50).optional(),
    zipcode: clearableText(10, zipcodeTextSchema).optional(),
    locale: localeSchema.optional(),
    id: readOnly('The account id'),
    email: readOnly('The e-mail address'),
    emailVerified: readOnly('The e-mail verification'),
    balance: readOnly('The balance'),
    password: readOnly('The password'),
    autoRenewPaymentMethodId: readOnly('The auto-renew card'),
    autoTopUpPaymentMethodId: readOnly('The auto top-up card'),
    autoExtendPaymentMethodId: readOnly('The auto-extend card'),
  })
  .strict();
export type ProfilePatch = z.input<typeof profilePatchSchema>;

export const profileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** False for accounts created by social sign-in that never set a password. */
  hasPassword: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  /** Cents; changed only by payments, top-ups and purchases. */
  balance: z.number().int(),
  whenBelow: z.number().int().nullable(),
  topUpAmount: z.number().int().nullable(),
  balanceThreshold: z.number().int().nullable(),
  /** Quota thresholds of auto top-up (minutes, texts, MB); null = off. */
  callBelow: z.number().int().nullable().optional(),
  smsBelow: z.number().int().nullable().optional(),
  dataBelow: z.number().int().nullable().optional(),
  /** 'MM/DD/YYYY'. */
  birthDate: z.string().nullable(),
  birthDateParts: birthDatePartsSchema.nullable(),
  shippingAddress1: z.string().nullable(),
  shippingAddress2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
  autoRenewPaymentMethodId: z.uuid().nullable(),
  autoTopUpPaymentMethodId: z.uuid().nullable(),
  autoExtendPaymentMethodId: z.uuid().nullable(),
  locale: z.string(),
  resellerCode: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Profile = z.infer<typeof profileSchema>;
