import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import './plugins/context.js';
import { frameworkErrors, registerErrorHandler } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { setupAuth } from './plugins/auth.js';
import { withLogRedaction } from './plugins/log-redaction.js';
import { setupMail } from './plugins/mail.js';
import { setupRateLimits } from './plugins/rate-limit.js';
import { registerStaticWeb } from './plugins/static-web.js';
import { utilityModule } from './modules/utility/ip-country.routes.js';
import { catalogueModule } from './modules/catalogue/catalogue.routes.js';
import { authModule } from './modules/auth/auth.routes.js';
import { subscriberCatalogueModule } from './modules/auth/subscriber-catalogue.routes.js';
import { profileModule } from './modules/profile/profile.routes.js';
import { socialAuthModule } from './modules/social-auth/social-auth.routes.js';

export interface AppDeps {
  config: AppConfig;
  db: Db;
  pool: pg.Pool;
  /** Folder of the built web app; omit to use apps/web/dist, `false` to serve the API only. */
  webDist?: string | false;
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is added (tests list them to check that none escapes a suite). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole server without listening, so tests can `inject` into it. */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: withLogRedaction(deps.logger ?? false),
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', deps.config);
  app.decorate('db', deps.db);
  app.decorate('pool', deps.pool);
  registerErrorHandler(app);
  registerInputGuard(app);

  await app.register(helmet, {
    // The SPA loads payment SDKs and inline styles from react-toastify; a strict CSP comes with checkout.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });

  app.get('/public/ping', { logLevel: 'warn' }, async () => ({ ok: true }));

  // Mail, request limits, then sessions: the auth hook guards every /subscriber route below.
  setupMail(app);
  await setupRateLimits(app);
  await setupAuth(app);

  await app.register(catalogueModule);
  await app.register(authModule);
  await app.register(subscriberCatalogueModule);
  await app.register(profileModule);
  await app.register(socialAuthModule);
  await app.register(utilityModule);

  if (deps.webDist !== false) await registerStaticWeb(app, deps.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
