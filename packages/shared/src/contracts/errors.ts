import { z } from 'zod';

/** The body of every API failure (the codes and their statuses are in ../errors.ts). */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Each offending field and what is wrong with it (validation failures). */
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** With 429: seconds before the request may be repeated (also the Retry-After header). */
  retryAfter: z.number().int().nonnegative().optional(),
  /** A detail of the code, e.g. PAYMENT_DECLINED's 'card_declined' | 'insufficient_funds' | 'expired_card'. */
  reason: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
