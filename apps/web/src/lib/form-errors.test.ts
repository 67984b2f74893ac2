import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { applyServerFieldErrors } from './form-errors';

type Form = { email: string; password: string };

function marked(code: string, errors: { field: string; message: string; code?: string; params?: Record<string, string | number> }[]) {
  const setError = vi.fn();
  const error = new ApiError('server wording', { status: 400, kind: 'http', code, fieldErrors: errors });
  const any = applyServerFieldErrors<Form>(error, setError, ['email', 'password']);
  return { any, calls: setError.mock.calls.map(([field, { message }]) => [field, message]) };
}

describe('applyServerFieldErrors', () => {
  it('marks a VALIDATION_FAILED field by its field code and numbers (the form words it from the catalogue)', () => {
    expect(marked('VALIDATION_FAILED', [{ field: 'email', message: 'Please enter a valid email address', code: 'email' }]).calls).toEqual([['email', 'validation.email']]);
    expect(marked('VALIDATION_FAILED', [{ field: 'password', message: 'Min 8 characters', code: 'minChars', params: { min: 8 } }]).calls).toEqual([
      ['password', 'validation.minChars?min=8'],
    ]);
  });

  it('never reads the server’s words: no field code, an unknown one or invalid reads as an invalid value', () => {
    expect(marked('VALIDATION_FAILED', [{ field: 'email', message: 'Please enter a valid email address' }]).calls).toEqual([['email', 'validation.invalid']]);
    expect(marked('VALIDATION_FAILED', [{ field: 'email', message: 'Some sentence only the server knows', code: 'invalid' }]).calls).toEqual([['email', 'validation.invalid']]);
    expect(marked('VALIDATION_FAILED', [{ field: 'email', message: 'x', code: 'somethingNewer' }]).calls).toEqual([['email', 'validation.invalid']]);
  });

  it('puts the catalogue id of a code of its own on the field', () => {
    expect(marked('SAME_PASSWORD', [{ field: 'password', message: 'The new password must be different' }]).calls).toEqual([['password', 'error.SAME_PASSWORD']]);
    expect(marked('INCORRECT_CREDENTIALS', [{ field: 'password', message: 'The password is incorrect.' }]).calls).toEqual([['password', 'validation.incorrectPassword']]);
  });

  it('ignores fields the form does not have', () => {
    expect(marked('VALIDATION_FAILED', [{ field: 'planId', message: 'Min 1' }])).toEqual({ any: false, calls: [] });
  });
});
