import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { addOnLabel } from '@app/shared/rules/add-on';
import { formatDataSize, formatMinutes, formatSms } from '@app/shared/rules/allowance';
import type { AddOn } from '@app/shared/contracts/catalogue';
import { bidiIsolate } from './intl/bidi';

/**
 * The shared allowance formatter (docs/decisions/100) in the visitor's language: every data size,
 * minute and message count on the site goes through here, so a plan card, an add-on and the cart
 * never disagree ("1 GB" here, "1024 MB" there).
 */
export function useFormatAllowance() {
  const { locale } = useIntl();
  return useMemo(
    () => ({
      // Isolated in right-to-left text, like money (decision 222).
      dataSize: (mb: number) => bidiIsolate(formatDataSize(mb, locale), locale),
      minutes: (n: number) => bidiIsolate(formatMinutes(n, locale), locale),
      sms: (n: number) => bidiIsolate(formatSms(n, locale), locale),
      addOn: (addOn: Pick<AddOn, 'kind' | 'callMinutes' | 'sms' | 'bandwidth'>) => {
        const label = addOnLabel(addOn, locale);
        return label === undefined ? undefined : bidiIsolate(label, locale);
      },
    }),
    [locale],
  );
}
