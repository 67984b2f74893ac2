import type { FastifyInstance } from 'fastify';
import { registerPlanReadRoutes } from '../catalogue/catalogue.routes.js';

/**
 * The web app switches plan reads to the /subscriber prefix once signed in (SPEC §7). Same
 * answers as /public, behind the auth hook, and marked private so no shared cache keeps them.
 */
export async function subscriberCatalogueModule(app: FastifyInstance) {
  registerPlanReadRoutes(app, '/subscriber', { cacheControl: 'private, max-age=60' });
}
