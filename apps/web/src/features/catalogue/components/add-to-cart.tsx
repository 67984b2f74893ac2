import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { NewCartItem } from '@app/shared/rules/cart';
import { notify } from '../../../lib/toast';

/**
 * Plan and add-on cards put lines into the cart, which is another feature: `app/` hands the cart's
 * `add` in through this context (features do not import each other, docs/decisions/060).
 */
type AddLine = (item: NewCartItem) => void;

const AddToCartContext = createContext<AddLine | null>(null);

export function AddToCartProvider({ add, children }: { add: AddLine; children: ReactNode }) {
  return <AddToCartContext.Provider value={add}>{children}</AddToCartContext.Provider>;
}

/** Adds a line to the cart and confirms it with a success toast naming what was added. */
export function useAddToCart() {
  const add = useContext(AddToCartContext);
  return useCallback(
    (item: NewCartItem, name: string) => {
      if (!add) throw new Error('useAddToCart needs an AddToCartProvider (app/layout/root-layout.tsx)');
      add(item);
      notify.success({ id: 'cart.added', values: { name } });
    },
    [add],
  );
}
