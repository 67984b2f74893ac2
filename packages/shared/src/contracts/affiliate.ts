import { z } from 'zod';

/** GET /subscriber/affiliate: the signed-in subscriber's own affiliate code and the link that carries it. */
export const subscriberAffiliateSchema = z.object({
  code: z.string(),
  /** The shop's address with the code as its last path segment (spec §2 unknown-path rule captures it). */
  link: z.url(),
  /**
   * Credit earned so far through the program, in minor units of the shop's currency: affiliate
   * commission and refer-a-friend bonuses put on the balance, less those taken back by refunds.
   */
  creditEarned: z.number().int().nonnegative(),
});
export type SubscriberAffiliate = z.infer<typeof subscriberAffiliateSchema>;
