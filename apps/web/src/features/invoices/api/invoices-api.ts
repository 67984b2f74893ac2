import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { invoiceListSchema, invoiceSchema, type Invoice } from '@app/shared/contracts/invoices';
import { api, buildUrl } from '../../../lib/api-client';

export const invoiceListQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['subscriber', 'invoices', { page, pageSize }] as const,
    queryFn: ({ signal }) => api.get('/subscriber/invoice', { signal, query: { page, pageSize }, schema: invoiceListSchema, toast: false }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useInvoiceList(page: number, pageSize = 20) {
  return useQuery(invoiceListQueryOptions(page, pageSize));
}

/** A subscriber's invoice by id, or anyone's through its unguessable public token. */
export type InvoiceSource = { id: string } | { token: string };

export function useInvoice(source: InvoiceSource | null) {
  return useQuery({
    queryKey: source && 'id' in source ? ['subscriber', 'invoice', source.id] : ['public', 'invoice', source?.token ?? ''],
    queryFn: ({ signal }): Promise<Invoice> =>
      source && 'id' in source
        ? api.get(`/subscriber/invoice/${encodeURIComponent(source.id)}`, { signal, schema: invoiceSchema, toast: false })
        : api.get(`/public/invoice/${encodeURIComponent(source!.token)}`, { signal, schema: invoiceSchema, toast: false }),
    enabled: source !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * The PDF copy. The public link needs no sign-in; a subscriber's copy is fetched with the session
 * (a plain link would not carry the bearer token) and opened from a blob.
 */
export function publicInvoicePdfUrl(token: string): string {
  return buildUrl(`/public/invoice/${encodeURIComponent(token)}/pdf`);
}
