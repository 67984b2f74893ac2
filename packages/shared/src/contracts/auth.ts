import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PERSON_NAME_MESSAGE,
  PERSON_NAME_PATTERN,
  PASSWORD_MIN_LENGTH,
  VERIFICATION_CODE_LENGTH,
} from '../rules/account.js';
import { isCommonPassword } from '../rules/common-passwords.js';
import { resellerCodeSchema } from './catalogue.js';
import { phoneSchema } from './phone.js';

/**
 * Request and response contracts of the account endpoints (register, verify, login, passwords,
 * session check, logout, account deletion, social sign-in). The web forms use these schemas with
 * the zod resolver, so the English messages here are the ones a person sees next to a field.
 */


const required = (label: string) => `${label} is a required field`;

/** Text that must be present: a missing key and an empty string read the same to a person. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label))
    .max(max, `Must be at most ${max} characters`);
}

/**
 * A first or last name: required, runs of white space read as one space, and only letters, marks,
 * spaces, apostrophes and hyphens (rules/account.ts), so a name never carries a URL into mail.
 */
export function personNameSchema(label: string) {
  return requiredText(label, NAME_MAX_LENGTH)
    .transform((v) => v.replace(/\s+/g, ' '))
    .pipe(z.string().regex(PERSON_NAME_PATTERN, PERSON_NAME_MESSAGE));
}

/** E-mail addresses are compared and stored lower-case and trimmed. */
export const emailSchema = z
  .string({ error: required('Email') })
  .trim()
  .toLowerCase()
  .min(1, required('Email'))
  .max(EMAIL_MAX_LENGTH, `Must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('Please enter a valid email address'));

/** A new password. Not trimmed: spaces are legitimate characters of a passphrase. */
export const newPasswordSchema = z
  .string({ error: required('Password') })
  .min(1, required('Password'))
  .min(PASSWORD_MIN_LENGTH, `Min ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((p) => !isCommonPassword(p), 'This password is too common. Please choose a less common one.');

/** A password being checked (login, deletion): any non-empty string, bounded to keep hashing cheap. */
export const currentPasswordSchema = z
  .string({ error: required('Password') })
  .min(1, required('Password'))
  .max(1024, 'Must be at most 1024 characters');

export const confirmPasswordSchema = z.string({ error: required('Confirm password') }).min(1, required('Confirm password'));

/** BCP 47 language tag as the web app stores it ('en', 'pt', 'zh', 'en-US'). */
export const localeSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/, 'Unsupported language')
  .transform((l) => {
    const [lang = '', region] = l.split('-');
    return region ? `${lang.toLowerCase()}-${region.toUpperCase()}` : lang.toLowerCase();
  });

/** The check runs even when other fields fail, so the form shows every problem at once. */
function passwordsMatch<S extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: S): S {
  return schema.refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof v?.password === 'string' && typeof v.confirmPassword === 'string';
    },
  });
}

export const registerBodySchema = passwordsMatch(
  z.object({
    firstName: personNameSchema('First name'),
    lastName: personNameSchema('Last name'),
    email: emailSchema,
    phone: phoneSchema('Phone'),
    password: newPasswordSchema,
    confirmPassword: confirmPasswordSchema,
    locale: localeSchema.optional(),
    resellerCode: resellerCodeSchema.optional(),
  }),
);
export type RegisterBody = z.input<typeof registerBodySchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  email: z.string(),
  /** Seconds before a new code may be requested ('Send again in {seconds}'). */
  resendAfter: z.number().int().nonnegative(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** The six digits of an e-mail verification code, as they appear in the path. */
export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), `Must be ${VERIFICATION_CODE_LENGTH} digits only`);

export const verifyParamsSchema = z.object({ code: verificationCodeSchema });
/** Resend sits under /verify/{code}/resend_code: the segment is a placeholder and is ignored. */
export const resendParamsSchema = z.object({ code: z.string().max(64) });
export const emailBodySchema = z.object({ email: emailSchema });

export const verifyResponseSchema = z.object({ message: z.string(), email: z.string() });
export const resendResponseSchema = z.object({
  message: z.string(),
  resendAfter: z.number().int().nonnegative(),
});

export const loginBodySchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
  /** 'Stay signed in': a long session (24 days) instead of a short one. `rememberMe` is an alias. */
  stayLoggedIn: z.boolean().optional(),
  rememberMe: z.boolean().optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const sessionSubscriberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

export const loginResponseSchema = z.object({
  /** Bearer token (JWT) with `email`, `exp`, `sub` and the session id `sid`. */
  token: z.string(),
  expiresAt: z.iso.datetime(),
  stayLoggedIn: z.boolean(),
  subscriber: sessionSubscriberSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /public/auth: whether the bearer token (if any) is a live session. */
export const authStatusResponseSchema = z.object({
  isAuth: z.boolean(),
  expiresAt: z.iso.datetime().optional(),
  subscriber: sessionSubscriberSchema.optional(),
});
export type AuthStatusResponse = z.infer<typeof authStatusResponseSchema>;

export const forgotPasswordBodySchema = emailBodySchema;

export const resetPasswordBodySchema = passwordsMatch(
  z.object({
    token: z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200),
    password: newPasswordSchema,
    confirmPassword: confirmPasswordSchema,
  }),
);
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export const changePasswordBodySchema = passwordsMatch(
  z.object({
    currentPassword: currentPasswordSchema,
    password: newPasswordSchema,
    confirmPassword: confirmPasswordSchema,
  }),
);
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const deleteAccountBodySchema = z.object({ password: currentPasswordSchema });
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

/** Responses that only confirm something happened; the text suits a success toast. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const socialProviderSchema = z.object({
  /** Path segment of /auth/social/:type and /public/auth/social/:type. */
  type: z.string(),
  /** Label for the button ('Google', 'Apple', …). */
  name: z.string(),
});
export const socialProviderListSchema = z.array(socialProviderSchema);
export type SocialProvider = z.infer<typeof socialProviderSchema>;
