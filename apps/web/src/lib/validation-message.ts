import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { fieldErrorOf, isFieldErrorCode, type FieldErrorCode, type FieldErrorParams } from '@app/shared/field-errors';

/**
 * A field's error in the person's language, chosen by its field code (decision 065). What a form
 * field holds as its error message is one of:
 * - a catalogue id ('validation.incorrectPassword', 'error.SAME_PASSWORD'): lib/form-errors.ts puts
 *   one there for a server error with a code of its own;
 * - a coded key, `validation.<code>` with its numbers as a query ('validation.minChars?min=8'):
 *   lib/form-errors.ts builds it from the `code` and `params` the server gives each field;
 * - the English wording of a shared schema, when the form's own zod resolver refused the value in the
 *   browser: the shared package names its code (@app/shared/field-errors, the table that wording
 *   came from), and the catalogue's `validation.<code>` is shown.
 * The page never matches English itself, and never shows server prose.
 */

interface Context {
  /** The field's translated label, for '{name} is a required field'. */
  label: string;
  /** Formats the numbers of a money field (integer cents) for 'Min {min}' and 'Must be at most {max}'. */
  money?: (cents: number) => string;
}

/** Codes the form never words on its own: a stray key or character reads as 'This value is not valid.' */
const WORDED_AS_INVALID: ReadonlySet<FieldErrorCode> = new Set<FieldErrorCode>(['unknownField', 'forbiddenCharacter', 'invalid']);

/** The catalogue id of a field code. */
export function fieldCodeMessageId(code: FieldErrorCode): string {
  return WORDED_AS_INVALID.has(code) ? 'validation.invalid' : `validation.${code}`;
}

/** The value a form field holds for a coded error: its catalogue id, with its numbers when it has any. */
export function fieldErrorKey(code: FieldErrorCode, params?: FieldErrorParams): string {
  const id = fieldCodeMessageId(code);
  const query = params && id !== 'validation.invalid' ? new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString() : '';
  return query ? `${id}?${query}` : id;
}

/** A coded key back to its code and numbers; undefined for anything else. */
function parseFieldErrorKey(message: string): { code: FieldErrorCode; params: FieldErrorParams } | undefined {
  const match = /^validation\.(\w+)(?:\?(.*))?$/.exec(message);
  if (!match || !isFieldErrorCode(match[1])) return undefined;
  const params: FieldErrorParams = {};
  for (const [key, value] of new URLSearchParams(match[2] ?? '')) params[key] = /^\d+$/.test(value) ? Number(value) : value;
  return { code: match[1], params };
}

function values(intl: IntlShape, code: FieldErrorCode, params: FieldErrorParams, ctx: Context): Record<string, string | number> {
  // Counts (characters, digits) in the page's digits: a simple ICU argument would print them as is.
  const numbers = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, typeof value === 'number' ? intl.formatNumber(value) : value]));
  const money = (n: string | number | undefined) => (ctx.money && typeof n === 'number' ? ctx.money(n) : typeof n === 'number' ? intl.formatNumber(n) : (n ?? ''));
  // The name is the form's translated label, not the English one the server wrote.
  if (code === 'required') return { ...numbers, name: ctx.label };
  if (code === 'min') return { ...numbers, min: money(params.min) };
  if (code === 'max') return { ...numbers, max: money(params.max) };
  return numbers;
}

export function translateValidationMessage(intl: IntlShape, message: string | undefined, ctx: Context): string | undefined {
  if (!message) return undefined;
  const coded = parseFieldErrorKey(message);
  if (coded) return intl.formatMessage({ id: fieldCodeMessageId(coded.code) }, values(intl, coded.code, coded.params, ctx));
  if (Object.hasOwn(intl.messages, message)) return intl.formatMessage({ id: message });
  // The form's own resolver: a shared schema's wording, named by the package that wrote it.
  const own = fieldErrorOf(message);
  if (own.code === 'invalid') return message;
  return intl.formatMessage({ id: fieldCodeMessageId(own.code) }, values(intl, own.code, own.params ?? {}, ctx));
}

/** `(message, label, money?) → text` in the current language, for a form's field errors. */
export function useValidationMessage(): (message: string | undefined, label: string, money?: (cents: number) => string) => string | undefined {
  const intl = useIntl();
  return useCallback((message, label, money) => translateValidationMessage(intl, message, { label, money }), [intl]);
}
