import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError, type ApiError } from './api-error';
import { fieldErrorMessageId } from './error-message';
import { isSchemaWording } from './validation-message';

/**
 * Server field errors (`errors: [{ field, message }]`) belong next to the fields. When every one of
 * them has a field on the form, the toast would only repeat them, so the request is made with
 * `toast: toastUnlessFieldErrors(fields)` and the form shows them instead.
 *
 * What a field shows is decided by the error's `code` (decision 064): a code of its own (a wrong
 * current password, the same password again, an address already registered) puts that code's
 * catalogue id on the field; a VALIDATION_FAILED answer keeps the shared schema's wording, which the
 * form translates like its own (lib/validation-message.ts); any other text becomes the catalogue's
 * 'This value is not valid.' The server's prose is never put on the screen.
 */

function fieldMessage(error: ApiError, serverText: string): string {
  const id = fieldErrorMessageId(error.code);
  if (id) return id;
  return isSchemaWording(serverText) ? serverText : 'validation.invalid';
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
  for (const { field, message } of error.fieldErrors) {
    if (!(fields as readonly string[]).includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message: fieldMessage(error, message) }, { shouldFocus: !marked });
    marked = true;
  }
  return marked;
}
