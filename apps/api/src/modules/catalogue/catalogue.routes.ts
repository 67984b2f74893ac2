import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addOnListSchema,
  idSchema,
  planCategoryListSchema,
  planPricingListSchema,
  planPricingQuerySchema,
  planSchema,
} from '@app/shared/contracts/catalogue';
import { PUBLIC_CACHE, sendCached } from '../../lib/cached-response.js';
import { requestLocale } from '../../lib/request-locale.js';
import type { CatalogueService } from './catalogue.service.js';

const planParamsSchema = z.object({ id: idSchema });
const activeQuerySchema = planPricingQuerySchema.pick({ isActive: true });

/**
 * What a visitor reads about what we sell, under /public. The web app switches plan reads to the
 * /subscriber prefix once signed in (SPEC §7): same answers behind the auth hook, marked private so
 * no shared cache keeps them. Names and descriptions come in the Accept-Language's offered language
 * (English per field where a text is not translated), with `Vary: Accept-Language` (decision 210).
 */
const byLanguage = { byLanguage: true };
export function catalogueRoutes(catalogue: CatalogueService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/public/plan_category',
      { schema: { response: { 200: planCategoryListSchema } } },
      (req, reply) => sendCached(req, reply, catalogue.categories(requestLocale(req)), PUBLIC_CACHE, byLanguage),
    );

    for (const [prefix, cacheControl] of [
      ['/public', PUBLIC_CACHE],
      ['/subscriber', 'private, max-age=60'],
    ] as const) {
      r.get(
        `${prefix}/plan/:id`,
        { schema: { params: planParamsSchema, response: { 200: planSchema } } },
        (req, reply) => sendCached(req, reply, catalogue.plan(req.params.id, requestLocale(req)), cacheControl, byLanguage),
      );
      r.get(
        `${prefix}/plan_pricing`,
        { schema: { querystring: planPricingQuerySchema, response: { 200: planPricingListSchema } } },
        (req, reply) => sendCached(req, reply, catalogue.pricing(req.query.planId, req.query.isActive), cacheControl),
      );
    }

    r.get(
      '/public/add-on_plan',
      { schema: { querystring: activeQuerySchema, response: { 200: addOnListSchema } } },
      (req, reply) => sendCached(req, reply, catalogue.addOns(req.query.isActive, requestLocale(req)), PUBLIC_CACHE, byLanguage),
    );

    app.addHook('onReady', async () => {
      // The first request retries; a catalogue that cannot load yet must not stop the server.
      await catalogue.warm().catch((err: unknown) => app.log.warn({ err }, 'catalogue warm-up failed'));
    });
  };
}
