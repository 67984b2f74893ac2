import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicDetails } from '@app/shared/contracts/catalogue';
import { api } from './api-client';

/**
 * Company and provider details every page uses (footer, header links, currency). Loaded at start-up;
 * a failure is only logged (spec §7): pages fall back to the default currency and hide what they lack.
 */

/** See docs/decisions/021: the spec forces the SIM card price to 1 (one currency unit) after loading. */
export const SIMULATED_SIM_CARD_PRICE = 100;
export const DEFAULT_CURRENCY = 'USD';

export async function getPublicDetails(signal?: AbortSignal): Promise<PublicDetails> {
  try {
    const details = await api.get<PublicDetails>('/public/service_provider/public_details', {
      signal,
      toast: false,
    });
    return { ...details, simCardPrice: SIMULATED_SIM_CARD_PRICE };
  } catch (error) {
    console.error('Could not load the service provider details', error);
    throw error;
  }
}

export const publicDetailsQueryOptions = queryOptions({
  queryKey: ['public', 'public-details'],
  queryFn: ({ signal }) => getPublicDetails(signal),
  staleTime: 60 * 60_000,
});

export function usePublicDetails() {
  return useQuery(publicDetailsQueryOptions);
}
