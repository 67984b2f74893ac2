import { z } from 'zod';

/** The body of every API failure (the codes and their statuses are in ../errors.ts). */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /**
   * Each offending field and what is wrong with it. `code` says what, for clients to word it: a field
   * code of ../field-errors.ts ('minChars' with `params` { min: 8 }) under VALIDATION_FAILED, else the
   * error's own code (decision 065). `message` is the English wording, for people reading the API.
   */
  errors: z
    .array(
      z.object({
        field: z.string(),
        message: z.string(),
        /** Always sent by this server; optional so bodies from older servers and proxies still parse. */
        code: z.string().optional(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    )
    .optional(),
  /** With 429: seconds before the request may be repeated (also the Retry-After header). */
  retryAfter: z.number().int().nonnegative().optional(),
  /** A detail of the code, e.g. PAYMENT_DECLINED's 'card_declined' | 'insufficient_funds' | 'expired_card'. */
  reason: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
