import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@app/shared/errors';
import { ApiError } from './api-error';
import { SUPPORTED_LOCALES } from './intl/languages';
import { errorCodeOf, errorMessageId, fieldErrorMessageId } from './error-message';

const localesDir = path.resolve(import.meta.dirname, '../locales');
const catalogue = (code: string) => JSON.parse(readFileSync(path.join(localesDir, `${code}.json`), 'utf8')) as Record<string, string>;

const http = (status: number, code?: string) => new ApiError('server wording', { status, kind: 'http', code });

describe('the error catalogue', () => {
  it.each(SUPPORTED_LOCALES.map((l) => l.code))('%s has a message for every shared error code', (locale) => {
    const messages = catalogue(locale);
    const missing = ERROR_CODES.filter((code) => !messages[`error.${code}`]?.trim());
    expect(missing).toEqual([]);
  });

  it('has no entry for a code the shared table no longer has', () => {
    const known = new Set(ERROR_CODES.map((code) => `error.${code}`));
    const stale = Object.keys(catalogue('en')).filter((key) => /^error\.[A-Z0-9_]+$/.test(key) && !known.has(key));
    expect(stale).toEqual([]);
  });

  it('translates the codes (a Spanish or French entry is not the English text)', () => {
    const en = catalogue('en');
    for (const locale of ['es', 'fr']) {
      const messages = catalogue(locale);
      const same = ERROR_CODES.filter((code) => messages[`error.${code}`] === en[`error.${code}`]);
      expect(same, locale).toEqual([]);
    }
  });
});

describe('errorMessageId', () => {
  it('reads a shared code as its catalogue entry', () => {
    expect(errorMessageId(http(409, 'ORDER_NOT_PAYABLE'))).toBe('error.ORDER_NOT_PAYABLE');
    expect(errorMessageId('PAYMENT_DECLINED')).toBe('error.PAYMENT_DECLINED');
  });

  it('falls back to the generic message for an unknown code, a bad response or a foreign error', () => {
    expect(errorMessageId(http(409, 'SOMETHING_NEW'))).toBe('error.somethingWentWrong');
    expect(errorMessageId(new ApiError('x', { status: 200, kind: 'invalid-response' }))).toBe('error.somethingWentWrong');
    expect(errorMessageId(new Error('boom'))).toBe('error.somethingWentWrong');
    expect(errorMessageId('UNKNOWN', { fallback: 'payment.failure.unknown' })).toBe('payment.failure.unknown');
  });

  it('reads a code-less answer by its status, and no answer as a network failure', () => {
    expect(errorCodeOf(http(503))).toBe('SERVICE_UNAVAILABLE');
    expect(errorMessageId(http(429))).toBe('error.RATE_LIMITED');
    expect(errorMessageId(new ApiError('Failed to fetch', { status: 0, kind: 'network' }))).toBe('error.network');
  });

  it('lets a page word some codes its own way', () => {
    const overrides = { ORDER_NOT_FOUND: 'checkout.error.ORDER_NOT_FOUND', card_declined: 'payment.failure.card_declined' };
    expect(errorMessageId(http(404, 'ORDER_NOT_FOUND'), { overrides })).toBe('checkout.error.ORDER_NOT_FOUND');
    expect(errorMessageId('card_declined', { overrides })).toBe('payment.failure.card_declined');
    expect(errorMessageId(http(409, 'ORDER_NOT_PAYABLE'), { overrides })).toBe('error.ORDER_NOT_PAYABLE');
  });
});

describe('fieldErrorMessageId', () => {
  it('puts a code of its own on the field, and leaves schema wording to the form', () => {
    expect(fieldErrorMessageId('SAME_PASSWORD')).toBe('error.SAME_PASSWORD');
    expect(fieldErrorMessageId('INCORRECT_CREDENTIALS')).toBe('validation.incorrectPassword');
    expect(fieldErrorMessageId('VALIDATION_FAILED')).toBeUndefined();
    expect(fieldErrorMessageId('SOMETHING_NEW')).toBeUndefined();
  });
});
