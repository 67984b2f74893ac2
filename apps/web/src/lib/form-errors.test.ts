import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { applyServerFieldErrors } from './form-errors';

type Form = { email: string; password: string };

function marked(code: string, errors: { field: string; message: string }[]) {
  const setError = vi.fn();
  const error = new ApiError('server wording', { status: 400, kind: 'http', code, fieldErrors: errors });
  const any = applyServerFieldErrors<Form>(error, setError, ['email', 'password']);
  return { any, calls: setError.mock.calls.map(([field, { message }]) => [field, message]) };
}

describe('applyServerFieldErrors', () => {
  it('keeps the shared schema’s wording of a VALIDATION_FAILED answer (the form translates it)', () => {
    expect(marked('VALIDATION_FAILED', [{ field: 'email', message: 'Please enter a valid email address' }]).calls).toEqual([
      ['email', 'Please enter a valid email address'],
    ]);
  });

  it('never puts other server prose on a field', () => {
    expect(marked('VALIDATION_FAILED', [{ field: 'email', message: 'Some sentence only the server knows' }]).calls).toEqual([['email', 'validation.invalid']]);
  });

  it('puts the catalogue id of a code of its own on the field', () => {
    expect(marked('SAME_PASSWORD', [{ field: 'password', message: 'The new password must be different' }]).calls).toEqual([['password', 'error.SAME_PASSWORD']]);
    expect(marked('INCORRECT_CREDENTIALS', [{ field: 'password', message: 'The password is incorrect.' }]).calls).toEqual([['password', 'validation.incorrectPassword']]);
  });

  it('ignores fields the form does not have', () => {
    expect(marked('VALIDATION_FAILED', [{ field: 'planId', message: 'Min 1' }])).toEqual({ any: false, calls: [] });
  });
});
