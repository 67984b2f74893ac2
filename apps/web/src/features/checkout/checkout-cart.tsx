import { createContext, useContext } from 'react';
import type { CartItem } from '@app/shared/contracts/cart';

/**
 * What checkout needs from the cart: its items (to quote and buy) and a way to empty it once paid.
 * The cart is another feature (decision 060), so app/ provides this from the cart store.
 */
export interface CheckoutCart {
  items: readonly CartItem[];
  clear: () => void;
}

const CheckoutCartContext = createContext<CheckoutCart>({ items: [], clear: () => undefined });

export const CheckoutCartProvider = CheckoutCartContext.Provider;

export function useCheckoutCart(): CheckoutCart {
  return useContext(CheckoutCartContext);
}
