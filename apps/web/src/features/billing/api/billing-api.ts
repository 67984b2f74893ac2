import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  balanceTransactionListSchema,
  paymentListSchema,
  type BalanceTransaction,
  type MoneyListQuery,
  type Payment,
} from '@app/shared/contracts/payments';
import { api } from '../../../lib/api-client';

export type MoneyFilter = Pick<MoneyListQuery, 'from' | 'to' | 'type'>;

export const paymentsQueryOptions = (page: number, pageSize: number, filter: MoneyFilter) =>
  queryOptions({
    queryKey: ['subscriber', 'payments', { page, pageSize, ...filter }] as const,
    queryFn: ({ signal }) => api.get('/subscriber/payment', { signal, query: { page, pageSize, ...filter }, schema: paymentListSchema, toast: false }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const transactionsQueryOptions = (page: number, pageSize: number, filter: MoneyFilter) =>
  queryOptions({
    queryKey: ['subscriber', 'balance-transactions', { page, pageSize, ...filter }] as const,
    queryFn: ({ signal }) =>
      api.get('/subscriber/balance_transaction', { signal, query: { page, pageSize, ...filter }, schema: balanceTransactionListSchema, toast: false }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export function usePayments(page: number, pageSize: number, filter: MoneyFilter) {
  return useQuery(paymentsQueryOptions(page, pageSize, filter));
}

export function useTransactions(page: number, pageSize: number, filter: MoneyFilter) {
  return useQuery(transactionsQueryOptions(page, pageSize, filter));
}

const EXPORT_PAGE = 100;
/** Beyond this an export is refused rather than hammering the API (a year of daily top-ups fits). */
export const EXPORT_LIMIT = 5000;

/** Every row matching the filter, page by page (the API's largest page), for the CSV export. */
async function all<T>(load: (page: number) => Promise<{ total: number; data: T[] }>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const result = await load(page);
    rows.push(...result.data);
    if (rows.length >= result.total || result.data.length === 0 || rows.length >= EXPORT_LIMIT) return rows;
  }
}

export const allPayments = (filter: MoneyFilter): Promise<Payment[]> =>
  all((page) => api.get('/subscriber/payment', { query: { page, pageSize: EXPORT_PAGE, ...filter }, schema: paymentListSchema }));

export const allTransactions = (filter: MoneyFilter): Promise<BalanceTransaction[]> =>
  all((page) => api.get('/subscriber/balance_transaction', { query: { page, pageSize: EXPORT_PAGE, ...filter }, schema: balanceTransactionListSchema }));
