import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddOn } from '@app/shared/contracts/catalogue';
import { api } from '../../../lib/api-client';

export function getActiveAddOns(signal?: AbortSignal): Promise<AddOn[]> {
  return api.get<AddOn[]>('/public/add-on_plan', { query: { isActive: 'true' }, signal });
}

export const activeAddOnsQueryOptions = queryOptions({
  queryKey: ['public', 'add-ons', { isActive: true }],
  queryFn: ({ signal }) => getActiveAddOns(signal),
});

export function useActiveAddOns() {
  return useQuery(activeAddOnsQueryOptions);
}
