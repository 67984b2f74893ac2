import { countries } from 'countries-list';
import type { Profile, profilePatchSchema } from '@app/shared/contracts/profile';
import { parseBirthDate } from '@app/shared/rules/birth-date';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { appError, fieldError } from '../../lib/errors.js';
import type { AuthenticatedSubscriber } from './sessions.js';
import * as repo from './profile.repository.js';

type PatchInput = z.output<typeof profilePatchSchema>;

/** 'YYYY-MM-DD' (database) → 'MM/DD/YYYY' (spec). */
function toBirthDateText(iso: string | null): string | null {
  if (!iso) return null;
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

function toIsoDate(text: string): string {
  const p = parseBirthDate(text);
  if (!p) throw fieldError('birthDate', 'Please enter a valid date of birth');
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

export function toProfile(row: repo.ProfileRow): Profile {
  const birthDate = toBirthDateText(row.birthDate);
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    hasPassword: row.passwordHash !== null,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    country: row.country,
    balance: row.balance,
    whenBelow: row.whenBelow,
    topUpAmount: row.topUpAmount,
    balanceThreshold: row.balanceThreshold,
    callBelow: row.callBelow,
    smsBelow: row.smsBelow,
    dataBelow: row.dataBelow,
    birthDate,
    birthDateParts: birthDate ? parseBirthDate(birthDate) : null,
    shippingAddress1: row.shippingAddress1,
    shippingAddress2: row.shippingAddress2,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    autoRenewPaymentMethodId: row.autoRenewPaymentMethodId,
    autoTopUpPaymentMethodId: row.autoTopUpPaymentMethodId,
    autoExtendPaymentMethodId: row.autoExtendPaymentMethodId,
    locale: row.locale,
    resellerCode: row.resellerCode,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The signed-in subscriber's own profile: read it, change the fields they may change. */
export class ProfileService {
  constructor(private readonly db: Db) {}

  async get(who: AuthenticatedSubscriber): Promise<Profile> {
    const row = await repo.findProfile(this.db, who.id);
    if (!row) throw appError('UNAUTHORIZED');
    return toProfile(row);
  }

  /** Only the fields present in the request change; an empty request changes nothing. */
  async update(who: AuthenticatedSubscriber, patch: PatchInput): Promise<Profile> {
    if (patch.country && !Object.hasOwn(countries, patch.country)) {
      throw fieldError('country', 'Please enter a country');
    }
    const changes: repo.ProfileChanges = {};
    if (patch.firstName !== undefined) changes.firstName = patch.firstName;
    if (patch.lastName !== undefined) changes.lastName = patch.lastName;
    if (patch.phone !== undefined) changes.phone = patch.phone;
    if (patch.country !== undefined) changes.country = patch.country;
    if (patch.whenBelow !== undefined) changes.whenBelow = patch.whenBelow;
    if (patch.topUpAmount !== undefined) changes.topUpAmount = patch.topUpAmount;
    if (patch.balanceThreshold !== undefined) changes.balanceThreshold = patch.balanceThreshold;
    if (patch.callBelow !== undefined) changes.callBelow = patch.callBelow;
    if (patch.smsBelow !== undefined) changes.smsBelow = patch.smsBelow;
    if (patch.dataBelow !== undefined) changes.dataBelow = patch.dataBelow;
    if (patch.birthDate !== undefined) changes.birthDate = patch.birthDate === null ? null : toIsoDate(patch.birthDate);
    if (patch.shippingAddress1 !== undefined) changes.shippingAddress1 = patch.shippingAddress1;
    if (patch.shippingAddress2 !== undefined) changes.shippingAddress2 = patch.shippingAddress2;
    if (patch.city !== undefined) changes.city = patch.city;
    if (patch.state !== undefined) changes.state = patch.state;
    if (patch.zipcode !== undefined) changes.zipcode = patch.zipcode;
    if (patch.locale !== undefined) changes.locale = patch.locale;
    if (Object.keys(changes).length === 0) return this.get(who);
    const row = await repo.updateProfile(this.db, who.id, changes);
    if (!row) throw appError('UNAUTHORIZED');
    return toProfile(row);
  }
}
