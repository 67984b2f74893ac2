import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicDetailsSchema } from '@app/shared/contracts/catalogue';
import { buildCachedResponse, sendCached } from '../../lib/cached-response.js';
import type { CompanyService } from './company.service.js';

export const ipCountrySchema = z.object({ country: z.string().length(2).nullable() });

/**
 * GET /public/service_provider/public_details (fixed for the life of the process) and
 * GET /public/utility/ip_country → { country }, the visitor's country for the phone input's default
 * (spec §7). We do not send visitors' browsers to a third-party geolocation service: the CDN or load
 * balancer in front of the site already knows the country and passes it in a header.
 */
export function companyRoutes(company: CompanyService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const entry = buildCachedResponse(publicDetailsSchema, company.details);
    r.get(
      '/public/service_provider/public_details',
      { schema: { response: { 200: publicDetailsSchema } } },
      (req, reply) => sendCached(req, reply, entry, 'public, max-age=300'),
    );
    r.get('/public/utility/ip_country', { schema: { response: { 200: ipCountrySchema } } }, async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { country: company.countryFromHeaders(req.headers) };
    });
  };
}
