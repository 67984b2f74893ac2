import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { subscriberAffiliateSchema } from '@app/shared/contracts/affiliate';
import { resellerCodeCheckSchema, resellerCodeQuerySchema } from '@app/shared/contracts/catalogue';
import type { ResellerService } from './resellers.service.js';

/**
 * GET /public/utility/is_valid_reseller_code?code=… → { valid, code }. Always a fresh lookup: a
 * partner's new code should work the moment it is created. Malformed codes fail validation (400).
 */
export function resellerRoutes(resellers: ResellerService) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/public/utility/is_valid_reseller_code',
      { schema: { querystring: resellerCodeQuerySchema, response: { 200: resellerCodeCheckSchema } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return resellers.check(req.query.code);
      },
    );

    // GET /subscriber/affiliate → { code, link }: the caller's own affiliate code, made on first request.
    app.withTypeProvider<ZodTypeProvider>().get(
      '/subscriber/affiliate',
      { schema: { response: { 200: subscriberAffiliateSchema } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return resellers.affiliateFor(req.subscriber.id);
      },
    );
  };
}
