import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordBodySchema, loginBodySchema, registerBodySchema, resetPasswordBodySchema } from './contracts/auth.js';
import { shippingAddressSchema } from './contracts/checkout.js';
import { profilePatchSchema } from './contracts/profile.js';
import { FIELD_ERROR_CODES, fieldErrorOf, fieldErrorText } from './field-errors.js';

/** The first issue of each field of a failed parse (what a form shows) as code and numbers. */
function codes(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  const byField: Record<string, ReturnType<typeof fieldErrorOf>> = {};
  for (const issue of result.error!.issues) byField[issue.path.join('.')] ??= fieldErrorOf(issue.message);
  return byField;
}

describe('field error codes', () => {
  it('reads each code back from its own wording, with its numbers', () => {
    for (const code of FIELD_ERROR_CODES) {
      const params = { name: 'Zip code', min: 8, max: 50, num: 5 };
      const coded = fieldErrorOf(fieldErrorText(code, params));
      expect(coded.code).toBe(code);
      for (const [key, value] of Object.entries(coded.params ?? {})) expect(value).toBe(params[key as keyof typeof params]);
    }
    expect(fieldErrorOf('Min 8 characters')).toEqual({ code: 'minChars', params: { min: 8 } });
    expect(fieldErrorOf('Min 100')).toEqual({ code: 'min', params: { min: 100 } });
    expect(fieldErrorOf('Something the table never wrote')).toEqual({ code: 'invalid' });
  });

  it('gives every message of the form schemas a code of its own (none falls to invalid)', () => {
    expect(codes(registerBodySchema, { firstName: '', lastName: 'x'.repeat(60), email: 'nope', phone: '12', password: 'short', confirmPassword: 'other' })).toEqual({
      firstName: { code: 'required', params: { name: 'First name' } },
      lastName: { code: 'maxChars', params: { max: 50 } },
      email: { code: 'email' },
      phone: { code: 'minDigits', params: { min: 7 } },
      password: { code: 'minChars', params: { min: 8 } },
      confirmPassword: { code: 'passwordsMismatch' },
    });
    expect(codes(registerBodySchema, { firstName: 'A1', lastName: 'B', email: 'a@b.co', phone: '+04915112345678', password: 'password123', confirmPassword: 'password123' })).toEqual({
      firstName: { code: 'personName' },
      phone: { code: 'phoneInternational' },
      password: { code: 'commonPassword' },
    });
    expect(codes(loginBodySchema, {})).toEqual({ email: { code: 'required', params: { name: 'Email' } }, password: { code: 'required', params: { name: 'Password' } } });
    expect(codes(resetPasswordBodySchema, { token: ' ', password: 'Long-enough-1', confirmPassword: '' }).token).toEqual({ code: 'tokenRequired' });
    expect(codes(changePasswordBodySchema, { currentPassword: '', password: 'Ab1-'.repeat(300), confirmPassword: 'x' }).password).toMatchObject({ code: 'maxChars' });
    const profile = codes(profilePatchSchema, { topUpAmount: 50, whenBelow: 1.5, balanceThreshold: 'a', country: 'Spain', birthDate: '1990-01-01', zipcode: '#1' });
    expect(profile).toEqual({
      topUpAmount: { code: 'min', params: { min: 100 } },
      whenBelow: { code: 'wholeCents' },
      balanceThreshold: { code: 'number' },
      country: { code: 'country' },
      birthDate: { code: 'birthDateFormat' },
      zipcode: { code: 'alphanumeric' },
    });
    expect(codes(profilePatchSchema, { birthDate: '02/30/1990' }).birthDate).toEqual({ code: 'birthDate' });
    const address = codes(shippingAddressSchema, { shippingFirstName: '', shippingPhoneNumber: '+1', shippingZipcode: '' });
    expect(Object.values(address).map((c) => c.code)).not.toContain('invalid');
  });
});
