import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { gatewayListSchema, savedCardListSchema, savedCardSchema, type SavedCardInfo } from '@app/shared/contracts/payments';
import { api } from '../../../lib/api-client';

export const savedCardsQueryKey = ['subscriber', 'payment-methods'] as const;

export const savedCardsQueryOptions = queryOptions({
  queryKey: savedCardsQueryKey,
  queryFn: ({ signal }) => api.get('/subscriber/payment_method', { signal, schema: savedCardListSchema, toast: false }),
  staleTime: 30_000,
});

export function useSavedCards() {
  return useQuery(savedCardsQueryOptions);
}

export const paymentGatewaysQueryOptions = queryOptions({
  queryKey: ['public', 'payment-gateways'],
  queryFn: ({ signal }) => api.get('/public/payment/gateways', { signal, schema: gatewayListSchema, toast: false }),
  staleTime: 5 * 60_000,
});

export function usePaymentGateways() {
  return useQuery(paymentGatewaysQueryOptions);
}

function refresh(client: QueryClient) {
  // Auto-renew/extend/top-up card ids also live on the profile.
  void client.invalidateQueries({ queryKey: savedCardsQueryKey });
  void client.invalidateQueries({ queryKey: ['subscriber', 'profile'] });
}

export async function addCard(client: QueryClient, cardToken: string, makeDefault: boolean, gateway: 'sandbox' | 'stripe' = 'sandbox'): Promise<SavedCardInfo> {
  const card = await api.post('/subscriber/payment_method', { cardToken, gateway, makeDefault }, { schema: savedCardSchema, toast: false });
  refresh(client);
  return card;
}

export async function deleteCard(client: QueryClient, id: string): Promise<void> {
  await api.delete(`/subscriber/payment_method/${encodeURIComponent(id)}`);
  refresh(client);
}

export async function makeDefaultCard(client: QueryClient, id: string): Promise<void> {
  await api.post(`/subscriber/payment_method/${encodeURIComponent(id)}/default`, undefined, { schema: savedCardSchema });
  refresh(client);
}

export type AutoFlag = 'auto_renew' | 'auto_extend' | 'auto_top-up';

export async function setAutoFlag(client: QueryClient, flag: AutoFlag, id: string, enable: boolean): Promise<void> {
  const cards = await api.post(`/subscriber/${flag}/${enable ? 'enable' : 'disable'}`, { paymentMethodId: id }, { schema: savedCardListSchema });
  client.setQueryData(savedCardsQueryKey, cards);
  refresh(client);
}
