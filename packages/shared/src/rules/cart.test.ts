import { describe, expect, it } from 'vitest';
import {
  MAX_ITEM_QUANTITY,
  addToCart,
  cartItemKey,
  cartQuantity,
  isCartItem,
  parseStoredCart,
  removeFromCart,
  serializeCart,
  setCartQuantity,
} from './cart.js';
import { cartItemSchema, type CartItem } from '../contracts/cart.js';

const plan = { _type: 'plan', planId: 'plan-1', priceId: 'price-1', categoryId: 'cat-1' } as const;
const otherPrice = { ...plan, priceId: 'price-2' } as const;
const addOn = { _type: 'addon', addonId: 'addon-1', categoryId: 'cat-1' } as const;

describe('adding', () => {
  it('adds a new line with quantity one', () => {
    expect(addToCart([], plan)).toEqual([{ ...plan, quantity: 1 }]);
  });

  it('merges the same plan and price, and the same add-on', () => {
    let items: CartItem[] = [];
    items = addToCart(items, plan);
    items = addToCart(items, plan);
    items = addToCart(items, addOn);
    items = addToCart(items, { ...addOn, quantity: 2 });
    expect(items).toEqual([
      { ...plan, quantity: 2 },
      { ...addOn, quantity: 3 },
    ]);
  });

  it('keeps another price of the same plan on its own line', () => {
    const items = addToCart(addToCart([], plan), otherPrice);
    expect(items.map(cartItemKey)).toEqual(['price-1', 'price-2']);
  });

  it('caps a line at the maximum', () => {
    const items = addToCart(addToCart([], { ...plan, quantity: 8 }), { ...plan, quantity: 5 });
    expect(items[0]?.quantity).toBe(MAX_ITEM_QUANTITY);
  });

  it('does not mutate the previous list', () => {
    const before = addToCart([], plan);
    addToCart(before, plan);
    expect(before[0]?.quantity).toBe(1);
  });
});

describe('removing and changing quantity', () => {
  const items = addToCart(addToCart(addToCart([], plan), otherPrice), addOn);

  it('removes by price id or add-on id', () => {
    expect(removeFromCart(items, 'price-1').map(cartItemKey)).toEqual(['price-2', 'addon-1']);
    expect(removeFromCart(items, 'addon-1').map(cartItemKey)).toEqual(['price-1', 'price-2']);
    expect(removeFromCart(items, 'unknown')).toEqual(items);
  });

  it('sets a quantity, removes at zero or below, caps above the maximum', () => {
    expect(setCartQuantity(items, 'price-2', 4)[1]?.quantity).toBe(4);
    expect(setCartQuantity(items, 'addon-1', 0).map(cartItemKey)).toEqual(['price-1', 'price-2']);
    expect(setCartQuantity(items, 'addon-1', -3)).toHaveLength(2);
    expect(setCartQuantity(items, 'price-1', 99)[0]?.quantity).toBe(MAX_ITEM_QUANTITY);
    expect(setCartQuantity(items, 'price-1', Number.NaN)).toHaveLength(2);
  });

  it('sums quantities', () => {
    expect(cartQuantity([])).toBe(0);
    expect(cartQuantity(setCartQuantity(items, 'price-1', 3))).toBe(5);
  });
});

describe('loading from storage', () => {
  it('round-trips', () => {
    const items = addToCart(addToCart([], { ...plan, quantity: 2 }), addOn);
    expect(parseStoredCart(serializeCart(items))).toEqual(items);
  });

  it('returns an empty cart for nothing or unparsable JSON', () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('')).toEqual([]);
    expect(parseStoredCart('{not json')).toEqual([]);
    expect(parseStoredCart('"a string"')).toEqual([]);
    expect(parseStoredCart('42')).toEqual([]);
  });

  it('drops lines without a quantity or a type, and malformed lines', () => {
    const raw = JSON.stringify([
      { ...plan, quantity: 1 },
      { ...plan, priceId: 'p-no-qty' },
      { planId: 'x', priceId: 'y', categoryId: 'z', quantity: 1 },
      { ...addOn, quantity: 0 },
      { _type: 'addon', quantity: 1, categoryId: 'c' },
      { _type: 'gift', quantity: 1, categoryId: 'c' },
      null,
      'text',
    ]);
    expect(parseStoredCart(raw)).toEqual([{ ...plan, quantity: 1 }]);
  });

  it('accepts the { items } shape, caps quantities and merges duplicates', () => {
    const raw = JSON.stringify({ items: [{ ...plan, quantity: 40 }, { ...addOn, quantity: 1 }, { ...addOn, quantity: 2 }], quantity: 43 });
    expect(parseStoredCart(raw)).toEqual([
      { ...plan, quantity: MAX_ITEM_QUANTITY },
      { ...addOn, quantity: 3 },
    ]);
  });

  it('ignores unknown fields', () => {
    const raw = JSON.stringify([{ ...plan, quantity: 1, price: 1 }]);
    expect(parseStoredCart(raw)).toEqual([{ ...plan, quantity: 1 }]);
  });
});

describe('isCartItem agrees with the zod contract', () => {
  const samples: unknown[] = [
    { ...plan, quantity: 1 },
    { ...plan, quantity: MAX_ITEM_QUANTITY },
    { ...plan, quantity: MAX_ITEM_QUANTITY + 1 },
    { ...plan, quantity: 0 },
    { ...plan, quantity: 1.5 },
    { ...plan, quantity: '1' },
    { ...plan, priceId: '' , quantity: 1 },
    { ...plan, priceId: undefined, quantity: 1 },
    { ...plan, categoryId: '', quantity: 1 },
    { ...addOn, quantity: 2 },
    { ...addOn, quantity: 2, planId: 'plan-1' },
    { ...addOn, quantity: 2, planId: '' },
    { ...addOn, quantity: 2, addonId: 5 },
    { _type: 'addon', quantity: 1, categoryId: 'c' },
    { _type: 'gift', quantity: 1, categoryId: 'c' },
    { quantity: 1, planId: 'p', priceId: 'x', categoryId: 'c' },
    null,
    [],
    'plan',
    42,
  ];
  it.each(samples.map((s) => [JSON.stringify(s), s]))('%s', (_label, sample) => {
    expect(isCartItem(sample)).toBe(cartItemSchema.safeParse(sample).success);
  });
});
