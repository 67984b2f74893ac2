import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { addOnLabel } from '@app/shared/rules/add-on';
import { formatDataSize, formatMinutes, formatSms } from '@app/shared/rules/allowance';
import type { AddOn } from '@app/shared/contracts/catalogue';

/**
 * The shared allowance formatter (docs/decisions/100) in the visitor's language: every data size,
 * minute and message count on the site goes through here, so a plan card, an add-on and the cart
 * never disagree ("1 GB" here, "1024 MB" there).
 */
export function useFormatAllowance() {
  const { locale } = useIntl();
  return useMemo(
    () => ({
      dataSize: (mb: number) => formatDataSize(mb, locale),
      minutes: (n: number) => formatMinutes(n, locale),
      sms: (n: number) => formatSms(n, locale),
      addOn: (addOn: Pick<AddOn, 'kind' | 'callMinutes' | 'sms' | 'bandwidth'>) => addOnLabel(addOn, locale),
    }),
    [locale],
  );
}
