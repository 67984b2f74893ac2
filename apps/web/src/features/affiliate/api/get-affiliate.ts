import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriberAffiliate } from '@app/shared/contracts/affiliate';
import { api } from '../../../lib/api-client';

/** Under 'subscriber' so it is dropped at logout (docs/decisions/028). */
export const affiliateQueryKey = ['subscriber', 'affiliate'] as const;

export const affiliateQueryOptions = queryOptions({
  queryKey: affiliateQueryKey,
  queryFn: ({ signal }) => api.get<SubscriberAffiliate>('/subscriber/affiliate', { signal }),
  // A code never changes once made.
  staleTime: Infinity,
});

export function useAffiliate(enabled: boolean) {
  return useQuery({ ...affiliateQueryOptions, enabled });
}
