import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShippingRate } from '@app/shared/contracts/catalogue';
import { api } from '../../../lib/api-client';

/** All shipping options, or those for one country (ISO code). */
export function getShippingRates(country?: string, signal?: AbortSignal): Promise<ShippingRate[]> {
  return api.get<ShippingRate[]>('/public/shipping_rate', { query: { country }, signal });
}

export function shippingRatesQueryOptions(country?: string) {
  return queryOptions({
    queryKey: ['public', 'shipping-rates', country ?? 'all'],
    queryFn: ({ signal }) => getShippingRates(country, signal),
  });
}

export function useShippingRates(country?: string, enabled = true) {
  return useQuery({ ...shippingRatesQueryOptions(country), enabled });
}
