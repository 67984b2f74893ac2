import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

/**
 * The shared zod schemas (packages/shared/contracts, run by the form in the browser and again by the
 * server) word their field messages in English, as the spec does (§5). A person reading Spanish must
 * see Spanish, so each wording of those schemas is matched here and rendered from the catalogue with
 * its numbers. This is the schemas' own vocabulary, not server prose: a server field error that is not
 * one of these wordings never reaches the screen as written (lib/form-errors.ts puts the catalogue id
 * of its code, or 'validation.invalid', on the field instead), and a message that is a catalogue id is
 * rendered from the catalogue.
 */

interface Context {
  /** The field's translated label, for '{name} is a required field'. */
  label: string;
  /** Formats the numbers of a money field (integer cents) for 'Min {min}' and 'Must be at most {max}'. */
  money?: (cents: number) => string;
}

type Rule = readonly [RegExp, string, (m: RegExpExecArray, ctx: Context) => Record<string, string | number>];

const none = () => ({});
const amount = (raw: string | undefined, ctx: Context): string | number =>
  ctx.money ? ctx.money(Number(raw)) : Number(raw);

const RULES: readonly Rule[] = [
  [/^.+ is a required field$/, 'validation.required', (_m, ctx) => ({ name: ctx.label })],
  [/^Required field$/, 'validation.requiredField', none],
  [/^Please enter a valid email address$/, 'validation.email', none],
  [/^Min (\d+) characters$/, 'validation.minChars', (m) => ({ min: Number(m[1]) })],
  [/^Must be at most (\d+) characters$/, 'validation.maxChars', (m) => ({ max: Number(m[1]) })],
  [/^Min (\d+) digits$/, 'validation.minDigits', (m) => ({ min: Number(m[1]) })],
  [/^Max (\d+) digits$/, 'validation.maxDigits', (m) => ({ max: Number(m[1]) })],
  [/^Must be (\d+) digits only$/, 'validation.digitsOnly', (m) => ({ num: Number(m[1]) })],
  [/^Min (\d+)$/, 'validation.min', (m, ctx) => ({ min: amount(m[1], ctx) })],
  [/^Must be at most (\d+)$/, 'validation.max', (m, ctx) => ({ max: amount(m[1], ctx) })],
  [/^Passwords do not match$/, 'validation.passwordsMismatch', none],
  [/^Please use letters, spaces, apostrophes and hyphens only$/, 'validation.personName', none],
  [/^This password is too common\./, 'validation.commonPassword', none],
  [/^Please enter the number in international format/, 'validation.phoneInternational', none],
  [/^Please enter a country$/, 'validation.country', none],
  [/^Must be a number$/, 'validation.number', none],
  [/^Must be a whole number of cents$/, 'validation.wholeCents', none],
  [/^Must be a date as MM\/DD\/YYYY$/, 'validation.birthDateFormat', none],
  [/^Please enter a valid date of birth$/, 'validation.birthDate', none],
  [/^Must be alphanumeric and can contain '-'$/, 'validation.alphanumeric', none],
  [/^Token is required$/, 'validation.tokenRequired', none],
];

/** Whether a text is one of the shared schemas' field wordings (so the catalogue has it). */
export function isSchemaWording(message: string): boolean {
  return RULES.some(([pattern]) => pattern.test(message));
}

export function translateValidationMessage(intl: IntlShape, message: string | undefined, ctx: Context): string | undefined {
  if (!message) return undefined;
  if (Object.hasOwn(intl.messages, message)) return intl.formatMessage({ id: message });
  for (const [pattern, id, values] of RULES) {
    const match = pattern.exec(message);
    if (match) return intl.formatMessage({ id }, values(match, ctx));
  }
  return message;
}

/** `(message, label, money?) → text` in the current language, for a form's field errors. */
export function useValidationMessage(): (message: string | undefined, label: string, money?: (cents: number) => string) => string | undefined {
  const intl = useIntl();
  return useCallback((message, label, money) => translateValidationMessage(intl, message, { label, money }), [intl]);
}
