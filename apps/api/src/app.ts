import Fastify, { type FastifyBaseLogger, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Container } from './container.js';
import { frameworkErrors, registerErrorHandler } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { setupAuth } from './plugins/auth.js';
import { setupRateLimits } from './plugins/rate-limit.js';
import { registerStaticWeb } from './plugins/static-web.js';
import { authRoutes } from './modules/accounts/auth.routes.js';
import { profileRoutes } from './modules/accounts/profile.routes.js';
import { socialAuthRoutes } from './modules/accounts/social-auth.routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { companyRoutes } from './modules/company/company.routes.js';
import { coverageRoutes } from './modules/coverage/coverage.routes.js';
import { rateRoutes } from './modules/rates/rates.routes.js';
import { resellerRoutes } from './modules/resellers/resellers.routes.js';

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
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);

  await app.register(helmet, {
    // The SPA loads payment SDKs and inline styles from react-toastify; a strict CSP comes with checkout.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });

  app.get('/public/ping', { logLevel: 'warn' }, async () => ({ ok: true }));

  // Request limits, then sessions: the auth hook guards every /subscriber route below.
  await setupRateLimits(app, config);
  setupAuth(app, s.sessions);

  await app.register(catalogueRoutes(s.catalogue));
  await app.register(rateRoutes(s.rates));
  await app.register(coverageRoutes(s.coverage));
  await app.register(companyRoutes(s.company));
  await app.register(resellerRoutes(s.resellers));
  await app.register(authRoutes(s.auth, s.sessions));
  await app.register(profileRoutes(s.profile));
  await app.register(socialAuthRoutes(s.social, config.publicUrl));

  if (options.webDist !== false) await registerStaticWeb(app, options.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
