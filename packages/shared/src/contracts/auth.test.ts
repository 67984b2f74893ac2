import { describe, expect, it } from 'vitest';
import {
  changePasswordBodySchema,
  emailSchema,
  localeSchema,
  loginBodySchema,
  newPasswordSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  verificationCodeSchema,
} from './auth.js';
import { commonPasswordCount, isCommonPassword } from '../rules/common-passwords.js';

const fieldErrors = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const valid = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: ' Ada@Example.COM ',
  phone: '+44 20 7946 0958',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
};

describe('registration', () => {
  it('accepts a complete form and normalises it', () => {
    const r = registerBodySchema.parse({ ...valid, locale: 'PT-br', resellerCode: 'SUMMER-24' });
    expect(r).toMatchObject({
      firstName: 'Ada',
      email: 'ada@example.com',
      phone: '+442079460958',
      locale: 'pt-BR',
      resellerCode: 'SUMMER-24',
    });
  });

  it('reports every field at once, with the spec wording', () => {
    const r = registerBodySchema.safeParse({ firstName: '', email: 'nope', phone: '12', password: 'short', confirmPassword: 'other' });
    expect(fieldErrors(r)).toEqual({
      firstName: 'First name is a required field',
      lastName: 'Last name is a required field',
      email: 'Please enter a valid email address',
      phone: 'Min 7 digits',
      password: 'Min 8 characters',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('refuses mismatched confirmation even when everything else is fine', () => {
    const r = registerBodySchema.safeParse({ ...valid, confirmPassword: 'correct horse battery!' });
    expect(fieldErrors(r)).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('refuses a reseller code with other characters', () => {
    const r = registerBodySchema.safeParse({ ...valid, resellerCode: 'bad code!' });
    expect(fieldErrors(r)).toEqual({ resellerCode: "Must be alphanumeric and can contain '-'" });
  });
});

describe('passwords', () => {
  it('ships a list of about two hundred common passwords', () => {
    expect(commonPasswordCount).toBeGreaterThanOrEqual(200);
    expect(isCommonPassword('Password123')).toBe(true);
    expect(isCommonPassword('qwerty123')).toBe(true);
    expect(isCommonPassword('zzzzzzzzzz')).toBe(true);
    expect(isCommonPassword('correct horse battery')).toBe(false);
  });

  it('refuses common, short and very long passwords but keeps spaces', () => {
    const msg = (p: string) => newPasswordSchema.safeParse(p).error?.issues[0]?.message;
    expect(msg('iloveyou1')).toMatch(/too common/);
    expect(msg('Abc1234')).toBe('Min 8 characters');
    expect(msg('x'.repeat(129))).toBe('Must be at most 128 characters');
    expect(newPasswordSchema.parse(' spaced out pass ')).toBe(' spaced out pass ');
  });

  it('checks the confirmation on reset and change', () => {
    expect(fieldErrors(resetPasswordBodySchema.safeParse({ token: 'abc', password: 'a-long-passphrase', confirmPassword: 'x' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(fieldErrors(resetPasswordBodySchema.safeParse({ password: 'a-long-passphrase', confirmPassword: 'a-long-passphrase' }))).toEqual({
      token: 'Token is required',
    });
    expect(
      fieldErrors(changePasswordBodySchema.safeParse({ currentPassword: '', password: 'a-long-passphrase', confirmPassword: 'a-long-passphrase' })),
    ).toEqual({ currentPassword: 'Password is a required field' });
  });
});

describe('other fields', () => {
  it('lower-cases and trims e-mail addresses', () => {
    expect(emailSchema.parse('  John.Doe@Mail.Example ')).toBe('john.doe@mail.example');
    expect(emailSchema.safeParse('').error?.issues[0]?.message).toBe('Email is a required field');
  });

  it('takes a six-digit code only', () => {
    expect(verificationCodeSchema.safeParse('012345').success).toBe(true);
    expect(verificationCodeSchema.safeParse('12345').error?.issues[0]?.message).toBe('Must be 6 digits only');
    expect(verificationCodeSchema.safeParse('12345a').success).toBe(false);
  });

  it('accepts both names of the stay-signed-in flag', () => {
    expect(loginBodySchema.parse({ email: 'a@b.example', password: 'x', rememberMe: true }).rememberMe).toBe(true);
    expect(loginBodySchema.parse({ email: 'a@b.example', password: 'x', stayLoggedIn: false }).stayLoggedIn).toBe(false);
  });

  it('normalises language tags', () => {
    expect(localeSchema.parse('FR')).toBe('fr');
    expect(localeSchema.parse('zh-hant')).toBe('zh-HANT');
    expect(localeSchema.safeParse('english please').success).toBe(false);
  });
});

describe('person names', () => {
  it.each(['José', 'Anne-Marie', "O'Brien", 'D’Angelo', 'Nguyễn Văn', 'محمد', '李', 'Zoe\u0301', 'Jean  Paul'])('accepts %s', (name) => {
    expect(registerBodySchema.safeParse({ ...valid, firstName: name, lastName: name }).success).toBe(true);
  });

  it.each([
    'Visit https://evil.example',
    'www.evil.example',
    'evil.example',
    'Bob1',
    'a@b.example',
    'Bob\u0007',
    'Bob\r\nBcc: x@y.z',
    '<b>Bob</b>',
    "-Bob",
    'x'.repeat(51),
  ])('refuses %j with a field error', (name) => {
    const r = registerBodySchema.safeParse({ ...valid, firstName: name });
    expect(r.success).toBe(false);
    expect(Object.keys(fieldErrors(r))).toEqual(['firstName']);
  });

  it('collapses runs of white space', () => {
    expect(registerBodySchema.parse({ ...valid, firstName: ' Jean \t Paul ' }).firstName).toBe('Jean Paul');
  });
});
