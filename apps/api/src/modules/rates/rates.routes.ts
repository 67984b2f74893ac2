import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  rateListSchema,
  rateQuerySchema,
  shippingRateListSchema,
  shippingRateQuerySchema,
} from '@app/shared/contracts/catalogue';
import { PUBLIC_CACHE, sendCached } from '../../lib/cached-response.js';
import type { RatesService } from './rates.service.js';

/** GET /public/rate and GET /public/shipping_rate, each for all countries or one (?country=FR). */
export function rateRoutes(rates: RatesService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/public/rate',
      { schema: { querystring: rateQuerySchema, response: { 200: rateListSchema } } },
      (req, reply) => sendCached(req, reply, rates.rates(req.query.country), PUBLIC_CACHE),
    );
    r.get(
      '/public/shipping_rate',
      { schema: { querystring: shippingRateQuerySchema, response: { 200: shippingRateListSchema } } },
      (req, reply) => sendCached(req, reply, rates.shippingRates(req.query.country), PUBLIC_CACHE),
    );
    app.addHook('onReady', async () => {
      await rates.warm().catch((err: unknown) => app.log.warn({ err }, 'rates warm-up failed'));
    });
  };
}
