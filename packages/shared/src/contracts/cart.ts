import { z } from 'zod';
import { MAX_ITEM_QUANTITY } from '../rules/cart.js';

/**
 * The cart item contract (spec §3): what the browser stores and what checkout sends. The server
 * validates request bodies with these schemas; the browser uses the inferred types and the zod-free
 * guard in rules/cart.ts (a test holds the two to the same answers).
 */

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
export const cartItemListSchema = z.array(cartItemSchema).max(50);
