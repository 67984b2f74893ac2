import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError, type ApiError } from './api-error';
import { isFieldErrorCode } from '@app/shared/field-errors';
import type { ApiErrorBody } from './api-error-rules';
import { fieldErrorMessageId } from './error-message';
import { fieldErrorKey } from './validation-message';

/**
 * Server field errors (`errors: [{ field, message }]`) belong next to the fields. When every one of
 * them has a field on the form, the toast would only repeat them, so the request is made with
 * `toast: toastUnlessFieldErrors(fields)` and the form shows them instead.
 *
 * What a field shows is decided by codes, never by the server's words: an error with a code of its
 * own (a wrong current password, the same password again, an address already registered) puts that
 * code's catalogue id on the field (decision 064); under VALIDATION_FAILED each field's own `code` and
 * `params` ('minChars', { min: 8 }) become a coded key that lib/validation-message.ts words from the
 * catalogue (decision 065); a field without a known code reads 'This value is not valid.'
 */

type ServerFieldError = NonNullable<ApiErrorBody['errors']>[number];

function fieldMessage(error: ApiError, entry: ServerFieldError): string {
  const id = fieldErrorMessageId(error.code);
  if (id) return id;
  return isFieldErrorCode(entry.code) ? fieldErrorKey(entry.code, entry.params) : 'validation.invalid';
}

function allOnForm(error: ApiError, fields: readonly string[]): boolean {
  return Boolean(error.fieldErrors?.length) && error.fieldErrors!.every((e) => fields.includes(e.field));
}

export function toastUnlessFieldErrors(fields: readonly string[]): (error: ApiError) => boolean {
  return (error) => !allOnForm(error, fields);
}

/** Marks the fields the server rejected and focuses the first; returns whether any field was marked. */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!isApiError(error) || !error.fieldErrors?.length) return false;
  let marked = false;
  for (const entry of error.fieldErrors) {
    if (!(fields as readonly string[]).includes(entry.field)) continue;
    setError(entry.field as Path<T>, { type: 'server', message: fieldMessage(error, entry) }, { shouldFocus: !marked });
    marked = true;
  }
  return marked;
}
