import { useSyncExternalStore } from 'react';
import type { CartItem } from '@app/shared/contracts/cart';
import { addToCart, cartQuantity, parseStoredCart, removeFromCart, serializeCart, setCartQuantity, type NewCartItem } from '@app/shared/rules/cart';
import { onLogout } from '../../lib/session';
import { StorageKey } from '../../lib/storage-keys';
import { readItem, removeItem, writeItem } from '../../lib/storage';

/**
 * The cart: the shared rules applied to a list kept in localStorage under `cart` (spec §4). A store
 * outside React so the header badge, the plan pages and the cart dialog always agree.
 */
export interface CartState {
  items: readonly CartItem[];
  quantity: number;
}

/**
 * What the server renders (it has no storage), and so what hydration starts from (decision 202). An
 * empty cart in the browser is this same object: a visitor with nothing in the cart then hydrates
 * without React rendering the cart button again to compare.
 */
const EMPTY_CART: CartState = { items: [], quantity: 0 };

function stateOf(items: readonly CartItem[]): CartState {
  return items.length === 0 ? EMPTY_CART : { items, quantity: cartQuantity(items) };
}

let state: CartState = stateOf(parseStoredCart(readItem(StorageKey.cart)));
const listeners = new Set<() => void>();

function commit(items: CartItem[], persist = true) {
  state = stateOf(items);
  if (persist) {
    if (items.length === 0) removeItem(StorageKey.cart);
    else writeItem(StorageKey.cart, serializeCart(items));
  }
  for (const listener of listeners) listener();
}

export const cartStore = {
  getState: (): CartState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  add: (item: NewCartItem) => commit(addToCart(state.items, item)),
  remove: (key: string) => commit(removeFromCart(state.items, key)),
  setQuantity: (key: string, quantity: number) => commit(setCartQuantity(state.items, key, quantity)),
  // Clearing an empty cart changes nothing, so it tells no one: a page that clears the cart in an
  // effect must not re-render itself into a loop (React renders store updates at once).
  clear: () => (state.items.length === 0 ? removeItem(StorageKey.cart) : commit([])),
  /** Picks up what storage holds now (another tab, or a test that wrote storage directly). */
  reload: () => commit(parseStoredCart(readItem(StorageKey.cart)), false),
};

export function useCart(): CartState {
  return useSyncExternalStore(cartStore.subscribe, cartStore.getState, () => EMPTY_CART);
}

// Logout has already removed the stored cart; only memory is left to clear.
onLogout(() => commit([], false));

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === StorageKey.cart || event.key === null) cartStore.reload();
  });
}
