import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@app/shared/contracts/profile';
import { api } from '../../../lib/api-client';

/** Under 'subscriber' so it is dropped at logout (docs/decisions/028). */
export const profileQueryKey = ['subscriber', 'profile'] as const;

export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => api.get<Profile>('/subscriber/profile', { signal }),
  // The balance moves with purchases made in other tabs or by auto top-up; never show a stale one for long.
  staleTime: 30_000,
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
