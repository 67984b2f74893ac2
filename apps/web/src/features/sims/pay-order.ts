import { createContext, useContext } from 'react';
import type { PurchaseResult } from '@app/shared/contracts/orders';

/**
 * How a placed order gets paid. The SIM pages place orders (renewal, add-on, top-up…) but paying is
 * checkout's job (its payment pages, one request id per attempt); features do not import each other,
 * so app/ provides this (decision 175). Answers the path to go to.
 */
export type PayOrder = (result: PurchaseResult, returnTo: string) => string;

export const PayOrderContext = createContext<PayOrder | null>(null);

const missing: PayOrder = () => {
  throw new Error('PayOrderContext is missing: app/ must provide how orders are paid');
};

export function usePayOrder(): PayOrder {
  return useContext(PayOrderContext) ?? missing;
}
