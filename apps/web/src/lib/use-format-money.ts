import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { bidiIsolate } from './intl/bidi';
import { DEFAULT_CURRENCY, usePublicDetails } from './public-details';

/** Integer cents as the page's language writes an amount, isolated in right-to-left text (decision 222). */
export function formatMoney(cents: number, locale: string, currency: string): string {
  return bidiIsolate(moneyFormatter(locale, currency).format(cents / 100), locale);
}

const cache = new Map<string, Intl.NumberFormat>();

function moneyFormatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = cache.get(key);
  if (!formatter) {
    // Whole amounts read better without ".00" ($3 a month), cents stay when there are any ($3.99).
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency, trailingZeroDisplay: 'stripIfInteger' });
    cache.set(key, formatter);
  }
  return formatter;
}

/** Formats integer cents in the shop's currency (from public details) and the visitor's language. */
export function useFormatMoney(): (cents: number) => string {
  const { locale } = useIntl();
  const { data } = usePublicDetails();
  const currency = data?.currency ?? DEFAULT_CURRENCY;
  return useMemo(() => (cents: number) => formatMoney(cents, locale, currency), [locale, currency]);
}
