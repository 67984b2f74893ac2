import { useQuery } from '@tanstack/react-query';
import { orderQueryOptions } from '../api/checkout-api';
import type { CheckoutOrder } from '../checkout-store';

/** The order in progress as the server has it now (status, totals, what may still be done). */
export function useCheckoutOrder(order: CheckoutOrder | null) {
  return useQuery({ ...orderQueryOptions(order?.id ?? '', order?.accessToken ?? ''), enabled: order !== null });
}
