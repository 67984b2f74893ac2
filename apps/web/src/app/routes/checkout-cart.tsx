import { useMemo, type ReactNode } from 'react';
import { cartStore, useCart } from '../../features/cart/cart-store';
import { CheckoutCartProvider } from '../../features/checkout/checkout-cart';

const clear = () => cartStore.clear();

/** Gives the checkout pages the cart's items and its clear (features do not import each other). */
export function WithCheckoutCart({ children }: { children: ReactNode }) {
  const { items } = useCart();
  // One value per cart state: pages list `cart` in effect dependencies.
  const value = useMemo(() => ({ items, clear }), [items]);
  return <CheckoutCartProvider value={value}>{children}</CheckoutCartProvider>;
}
