import { describe, expect, it } from 'vitest';
import { ERRORS } from '@app/shared/errors';
import { INCORRECT_CREDENTIALS, SOMETHING_WENT_WRONG, isSilentError } from './api-error-rules';

describe('the error rules the API client applies', () => {
  it('keeps the session on a credentials error and knows the generic text', () => {
    expect(INCORRECT_CREDENTIALS).toBe('INCORRECT_CREDENTIALS');
    expect(SOMETHING_WENT_WRONG).toBe(ERRORS.INTERNAL_ERROR.message);
  });

  it('silences exactly the three errors spec §8 suppresses, by code', () => {
    expect(isSilentError('SIM_DEACTIVATED')).toBe(true);
    expect(isSilentError('RESOURCE_NOT_AUTHORIZED')).toBe(true);
    expect(isSilentError('SIM_FOR_TESTING')).toBe(true);
    expect(isSilentError('ORDER_NOT_FOUND')).toBe(false);
    expect(isSilentError(undefined)).toBe(false);
  });
});
