import { mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, createPool } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { seedDemoData } from '../db/seed/seed.js';
import { JobQueue } from '../jobs/queue.js';
import { silentLogger } from '../lib/logger.js';

/**
 * Tests run against a real PostgreSQL: TEST_DATABASE_URL when set (e.g. the machine's server),
 * otherwise an embedded one in a throw-away folder. We migrate and seed one template database
 * here; every test file clones it (CREATE DATABASE … TEMPLATE) so files never see each other's rows.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplateDb: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let tmp: string | undefined;
  if (!adminUrl) {
    tmp = path.resolve(import.meta.dirname, '../../../../.tmp', `test-pg-${process.pid}`);
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    const embedded = await (await import('../db/embedded.js')).startEmbeddedPostgres({ dataDir: tmp, port: await freePort(), persistent: false });
    adminUrl = embedded.url;
    stop = () => embedded.stop();
  }
  const template = `shop_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${template}`);
  const pool = createPool(withDatabase(adminUrl, template), 4);
  const db = createDb(pool);
  await runMigrations(db);
  await seedDemoData(db, () => {});
  // The job queue's schema, once here rather than in every cloned database.
  const queue = new JobQueue(pool, { pollSeconds: 2, maintenanceSeconds: 60 }, silentLogger);
  await queue.start();
  await queue.stop();
  await pool.end();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplateDb', template);

  return async () => {
    // Drop every clone this run made, then the template.
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`shop_t_${process.pid}_%`],
    );
    for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
    await stop?.();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  };
}
