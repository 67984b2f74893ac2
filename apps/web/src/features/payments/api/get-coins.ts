import { queryOptions, useQuery } from '@tanstack/react-query';
import { coinListSchema } from '@app/shared/contracts/payments';
import { api } from '../../../lib/api-client';

export const coinsQueryOptions = queryOptions({
  queryKey: ['public', 'coinpayments', 'coins'] as const,
  queryFn: ({ signal }) => api.get('/coinpayments/coins', { signal, schema: coinListSchema, toast: false }),
  // The server reuses CoinPayments' rates for a minute; so do we.
  staleTime: 60_000,
});

export function useCoins(enabled = true) {
  return useQuery({ ...coinsQueryOptions, enabled });
}
