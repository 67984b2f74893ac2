import { z } from 'zod';

/**
 * Cart rules (spec §3, §4, §5). The cart lives in the browser; the server prices it again at checkout,
 * so these rules only keep the list tidy and never decide money.
 */

/** One line may not exceed this: larger orders are reseller business and go through the portal. */
export const MAX_ITEM_QUANTITY = 10;

const quantitySchema = z.number().int().min(1).max(MAX_ITEM_QUANTITY);

export const planCartItemSchema = z.object({
  _type: z.literal('plan'),
  quantity: quantitySchema,
  planId: z.string().min(1),
  priceId: z.string().min(1),
  categoryId: z.string().min(1),
});

export const addOnCartItemSchema = z.object({
  _type: z.literal('addon'),
  quantity: quantitySchema,
  addonId: z.string().min(1),
  /** The plan the add-on was picked for, when the shop knew it. */
  planId: z.string().min(1).optional(),
  categoryId: z.string().min(1),
});

export const cartItemSchema = z.discriminatedUnion('_type', [planCartItemSchema, addOnCartItemSchema]);
export type CartItem = z.infer<typeof cartItemSchema>;
export type PlanCartItem = z.infer<typeof planCartItemSchema>;
export type AddOnCartItem = z.infer<typeof addOnCartItemSchema>;

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
    const parsed = cartItemSchema.safeParse({ ...record, quantity: clampQuantity(record.quantity) || 1 });
    if (parsed.success) items = addToCart(items, parsed.data);
  }
  return items;
}

export function serializeCart(items: readonly CartItem[]): string {
  return JSON.stringify(items);
}
