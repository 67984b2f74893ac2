import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { displayPhone } from './calling-codes';
import { ltrIsolate } from './intl/bidi';

/**
 * A phone number as the site writes it everywhere (decision 103's one format) and left to right in a
 * right-to-left page (decision 222). A number has no language: its digits are grouped the way its
 * country writes them, whatever language the page is in.
 */
export function useFormatPhone(): (phone: string) => string {
  const { locale } = useIntl();
  return useCallback((phone: string) => ltrIsolate(displayPhone(phone), locale), [locale]);
}

/** ICCIDs, order and invoice numbers, codes: left to right in a right-to-left page. */
export function useLtrText(): (text: string) => string {
  const { locale } = useIntl();
  return useCallback((text: string) => ltrIsolate(text, locale), [locale]);
}
