import Fastify, { type FastifyBaseLogger, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Container } from './container.js';
import { frameworkErrors, registerErrorHandler } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { setupAuth } from './plugins/auth.js';
import { setupRateLimits } from './plugins/rate-limit.js';
import { capConnectionsPerClient, clientErrorHandler, httpServerOptions } from './plugins/http-limits.js';
import { pagePolicyFor, registerSecurityHeaders } from './plugins/security-headers.js';
import { defaultWebDist, indexScriptHashes, registerStaticWeb } from './plugins/static-web.js';
import { ServerRenderer } from './plugins/server-render.js';
import { authRoutes } from './modules/accounts/auth.routes.js';
import { profileRoutes } from './modules/accounts/profile.routes.js';
import { socialAuthRoutes } from './modules/accounts/social-auth.routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { checkoutRoutes } from './modules/checkout/checkout.routes.js';
import { companyRoutes } from './modules/company/company.routes.js';
import { coverageRoutes } from './modules/network-coverage/coverage.routes.js';
import { rateRoutes } from './modules/rates/rates.routes.js';
import { resellerRoutes } from './modules/resellers/resellers.routes.js';
import { simRoutes } from './modules/sims/sims.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { createMetrics } from './modules/operations/metrics.js';
import { operationsRoutes } from './modules/operations/operations.routes.js';
import { Readiness } from './modules/operations/readiness.js';
import { openApiRoutes, registerOpenApi } from './modules/operations/openapi.js';

export interface AppOptions {
  /** Folder of the built web app; omit to use apps/web/dist, `false` to serve the API only. */
  webDist?: string | false;
  /** The process's logger (a pino instance), shared with the container; none by default. */
  logger?: FastifyBaseLogger;
  /** Sees every route as it is added (tests list them to check that none escapes a suite). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The HTTP side: cross-cutting plugins, then each module's routes with the services they call.
 * Builds without listening, so tests can `inject` into it; server.ts listens.
 */
export async function buildApp(container: Container, options: AppOptions = {}) {
  const { config, services: s } = container;
  const webDist = options.webDist === false ? false : (options.webDist ?? defaultWebDist);
  const pagePolicy = pagePolicyFor({ gateways: container.adapters.payments, scriptHashes: webDist ? indexScriptHashes(webDist) : [] });
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrors(pagePolicy),
    ...httpServerOptions(config),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  capConnectionsPerClient(app.server, config.HTTP_MAX_CONNECTIONS_PER_CLIENT ?? (config.TRUST_PROXY ? 0 : 64));
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  // Helmet's set, CSP and HSTS decided per response in one module, also used for raw-socket errors.
  registerSecurityHeaders(app, pagePolicy);
  await app.register(compress, { threshold: 1024 });
  // Before any route: the OpenAPI document is collected as routes are added.
  await registerOpenApi(app, { title: config.COMPANY_NAME, publicUrl: config.publicUrl });
  const metrics = createMetrics({ pool: container.pool, queue: container.queue, stock: () => container.adapters.carrier.stock() });
  metrics.instrument(app);

  app.get('/public/ping', { logLevel: 'warn' }, async () => ({ ok: true }));

  // Request limits, then sessions: the auth hook guards every /subscriber route below.
  setupRateLimits(app, config, s.throttle);
  setupAuth(app, s.sessions);

  await app.register(operationsRoutes({ readiness: new Readiness(container.pool, container.queue), metrics, metricsToken: config.METRICS_TOKEN }));
  await app.register(catalogueRoutes(s.catalogue));
  await app.register(rateRoutes(s.rates));
  await app.register(coverageRoutes(s.coverage));
  await app.register(companyRoutes(s.company));
  await app.register(resellerRoutes(s.resellers));
  await app.register(authRoutes(s.auth, s.sessions));
  await app.register(profileRoutes(s.profile));
  await app.register(socialAuthRoutes(s.social, config.publicUrl));
  await app.register(simRoutes(s.sims, s.porting, s.simActions, s.catalogue, { portOut: s.portOut, heldAddOns: s.heldAddOns }));
  await app.register(
    checkoutRoutes({
      quotes: s.quotes,
      orders: s.orders,
      payments: s.payments,
      cards: s.cards,
      invoices: s.invoices,
      money: s.money,
      gateways: container.adapters.payments,
      catalogue: s.catalogue,
    }),
  );

  await app.register(siteRoutes(s.catalogue, config.publicUrl));

  openApiRoutes(app);

  if (webDist) {
    const renderer = config.SSR
      ? await ServerRenderer.load(app, {
          webDist,
          publicUrl: config.publicUrl,
          // The language's texts are part of the page: its categories' and add-ons' ETags.
          catalogueVersion: async (locale) => `${(await s.catalogue.categories(locale)).etag}${(await s.catalogue.addOns('true', locale)).etag}`,
        })
      : undefined;
    await registerStaticWeb(app, webDist, { categories: async () => (await s.catalogue.snapshot()).categories, renderer });
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
