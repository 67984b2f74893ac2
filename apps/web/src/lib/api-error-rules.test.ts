import { describe, expect, it } from 'vitest';
import { ErrorCode, Messages, SUPPRESSED_MESSAGES } from '@app/shared/errors';
import * as local from './api-error-rules';

describe('the browser copy of the error contract', () => {
  it('matches @app/shared/errors', () => {
    expect(local.SUPPRESSED_MESSAGES).toEqual(SUPPRESSED_MESSAGES);
    expect(local.INCORRECT_CREDENTIALS).toBe(ErrorCode.INCORRECT_CREDENTIALS);
    expect(local.SOMETHING_WENT_WRONG).toBe(Messages.somethingWentWrong);
  });
});
