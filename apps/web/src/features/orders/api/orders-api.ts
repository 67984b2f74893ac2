import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ShippingAddress } from '@app/shared/contracts/checkout';
import { orderListSchema, orderSchema, type Order, type OrderStatus } from '@app/shared/contracts/orders';
import { api } from '../../../lib/api-client';

export const orderListQueryOptions = (page: number, pageSize: number, status: OrderStatus | undefined) =>
  queryOptions({
    queryKey: ['subscriber', 'orders', { page, pageSize, status }] as const,
    queryFn: ({ signal }) => api.get('/subscriber/order', { signal, query: { page, pageSize, status }, schema: orderListSchema, toast: false }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export function useOrderList(page: number, pageSize: number, status: OrderStatus | undefined) {
  return useQuery(orderListQueryOptions(page, pageSize, status));
}

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['subscriber', 'order', id] as const,
    queryFn: ({ signal }) => api.get(`/subscriber/order/${encodeURIComponent(id)}`, { signal, schema: orderSchema, toast: false }),
    staleTime: 15_000,
  });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}

function stored(client: QueryClient, order: Order): Order {
  client.setQueryData(orderQueryOptions(order.id).queryKey, order);
  void client.invalidateQueries({ queryKey: ['subscriber', 'orders'] });
  return order;
}

export async function changeOrderAddress(client: QueryClient, id: string, shippingAddress: ShippingAddress): Promise<Order> {
  const order = await api.patch(`/subscriber/order/${encodeURIComponent(id)}/address`, { shippingAddress }, { schema: orderSchema, toast: false });
  return stored(client, order);
}

export async function cancelOrder(client: QueryClient, id: string): Promise<Order> {
  const order = await api.post(`/subscriber/order/${encodeURIComponent(id)}/cancel`, undefined, { schema: orderSchema });
  return stored(client, order);
}
