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
} from '@app/shared/catalogue';
import { PUBLIC_CACHE, sendCached } from './cached-response.js';
import { catalogueServiceFor, type CatalogueService } from './catalogue.service.js';
import { warmCoverage } from './coverage.service.js';
import { registerCoverageRoutes } from './coverage.routes.js';
import { registerDetailsRoutes } from './details.routes.js';
import { registerRateRoutes } from './rates.routes.js';
import { registerResellerRoutes } from './reseller.routes.js';

export function catalogueService(app: FastifyInstance): CatalogueService {
  return catalogueServiceFor(app.db, (err) => app.log.warn({ err }, 'catalogue refresh failed; serving the previous snapshot'));
}

const planParamsSchema = z.object({ id: idSchema });
const activeQuerySchema = planPricingQuerySchema.pick({ isActive: true });

/**
 * GET {prefix}/plan/:id and GET {prefix}/plan_pricing. Mounted under /public here; the subscriber
 * module mounts the same reads under /subscriber behind its auth hook (pass a private
 * Cache-Control there so shared caches do not keep answers given to a logged-in user).
 */
export function registerPlanReadRoutes(
  app: FastifyInstance,
  prefix: string,
  options: { cacheControl?: string } = {},
): void {
  const service = catalogueService(app);
  const cacheControl = options.cacheControl ?? PUBLIC_CACHE;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${prefix}/plan/:id`,
    { schema: { params: planParamsSchema, response: { 200: planSchema } } },
    (req, reply) => sendCached(req, reply, service.plan(req.params.id), cacheControl),
  );

  r.get(
    `${prefix}/plan_pricing`,
    { schema: { querystring: planPricingQuerySchema, response: { 200: planPricingListSchema } } },
    (req, reply) => sendCached(req, reply, service.pricing(req.query.planId, req.query.isActive), cacheControl),
  );
}

/** Everything a visitor reads about what we sell, under /public. */
export async function catalogueModule(app: FastifyInstance): Promise<void> {
  const service = catalogueService(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/public/plan_category',
    { schema: { response: { 200: planCategoryListSchema } } },
    (req, reply) => sendCached(req, reply, service.categories(), PUBLIC_CACHE),
  );

  registerPlanReadRoutes(app, '/public');

  r.get(
    '/public/add-on_plan',
    { schema: { querystring: activeQuerySchema, response: { 200: addOnListSchema } } },
    (req, reply) => sendCached(req, reply, service.addOns(req.query.isActive), PUBLIC_CACHE),
  );

  registerRateRoutes(app, service);
  registerCoverageRoutes(app);
  registerDetailsRoutes(app);
  registerResellerRoutes(app);

  app.addHook('onReady', async () => {
    warmCoverage();
    try {
      await service.warm();
    } catch (err) {
      // The first request retries; a catalogue that cannot load yet must not stop the server.
      app.log.warn({ err }, 'catalogue warm-up failed');
    }
  });
}
