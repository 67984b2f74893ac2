import { afterEach, describe, expect, it } from 'vitest';
import { cartStore } from './cart-store';
import { logout } from '../../lib/session';

const plan = { _type: 'plan', planId: 'p1', priceId: 'price-1', categoryId: 'c1' } as const;
const addOn = { _type: 'addon', addonId: 'a1', categoryId: 'c1' } as const;

afterEach(() => cartStore.clear());

describe('cart store', () => {
  it('merges repeated adds and persists under "cart"', () => {
    cartStore.add(plan);
    cartStore.add(plan);
    cartStore.add(addOn);
    expect(cartStore.getState().quantity).toBe(3);
    expect(cartStore.getState().items).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toEqual([
      { ...plan, quantity: 2 },
      { ...addOn, quantity: 1 },
    ]);
  });

  it('changes quantities, removes by price or add-on id, and clears storage when empty', () => {
    cartStore.add(plan);
    cartStore.add(addOn);
    cartStore.setQuantity('price-1', 4);
    expect(cartStore.getState().quantity).toBe(5);
    cartStore.setQuantity('a1', 0);
    expect(cartStore.getState().items.map((i) => i._type)).toEqual(['plan']);
    cartStore.remove('price-1');
    expect(cartStore.getState()).toEqual({ items: [], quantity: 0 });
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('notifies subscribers on every change', () => {
    let calls = 0;
    const unsubscribe = cartStore.subscribe(() => calls++);
    cartStore.add(plan);
    cartStore.setQuantity('price-1', 2);
    unsubscribe();
    cartStore.add(addOn);
    expect(calls).toBe(2);
  });

  it('reloads from storage, dropping lines without a quantity or a type', () => {
    localStorage.setItem('cart', JSON.stringify([{ ...plan, quantity: 2 }, { ...addOn }, { planId: 'x', priceId: 'y', categoryId: 'z', quantity: 1 }]));
    cartStore.reload();
    expect(cartStore.getState()).toEqual({ items: [{ ...plan, quantity: 2 }], quantity: 2 });
    localStorage.setItem('cart', '{broken');
    cartStore.reload();
    expect(cartStore.getState().quantity).toBe(0);
  });

  it('is emptied by logout', () => {
    cartStore.add(plan);
    logout();
    expect(cartStore.getState().quantity).toBe(0);
    expect(localStorage.getItem('cart')).toBeNull();
  });
});
