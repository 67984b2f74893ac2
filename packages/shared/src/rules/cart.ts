import type { AddOnCartItem, CartItem, PlanCartItem } from '../contracts/cart.js';

/**
 * Cart rules (spec §3, §4, §5). The cart lives in the browser; the server prices it again at checkout,
 * so these rules only keep the list tidy and never decide money.
 *
 * Deliberately free of zod at runtime: the browser runs these on every page load, and zod would add
 * ~28 KB gzip to the first download. `isCartItem` mirrors `cartItemSchema` (contracts/cart.ts), and a
 * test holds the two to the same answers.
 */

/** One line may not exceed this: larger orders are reseller business and go through the portal. */
export const MAX_ITEM_QUANTITY = 10;

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** Same acceptance as `cartItemSchema.safeParse(value).success`. */
export function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.quantity !== 'number' || !Number.isInteger(v.quantity) || v.quantity < 1 || v.quantity > MAX_ITEM_QUANTITY) return false;
  if (!nonEmptyString(v.categoryId)) return false;
  if (v._type === 'plan') return nonEmptyString(v.planId) && nonEmptyString(v.priceId);
  if (v._type === 'addon') return nonEmptyString(v.addonId) && (v.planId === undefined || nonEmptyString(v.planId));
  return false;
}

/** Copies only the fields of the item's type, like zod's object parsing strips unknown keys. */
function pick(item: CartItem): CartItem {
  if (item._type === 'plan') {
    const { _type, quantity, planId, priceId, categoryId } = item;
    return { _type, quantity, planId, priceId, categoryId };
  }
  const { _type, quantity, addonId, planId, categoryId } = item;
  return planId === undefined ? { _type, quantity, addonId, categoryId } : { _type, quantity, addonId, planId, categoryId };
}

/** A new line as callers describe it: quantity defaults to one. */
export type NewCartItem =
  | (Omit<PlanCartItem, 'quantity'> & { quantity?: number })
  | (Omit<AddOnCartItem, 'quantity'> & { quantity?: number });

/** The id a line is removed or changed by: the price id of a plan, the add-on id of an add-on. */
export function cartItemKey(item: Pick<PlanCartItem, '_type' | 'priceId'> | Pick<AddOnCartItem, '_type' | 'addonId'>): string {
  return item._type === 'plan' ? item.priceId : item.addonId;
}

export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 0;
  return Math.min(MAX_ITEM_QUANTITY, Math.max(0, Math.trunc(quantity)));
}

function sameLine(a: CartItem, b: NewCartItem): boolean {
  if (a._type === 'plan' && b._type === 'plan') return a.planId === b.planId && a.priceId === b.priceId;
  if (a._type === 'addon' && b._type === 'addon') return a.addonId === b.addonId;
  return false;
}

/** Adding the same plan and price, or the same add-on, raises that line's quantity instead of adding a line. */
export function addToCart(items: readonly CartItem[], added: NewCartItem): CartItem[] {
  const by = clampQuantity(added.quantity ?? 1);
  if (by === 0) return [...items];
  const index = items.findIndex((item) => sameLine(item, added));
  if (index === -1) return [...items, { ...added, quantity: by } as CartItem];
  return items.map((item, i) => (i === index ? { ...item, quantity: clampQuantity(item.quantity + by) } : item));
}

export function removeFromCart(items: readonly CartItem[], key: string): CartItem[] {
  return items.filter((item) => cartItemKey(item) !== key);
}

/** Zero or less removes the line; more than the maximum is capped. */
export function setCartQuantity(items: readonly CartItem[], key: string, quantity: number): CartItem[] {
  const next = clampQuantity(quantity);
  if (next === 0) return removeFromCart(items, key);
  return items.map((item) => (cartItemKey(item) === key ? { ...item, quantity: next } : item));
}

export function cartQuantity(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/**
 * Reads what an earlier visit stored. Accepts the list itself or `{ items }`; anything unparsable
 * gives an empty cart, and lines without a quantity or a type are dropped (spec §5). Quantities above
 * the maximum are capped rather than dropped, and duplicate lines are merged, so a hand-edited or
 * older cart still loads.
 */
export function parseStoredCart(raw: string | null | undefined): CartItem[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)
      ? (data as { items: unknown[] }).items
      : [];
  let items: CartItem[] = [];
  for (const entry of list) {
    if (!entry || typeof entry !== 'object') continue;
    const record = entry as Record<string, unknown>;
    if (typeof record.quantity !== 'number' || record.quantity <= 0) continue;
    const candidate = { ...record, quantity: clampQuantity(record.quantity) || 1 };
    if (isCartItem(candidate)) items = addToCart(items, pick(candidate));
  }
  return items;
}

export function serializeCart(items: readonly CartItem[]): string {
  return JSON.stringify(items);
}
