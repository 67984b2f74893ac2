import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rateListSchema, rateQuerySchema, shippingRateListSchema, shippingRateQuerySchema } from '@app/shared/catalogue';
import { PUBLIC_CACHE, sendCached } from './cached-response.js';
import type { CatalogueService } from './catalogue.service.js';

/** GET /public/rate and GET /public/shipping_rate, each for all countries or one (?country=FR). */
export function registerRateRoutes(app: FastifyInstance, service: CatalogueService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/public/rate',
    { schema: { querystring: rateQuerySchema, response: { 200: rateListSchema } } },
    (req, reply) => sendCached(req, reply, service.rates(req.query.country), PUBLIC_CACHE),
  );

  r.get(
    '/public/shipping_rate',
    { schema: { querystring: shippingRateQuerySchema, response: { 200: shippingRateListSchema } } },
    (req, reply) => sendCached(req, reply, service.shippingRates(req.query.country), PUBLIC_CACHE),
  );
}
