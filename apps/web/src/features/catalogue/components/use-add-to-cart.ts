import { useCallback } from 'react';
import type { NewCartItem } from '@app/shared/rules/cart';
import { cartStore } from '../../../lib/cart-store';
import { notify } from '../../../lib/toast';

/** Adds a line to the cart and confirms it with a success toast naming what was added. */
export function useAddToCart() {
  return useCallback((item: NewCartItem, name: string) => {
    cartStore.add(item);
    notify.success({ id: 'cart.added', values: { name } });
  }, []);
}
