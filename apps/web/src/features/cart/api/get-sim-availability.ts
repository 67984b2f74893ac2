import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Whether the network has SIM cards and eSIM profiles left to sell (decision 236). */
export interface SimAvailability {
  physical: boolean;
  esim: boolean;
}

export const simAvailabilityQueryOptions = queryOptions({
  queryKey: ['public', 'sim-availability'],
  queryFn: ({ signal }) => api.get<SimAvailability>('/public/sim/availability', { signal }),
  // Stock changes with every sale: looked at again when the cart opens after half a minute.
  staleTime: 30_000,
});

/** Asked only while the cart holds a plan; a failure is no answer (checkout decides then). */
export function useSimAvailability(enabled: boolean): SimAvailability | undefined {
  return useQuery({ ...simAvailabilityQueryOptions, enabled }).data;
}
