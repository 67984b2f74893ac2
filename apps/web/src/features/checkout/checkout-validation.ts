import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { emailSchema } from '@app/shared/contracts/auth';
import { shippingAddressSchema } from '@app/shared/contracts/checkout';

/**
 * The checkout form's rules: the same schemas the server checks the purchase with, the parts that
 * apply to this order only. Loaded by the page when it first validates, not with the page, so
 * /checkout shows without evaluating zod and the contracts first (decision 226).
 */
export function checkoutSchema(needsEmail: boolean, needsShipping: boolean) {
  return z.object({
    emailAddress: needsEmail ? emailSchema : z.string().optional(),
    // Refer-a-friend (SPEC §1): optional; the friend's account gets the credit on this first paid order.
    referrerEmail: needsEmail ? z.union([z.literal(''), emailSchema]) : z.string().optional(),
    shippingAddress: needsShipping ? shippingAddressSchema : z.unknown().optional(),
  });
}

const resolvers = new Map<string, Resolver<never>>();

/** One resolver per kind of order (e-mail asked or not, shipping or not), built once. */
export function checkoutResolver<T extends Record<string, unknown>>(needsEmail: boolean, needsShipping: boolean): Resolver<T> {
  const key = `${needsEmail}|${needsShipping}`;
  let resolver = resolvers.get(key);
  if (!resolver) {
    resolver = zodResolver(checkoutSchema(needsEmail, needsShipping)) as unknown as Resolver<never>;
    resolvers.set(key, resolver);
  }
  return resolver as unknown as Resolver<T>;
}
