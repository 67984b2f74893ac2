import { useMemo } from 'react';
import type { CartItem } from '@app/shared/contracts/cart';
import { priceCart, type CartQuote } from '@app/shared/rules/pricing';
import { SIMULATED_SIM_CARD_PRICE, usePublicDetails } from '../../lib/public-details';
import type { CartCatalogue } from './cart-catalogue';

/**
 * The cart's figures, computed by the shared `priceCart()`, the same function the server quotes and
 * charges with (docs/decisions/054, 060). React only displays them: no arithmetic on prices here or
 * in the components. Shipping is chosen at checkout, so a cart with physical SIMs has no total yet.
 */
export function useCartQuote(items: readonly CartItem[], catalogue: CartCatalogue): CartQuote {
  const { data: details } = usePublicDetails();
  const simCardPrice = details?.simCardPrice ?? SIMULATED_SIM_CARD_PRICE;
  return useMemo(() => priceCart(items, catalogue, { simCardPrice, shipping: null }), [items, catalogue, simCardPrice]);
}
