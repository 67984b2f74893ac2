import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app.js';
import { loadConfig } from '../config.js';
import { createDb, createPool, type Db } from '../db/client.js';

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
} as const;

/** A full app on its own database; close() drops both. */
export async function buildTestApp(overrides: Partial<AppDeps> & { env?: Record<string, string> } = {}) {
  const tdb = await createTestDb();
  const config = loadConfig({ ...testEnv, ...overrides.env });
  const app = await buildApp({ config, db: tdb.db, pool: tdb.pool, webDist: false, ...overrides });
  const close = async () => {
    await app.close();
    await tdb.drop();
  };
  return { app, db: tdb.db, pool: tdb.pool, config, close };
}
