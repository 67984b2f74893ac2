import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Rate } from '@app/shared/contracts/catalogue';
import { api } from '../../../lib/api-client';

/** The whole rate table (a few hundred rows): searching it locally answers as the visitor types. */
export function getRates(signal?: AbortSignal): Promise<Rate[]> {
  return api.get<Rate[]>('/public/rate', { signal });
}

export const ratesQueryOptions = queryOptions({
  queryKey: ['public', 'rates'],
  queryFn: ({ signal }) => getRates(signal),
  staleTime: 60 * 60_000,
});

export function useRates() {
  return useQuery(ratesQueryOptions);
}
