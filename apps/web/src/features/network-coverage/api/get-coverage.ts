import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Coverage } from '@app/shared/contracts/catalogue';
import { api, isApiError } from '../../../lib/api-client';

/** null when the API has no coverage record for the ZIP (shown inline as 'Coverage not found'). */
export async function getCoverage(zipcode: string, signal?: AbortSignal): Promise<Coverage | null> {
  try {
    return await api.get<Coverage>(`/public/pwg/coverage/${encodeURIComponent(zipcode)}`, {
      
      signal,
      toast: (error) => error.status !== 404,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function coverageQueryOptions(zipcode: string) {
  return queryOptions({
    queryKey: ['public', 'coverage', zipcode],
    queryFn: ({ signal }) => getCoverage(zipcode, signal),
  });
}

export function useCoverage(zipcode: string | undefined) {
  return useQuery({ ...coverageQueryOptions(zipcode ?? ''), enabled: Boolean(zipcode) });
}
