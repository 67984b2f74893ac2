import type { FastifyInstance } from 'fastify';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { robotsTxt, sitemapXml } from './site-pages.js';

/** GET /robots.txt and GET /sitemap.xml, built from the route list and the live catalogue. */
export function siteRoutes(catalogue: CatalogueService, publicUrl: string) {
  return async (app: FastifyInstance) => {
    const robots = robotsTxt(publicUrl);
    app.get('/robots.txt', (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return reply.type('text/plain; charset=utf-8').send(robots);
    });
    app.get('/sitemap.xml', async (_req, reply) => {
      const snapshot = await catalogue.snapshot();
      reply.header('cache-control', 'public, max-age=3600');
      return reply.type('application/xml; charset=utf-8').send(sitemapXml(publicUrl, snapshot.categories));
    });
  };
}
