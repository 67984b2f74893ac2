/**
 * Field error codes: what is wrong with one field, as a machine code with its numbers, next to the
 * English wording the shared schemas (contracts/) write for it (decision 065). The API answers each
 * rejected field as `{ field, message, code, params? }`; a client picks its own text by `code` and
 * fills in `params` (the web: its catalogue's `validation.<code>`), and never reads `message`.
 *
 * Zod writes a check's message as given, with nothing else to tell two checks of the same kind apart
 * ('Min 8 characters' and 'Min 7 digits' are both a too-short string), so the code is recovered from
 * the wording here, in the package that writes the wordings, against this one table. A wording the
 * table does not know is `invalid`, so a new schema message without a code shows as 'This value is
 * not valid.' rather than as English; field-errors.test.ts runs the shared schemas to keep them in step.
 *
 * Zod-free, so the browser can load it with the first page.
 */

/** Each code's English wording; `{name}` is text, any other placeholder a whole number. */
export const FIELD_ERRORS = {
  required: '{name} is a required field',
  requiredField: 'Required field',
  email: 'Please enter a valid email address',
  minChars: 'Min {min} characters',
  maxChars: 'Must be at most {max} characters',
  minDigits: 'Min {min} digits',
  maxDigits: 'Max {max} digits',
  digitsOnly: 'Must be {num} digits only',
  min: 'Min {min}',
  max: 'Must be at most {max}',
  passwordsMismatch: 'Passwords do not match',
  personName: 'Please use letters, spaces, apostrophes and hyphens only',
  commonPassword: 'This password is too common. Please choose a less common one.',
  phoneInternational: 'Please enter the number in international format, starting with the country code',
  country: 'Please enter a country',
  number: 'Must be a number',
  wholeCents: 'Must be a whole number of cents',
  birthDateFormat: 'Must be a date as MM/DD/YYYY',
  birthDate: 'Please enter a valid date of birth',
  alphanumeric: "Must be alphanumeric and can contain '-'",
  tokenRequired: 'Token is required',
  /** A key the request may not carry (strict objects). */
  unknownField: 'Unknown field: {name}',
  /** A character no field may hold (U+0000, refused before validation). */
  forbiddenCharacter: 'Contains a character that is not allowed',
  /** Anything else: the field is wrong, in words the table does not know. */
  invalid: 'Invalid value',
} as const;

export type FieldErrorCode = keyof typeof FIELD_ERRORS;
export type FieldErrorParams = Record<string, string | number>;

export interface CodedFieldError {
  code: FieldErrorCode;
  params?: FieldErrorParams;
}

export const FIELD_ERROR_CODES = Object.keys(FIELD_ERRORS) as FieldErrorCode[];

export function isFieldErrorCode(value: unknown): value is FieldErrorCode {
  return typeof value === 'string' && Object.hasOwn(FIELD_ERRORS, value);
}

/** The English wording of a code with its numbers: the text the schemas and the server write. */
export function fieldErrorText(code: FieldErrorCode, params: FieldErrorParams = {}): string {
  return FIELD_ERRORS[code].replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

interface Pattern {
  code: FieldErrorCode;
  regex: RegExp;
  keys: string[];
}

const PATTERNS: readonly Pattern[] = FIELD_ERROR_CODES.filter((code) => code !== 'invalid').map((code) => {
  const keys: string[] = [];
  const source = FIELD_ERRORS[code]
    .split(/(\{\w+\})/)
    .map((part) => {
      const key = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!key) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(key);
      return key === 'name' ? '(.+)' : '(\\d+)';
    })
    .join('');
  return { code, regex: new RegExp(`^${source}$`), keys };
});

/** The code and numbers of a shared schema's wording; `invalid` for any other text. */
export function fieldErrorOf(message: string): CodedFieldError {
  for (const { code, regex, keys } of PATTERNS) {
    const match = regex.exec(message);
    if (!match) continue;
    if (!keys.length) return { code };
    const params: FieldErrorParams = {};
    keys.forEach((key, i) => {
      const raw = match[i + 1]!;
      params[key] = key === 'name' ? raw : Number(raw);
    });
    return { code, params };
  }
  return { code: 'invalid' };
}
