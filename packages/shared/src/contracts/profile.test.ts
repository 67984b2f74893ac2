import { describe, expect, it } from 'vitest';
import { formatBirthDate, isPlausibleBirthDate, parseBirthDate } from '../rules/birth-date.js';
import { profilePatchSchema } from './profile.js';

const fieldErrors = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.') || '(root)', i.message]));

describe('birth dates', () => {
  it('parses MM/DD/YYYY into numbers and back', () => {
    expect(parseBirthDate('07/04/1990')).toEqual({ day: 4, month: 7, year: 1990 });
    expect(formatBirthDate({ day: 4, month: 7, year: 1990 })).toBe('07/04/1990');
  });

  it('rejects dates that do not exist, the future and the distant past', () => {
    expect(parseBirthDate('02/30/2000')).toBeNull();
    expect(parseBirthDate('13/01/2000')).toBeNull();
    expect(parseBirthDate('1990-07-04')).toBeNull();
    expect(isPlausibleBirthDate('02/29/2000')).toBe(true);
    expect(isPlausibleBirthDate('01/01/1899')).toBe(false);
    expect(isPlausibleBirthDate('01/01/2100', new Date('2025-01-01'))).toBe(false);
  });
});

describe('profile changes', () => {
  it('normalises what it accepts and turns blanks into null', () => {
    const r = profilePatchSchema.parse({
      firstName: ' Grace ',
      phone: '+1 646 555 0142',
      country: 'us',
      shippingAddress2: '  ',
      zipcode: '10118-0110',
      birthDate: '12/09/1906',
      whenBelow: 500,
      topUpAmount: null,
    });
    expect(r).toEqual({
      firstName: 'Grace',
      phone: '+16465550142',
      country: 'US',
      shippingAddress2: null,
      zipcode: '10118-0110',
      birthDate: '12/09/1906',
      whenBelow: 500,
      topUpAmount: null,
    });
  });

  it('refuses read-only fields by name and unknown fields', () => {
    const r = profilePatchSchema.safeParse({ email: 'x@y.example', balance: 100000, autoRenewPaymentMethodId: null, foo: 1 });
    const errors = fieldErrors(r);
    expect(errors.email).toBe('The e-mail address cannot be changed here');
    expect(errors.balance).toBe('The balance cannot be changed here');
    expect(errors.autoRenewPaymentMethodId).toBe('The auto-renew card cannot be changed here');
    expect(errors['(root)']).toMatch(/foo/);
  });

  it('explains invalid values', () => {
    const r = profilePatchSchema.safeParse({
      firstName: '',
      country: 'United States',
      zipcode: '10118_',
      birthDate: '31/12/1990',
      whenBelow: 12.5,
      topUpAmount: 50,
      city: 'x'.repeat(101),
    });
    expect(fieldErrors(r)).toEqual({
      firstName: 'First name is a required field',
      country: 'Please enter a country',
      zipcode: "Must be alphanumeric and can contain '-'",
      birthDate: 'Please enter a valid date of birth',
      whenBelow: 'Must be a whole number of cents',
      topUpAmount: 'Min 100',
      city: 'Must be at most 100 characters',
    });
  });
});
