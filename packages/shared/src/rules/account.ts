/**
 * Account limits and the texts the account endpoints answer with. Zod-free, so the browser can read
 * them without loading the contracts.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
export const VERIFICATION_CODE_LENGTH = 6;

/**
 * A person's name: letters and combining marks of any script, with single spaces, apostrophes
 * (' ’ ʼ) and hyphens between them. No digits, dots, slashes or control characters, so a name can
 * never read as a URL, an address or a command in the mail that greets its owner.
 */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}]+(?:[ '\u2019\u02BC\u2010-][\p{L}\p{M}]+)*$/u;
export const PERSON_NAME_MESSAGE = 'Please use letters, spaces, apostrophes and hyphens only';

export function isPersonName(value: string): boolean {
  return value.length <= NAME_MAX_LENGTH && PERSON_NAME_PATTERN.test(value);
}

/**
 * A name from elsewhere (a social provider's claims, an account older than the rule) made fit to
 * store and greet with: characters outside the rule become spaces, runs of separators collapse.
 */
export function cleanPersonName(value: string): string {
  const cleaned = value
    .normalize('NFC')
    .replace(/[^\p{L}\p{M} '\u2019\u02BC\u2010-]+/gu, ' ')
    .replace(/([ '\u2019\u02BC\u2010-])[ '\u2019\u02BC\u2010-]+/gu, '$1')
    .replace(/^[ '\u2019\u02BC\u2010-]+|[ \u2010-]+$/gu, '')
    .slice(0, NAME_MAX_LENGTH)
    .trim();
  return isPersonName(cleaned) ? cleaned : '';
}

/** Upper bound of the money settings a subscriber may set on the profile (cents). */
export const MONEY_SETTING_MAX = 100_000;

/** Success texts the server returns (the client may show its own translation instead). */
export const AuthMessages = {
  registered: 'Registration successful. Check your e-mail for a verification code.',
  verified: 'Your e-mail address has been verified. You can now log in.',
  codeSent: 'A new verification code has been sent. Check your e-mail.',
  resetLinkSent: 'If an account exists for that e-mail address, we have sent it a link to reset the password. Check your e-mail.',
  passwordReset: 'Your password has been reset. You can now log in with the new password.',
  passwordChanged: 'Your password has been changed.',
  loggedOut: 'You have been logged out.',
  accountDeleted: 'Your account has been deleted.',
  emailNotVerified: 'Your e-mail address is not verified yet. Please enter the code we sent you, or request a new one.',
  incorrectCredentials: 'Incorrect e-mail or password.',
  incorrectPassword: 'The password is incorrect.',
  invalidCode: 'The verification code is incorrect.',
  codeExpired: 'This verification code has expired or was tried too many times. Please request a new one.',
  invalidResetToken: 'This password reset link is invalid or has expired. Please request a new one.',
  samePassword: 'The new password must be different from the current one.',
} as const;

export const ProfileMessages = {
  updated: 'Your profile has been updated.',
} as const;
