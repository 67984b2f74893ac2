import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError, type ApiError } from './api-client';

/**
 * Server field errors (`errors: [{ field, message }]`, the same schema's wording) belong next to the
 * fields. When every one of them has a field on the form, the toast would only repeat them, so the
 * request is made with `toast: toastUnlessFieldErrors(fields)` and the form shows them instead.
 */

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
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !marked });
    marked = true;
  }
  return marked;
}
