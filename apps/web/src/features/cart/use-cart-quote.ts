import { useMemo } from 'react';
import type { CartItem } from '@app/shared/contracts/cart';
import { priceCart, type CartQuote } from '@app/shared/rules/pricing';
import { SIMULATED_SIM_CARD_PRICE, usePublicDetails } from '../../lib/public-details';
import type { SimAvailability } from './api/get-sim-availability';
import type { CartCatalogue } from './cart-catalogue';

/**
 * The cart's figures, computed by the shared `priceCart()`, the same function the server quotes and
 * charges with (docs/decisions/054, 060). React only displays them: no arithmetic on prices here or
 * in the components. Shipping is chosen at checkout, so a cart with physical SIMs has no total yet.
 */
export function useCartQuote(items: readonly CartItem[], catalogue: CartCatalogue, available?: SimAvailability): CartQuote {
  const { data: details } = usePublicDetails();
  const simCardPrice = details?.simCardPrice ?? SIMULATED_SIM_CARD_PRICE;
  return useMemo(() => {
    // Only whether any is left is known here: a kind with none marks its plan lines sold out.
    const stock = available && { esim: available.esim ? Number.MAX_SAFE_INTEGER : 0, physical: available.physical ? Number.MAX_SAFE_INTEGER : 0 };
    return priceCart(items, catalogue, { simCardPrice, shipping: null, stock });
  }, [items, catalogue, simCardPrice, available]);
}
