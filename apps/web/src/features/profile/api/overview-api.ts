import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderListSchema } from '@app/shared/contracts/orders';
import { balanceTransactionListSchema } from '@app/shared/contracts/payments';
import { simListSchema } from '@app/shared/contracts/sims';
import { api } from '../../../lib/api-client';

/**
 * What the account overview reads. Keys sit under 'subscriber' so logout drops them (decision 028);
 * errors show in each section (toast: false), so one failing list does not hide the others.
 */

/** The overview lists every SIM (a subscriber rarely has more than a handful; the API caps a page at 100). */
const SIM_PAGE = 100;
/** Recent orders looked through for the ones still in progress. */
const ORDER_PAGE = 20;
/** Latest balance transactions shown. */
export const LATEST_TRANSACTIONS = 3;

export const overviewSimsQueryOptions = queryOptions({
  queryKey: ['subscriber', 'overview', 'sims'] as const,
  queryFn: ({ signal }) => api.get('/subscriber/sim', { signal, query: { page: 1, limit: SIM_PAGE }, schema: simListSchema, toast: false }),
  staleTime: 15_000,
});

export const overviewOrdersQueryOptions = queryOptions({
  queryKey: ['subscriber', 'overview', 'orders'] as const,
  queryFn: ({ signal }) => api.get('/subscriber/order', { signal, query: { page: 1, pageSize: ORDER_PAGE }, schema: orderListSchema, toast: false }),
  staleTime: 15_000,
});

export const overviewTransactionsQueryOptions = queryOptions({
  queryKey: ['subscriber', 'overview', 'transactions'] as const,
  queryFn: ({ signal }) =>
    api.get('/subscriber/balance_transaction', {
      signal,
      query: { page: 1, pageSize: LATEST_TRANSACTIONS },
      schema: balanceTransactionListSchema,
      toast: false,
    }),
  staleTime: 15_000,
});

export const useOverviewSims = () => useQuery(overviewSimsQueryOptions);
export const useOverviewOrders = () => useQuery(overviewOrdersQueryOptions);
export const useOverviewTransactions = () => useQuery(overviewTransactionsQueryOptions);
