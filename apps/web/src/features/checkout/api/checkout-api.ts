import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchaseRequest, Quote, QuoteRequest } from '@app/shared/contracts/checkout';
import type { Order, PurchaseResult } from '@app/shared/contracts/orders';
import { ORDER_TOKEN_HEADER } from '@app/shared/contracts/order-token';
import type { GatewayList, Payment, PaymentRequest } from '@app/shared/contracts/payments';
import { api, apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

// The answers' schemas load with the first request that needs them, alongside it: the checkout and
// payment pages show (and hydrate) before zod and the contracts are evaluated (decision 226).
const checkout = () => import('@app/shared/contracts/checkout');
const orders = () => import('@app/shared/contracts/orders');
const payments = () => import('@app/shared/contracts/payments');
const quoteSchema = async () => (await checkout()).quoteSchema;
const purchaseResultSchema = async () => (await orders()).purchaseResultSchema;
const orderSchema = async () => (await orders()).orderSchema;
const gatewayListSchema = async () => (await payments()).gatewayListSchema;
const paymentSchema = async () => (await payments()).paymentSchema;
const savedCardListSchema = async () => (await payments()).savedCardListSchema;

/** Visitors use the public endpoints, subscribers their own (SPEC §6: the prefix follows the login). */
export const prefixFor = (isAuth: boolean) => (isAuth ? '/subscriber' : '/public');

/** The server's quote: every amount the checkout shows comes from here, never from the browser. */
export function quoteQueryOptions(isAuth: boolean, request: QuoteRequest) {
  return queryOptions({
    // Signed-in quotes sit under 'subscriber' so logout drops them (decision 028).
    queryKey: [isAuth ? 'subscriber' : 'public', 'quote', request] as const,
    queryFn: ({ signal }) =>
      api.post<Quote>(`${prefixFor(isAuth)}/sim/purchase/price`, request, { signal, schema: quoteSchema, toast: false }),
    staleTime: 30_000,
    // A changed delivery option keeps the old totals on screen (marked as updating) instead of a blank.
    placeholderData: keepPreviousData,
  });
}

export function useQuote(request: QuoteRequest | null) {
  const { isAuth } = useSession();
  return useQuery({ ...quoteQueryOptions(isAuth, request ?? { items: [] }), enabled: request !== null && request.items.length > 0 });
}

export function purchase(isAuth: boolean, request: PurchaseRequest): Promise<PurchaseResult> {
  return api.post(`${prefixFor(isAuth)}/sim/purchase`, request, { schema: purchaseResultSchema, toast: false });
}

export const gatewaysQueryOptions = queryOptions({
  queryKey: ['public', 'payment-gateways'],
  queryFn: ({ signal }) => api.get<GatewayList>('/public/payment/gateways', { signal, schema: gatewayListSchema, toast: false }),
  staleTime: 5 * 60_000,
});

export function useGateways() {
  return useQuery(gatewaysQueryOptions);
}

/** The order by its access token (works for visitors and subscribers alike). */
export function orderQueryOptions(orderId: string, accessToken: string) {
  return queryOptions({
    queryKey: ['checkout', 'order', orderId] as const,
    queryFn: ({ signal }) =>
      apiRequest<Order>(`/public/order/${encodeURIComponent(orderId)}`, {
        signal,
        schema: orderSchema,
        toast: false,
        headers: { [ORDER_TOKEN_HEADER]: accessToken },
      }),
    staleTime: 10_000,
  });
}

export function pay(isAuth: boolean, request: PaymentRequest): Promise<Payment> {
  return api.post(`${prefixFor(isAuth)}/payment`, request, { schema: paymentSchema, toast: false });
}

export function getPayment(paymentId: string, accessToken: string, signal?: AbortSignal): Promise<Payment> {
  return apiRequest(`/public/payment/${encodeURIComponent(paymentId)}`, {
    signal,
    schema: paymentSchema,
    toast: false,
    headers: { [ORDER_TOKEN_HEADER]: accessToken },
  });
}

export function confirmPayment(paymentId: string, accessToken: string): Promise<Payment> {
  return api.post(`/public/payment/${encodeURIComponent(paymentId)}/confirm`, { accessToken }, { schema: paymentSchema, toast: false });
}

/** Gives up an attempt that waits for the customer (left PayPal, an unused crypto address), so another may start. */
export function cancelPayment(paymentId: string, accessToken: string): Promise<Payment> {
  return api.post(`/public/payment/${encodeURIComponent(paymentId)}/cancel`, { accessToken }, { schema: paymentSchema, toast: false });
}

/** The sandbox gateway's confirmation step (its stand-in for 3-D Secure): the customer approves or refuses. */
export function authenticateSandbox(reference: string, approve: boolean): Promise<unknown> {
  return api.post(`/public/payment/sandbox/authenticate/${encodeURIComponent(reference)}`, { approve }, { toast: false });
}

/** The subscriber's saved cards, to pay with one (same query key as the Payment tab's list). */
export function useSavedCardsForPayment(enabled: boolean) {
  return useQuery({
    queryKey: ['subscriber', 'payment-methods'],
    queryFn: ({ signal }) => api.get('/subscriber/payment_method', { signal, schema: savedCardListSchema, toast: false }),
    staleTime: 30_000,
    enabled,
  });
}
