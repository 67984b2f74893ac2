import pino from 'pino';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { buildContainer, type Container } from './container.js';
import { openDatabase, type Database } from './db/database.js';
import { runMigrations, withStartupLock } from './db/migrate.js';
import { seedDemoData } from './db/seed/seed.js';
import { withLogRedaction } from './plugins/log-redaction.js';

/**
 * What the server and the worker both do at start: read the configuration, open the database
 * (embedded PostgreSQL without DATABASE_URL), migrate and seed under one lock, and build the
 * container. Returns a stop function that undoes it in order.
 */
export interface Runtime {
  config: AppConfig;
  database: Database;
  container: Container;
  logger: pino.Logger;
  stop(): Promise<void>;
}

export function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

export async function startRuntime(config: AppConfig, name: string, options: { quiet?: boolean } = {}): Promise<Runtime> {
  const say = options.quiet ? () => {} : (m: string) => console.log(`[${name}] ${m}`);
  const logger = pino(
    withLogRedaction({ level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] }) as pino.LoggerOptions,
  );
  const database = await openDatabase(config, say);
  try {
    await withStartupLock(database.pool, async () => {
      await runMigrations(database.db);
      if (config.SEED_DEMO_DATA) await seedDemoData(database.db, say);
    });
    const container = await buildContainer(config, database, { log: logger });
    return {
      config,
      database,
      container,
      logger,
      async stop() {
        await container.close().catch(() => {});
        await database.close();
      },
    };
  } catch (e) {
    await database.close();
    throw e;
  }
}

/** SIGINT/SIGTERM/SIGHUP (terminal closed) run `stop` once; a second signal or a stop that hangs exits anyway. */
export function onShutdown(name: string, stop: () => Promise<void>) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`[${name}] ${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await stop().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
}
