import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { buildContainer, type Container, type ContainerOverrides } from '../container.js';
import { createDb, createPool, type Db } from '../db/client.js';
import { withLogRedaction } from '../plugins/log-redaction.js';

export interface TestDb {
  url: string;
  db: Db;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A fresh database cloned from the migrated, seeded template. */
export async function createTestDb(): Promise<TestDb> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplateDb');
  // Clone names carry the parent's pid (see global-setup) so teardown can find them.
  const name = `shop_t_${process.ppid}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const pool = createPool(u.toString(), 5);
  return {
    url: u.toString(),
    db: createDb(pool),
    pool,
    async drop() {
      await pool.end();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export const testEnv = {
  NODE_ENV: 'test',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  LOG_LEVEL: 'silent',
  // Jobs are picked up quickly and retried soon, so tests wait for mail in well under a second.
  JOBS_POLL_SECONDS: '0.5',
  MAIL_RETRY_DELAY_SECONDS: '1',
} as const;

export interface TestContainerOptions extends Omit<ContainerOverrides, 'log'> {
  env?: Record<string, string>;
  /** pino options for the shared logger (e.g. a stream that collects lines); silent by default. */
  logger?: pino.LoggerOptions & { stream?: NodeJS.WritableStream };
  /** Run the job handlers and the scheduler (default true, as the server does). */
  worker?: boolean;
}

export interface TestContainer {
  container: Container;
  config: AppConfig;
  db: Db;
  pool: pg.Pool;
  logger: pino.Logger;
  close(): Promise<void>;
}

function testLogger(options: TestContainerOptions['logger']): pino.Logger {
  if (!options) return pino({ level: 'silent' });
  const { stream, ...rest } = options;
  const opts = withLogRedaction(rest) as pino.LoggerOptions;
  return stream ? pino(opts, stream as pino.DestinationStream) : pino(opts);
}

/** The composition root on its own database, with no HTTP server: for service-level tests. */
export async function buildTestContainer(options: TestContainerOptions = {}): Promise<TestContainer> {
  const tdb = await createTestDb();
  const config = loadConfig({ ...testEnv, ...options.env });
  const logger = testLogger(options.logger);
  const { env: _env, logger: _logger, worker = true, ...overrides } = options;
  const container = await buildContainer(config, { db: tdb.db, pool: tdb.pool }, { ...overrides, log: logger });
  if (worker) await container.startWorker();
  return {
    container,
    config,
    db: tdb.db,
    pool: tdb.pool,
    logger,
    async close() {
      await container.close();
      await tdb.drop();
    },
  };
}

/** A full app on its own database; close() drops both. */
export async function buildTestApp(options: TestContainerOptions & Omit<AppOptions, 'logger'> = {}) {
  const { webDist = false, onRoute, ...rest } = options;
  const tc = await buildTestContainer(rest);
  const app = await buildApp(tc.container, { webDist, ...(onRoute ? { onRoute } : {}), ...(options.logger ? { logger: tc.logger } : {}) });
  return {
    app,
    container: tc.container,
    services: tc.container.services,
    db: tc.db,
    pool: tc.pool,
    config: tc.config,
    async close() {
      await app.close();
      await tc.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
