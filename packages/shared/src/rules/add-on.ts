import type { AddOn } from '../contracts/catalogue.js';
import { formatAllowance } from './allowance.js';

/** Classification of add-ons into voice, text and data (spec §5). */

export type AddOnKind = NonNullable<AddOn['kind']>;

const VOICE_WORDS = /voice|call|minutes|min/i;
const TEXT_WORDS = /text|sms/i;

type Allowance = Pick<AddOn, 'name' | 'callMinutes' | 'sms' | 'bandwidth'>;
type Amounts = Pick<AddOn, 'callMinutes' | 'sms' | 'bandwidth'>;

/**
 * Rules checked in the spec's order: a name about voice with minutes, then a name about text with
 * messages, then any data. Returns undefined when an add-on gives nothing the shop can describe.
 * The server applies it to the English name and sends the result as the add-on's `kind`; clients
 * read `kind`, since a translated name may use none of these words (decision 210).
 */
export function classifyAddOn(addOn: Allowance): AddOnKind | undefined {
  if (VOICE_WORDS.test(addOn.name) && addOn.callMinutes > 0) return 'voice';
  if (TEXT_WORDS.test(addOn.name) && addOn.sms > 0) return 'text';
  if (addOn.bandwidth > 0) return 'data';
  return undefined;
}

/** The quantity the label shows: minutes, messages or MB, depending on the kind. */
export function addOnAmount(addOn: Amounts, kind: AddOnKind): number {
  switch (kind) {
    case 'voice':
      return addOn.callMinutes;
    case 'text':
      return addOn.sms;
    case 'data':
      return addOn.bandwidth;
  }
}

/** The spec's label templates (§5); `addOnLabel` writes them with the shared allowance formatter. */
export const ADD_ON_LABELS: Record<AddOnKind, string> = {
  voice: '{n} min',
  text: '{n} sms',
  data: '{n} MB',
};

/**
 * The add-on's amount as the shop writes it ('100 min', '250 SMS', '500 MB', '2 GB'): the shared
 * allowance formatter, so data above 1023 MB reads in GB (docs/decisions/100).
 */
export function addOnLabel(addOn: Pick<AddOn, 'kind' | 'callMinutes' | 'sms' | 'bandwidth'>, locale = 'en'): string | undefined {
  if (!addOn.kind) return undefined;
  return formatAllowance(addOn.kind, addOnAmount(addOn, addOn.kind), locale);
}

/** Add-ons that may be bought for at least one of the given plans. */
export function addOnsForPlans<T extends Pick<AddOn, 'allowedForPlans' | 'isActive'>>(
  addOns: readonly T[],
  planIds: readonly string[],
): T[] {
  const ids = new Set(planIds);
  return addOns.filter((a) => a.isActive && a.allowedForPlans.some((id) => ids.has(id)));
}
