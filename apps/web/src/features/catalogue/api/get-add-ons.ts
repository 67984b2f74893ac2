import { queryOptions, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { AddOn } from '@app/shared/contracts/catalogue';
import { api } from '../../../lib/api-client';

/** Add-ons on sale, names and descriptions in `locale` (English where not translated). */
export function getActiveAddOns(locale: string, signal?: AbortSignal): Promise<AddOn[]> {
  return api.get<AddOn[]>('/public/add-on_plan', { query: { isActive: 'true' }, signal, locale });
}

export const activeAddOnsQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['public', 'add-ons', { isActive: true }, locale],
    queryFn: ({ signal }) => getActiveAddOns(locale, signal),
  });

export function useActiveAddOns() {
  const { locale } = useIntl();
  return useQuery(activeAddOnsQueryOptions(locale));
}
