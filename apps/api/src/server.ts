import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { runMigrations, withStartupLock } from './db/migrate.js';
import { seedDemoData } from './db/seed/seed.js';
import { buildApp } from './app.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const log = (m: string) => console.log(`[server] ${m}`);
  const database = await openDatabase(config, log);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await app?.close().catch(() => {});
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await withStartupLock(database.pool, async () => {
      await runMigrations(database.db);
      if (config.SEED_DEMO_DATA) await seedDemoData(database.db, log);
    });
    app = await buildApp({
      config,
      db: database.db,
      pool: database.pool,
      ...(config.WEB_DIST_DIR ? { webDist: path.resolve(config.WEB_DIST_DIR) } : {}),
      logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    });
    await app.listen({ port: config.PORT, host: config.HOST });
    log(`ready at ${config.publicUrl}`);
  } catch (e) {
    console.error(e);
    await app?.close().catch(() => {});
    await database.close();
    process.exit(1);
  }
}

main().catch((e: unknown) => {
  // Start-up failures (database unreachable, DATA_DIR owned by another server, port taken) are
  // reported in one line rather than as an unhandled rejection.
  console.error(`[server] cannot start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
