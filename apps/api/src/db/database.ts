import type pg from 'pg';
import type { AppConfig } from '../config.js';
import { createDb, createPool, type Db } from './client.js';
import { startEmbeddedPostgres } from './embedded.js';

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** DATABASE_URL → that server; otherwise an embedded server whose files live in DATA_DIR/pg. */
export async function openDatabase(config: AppConfig, log: (m: string) => void): Promise<Database> {
  let url = config.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, tcp: config.EMBEDDED_PG_TCP, log });
    url = embedded.url;
    stopEmbedded = () => embedded.stop();
    log(
      `embedded PostgreSQL running on the Unix socket in ${embedded.socketDir}` +
        (embedded.tcp ? ` and on 127.0.0.1:${config.EMBEDDED_PG_PORT} (password in DATA_DIR/pg-password)` : ' (no TCP port)'),
    );
  }
  const pool = createPool(url, config.DB_POOL_MAX);
  try {
    await pool.query('select 1');
  } catch (e) {
    await pool.end().catch(() => {});
    await stopEmbedded?.();
    throw new Error(`Cannot connect to PostgreSQL: ${(e as Error).message}`);
  }
  return {
    db: createDb(pool),
    pool,
    url,
    embedded: !!stopEmbedded,
    async close() {
      await pool.end().catch(() => {});
      await stopEmbedded?.();
    },
  };
}
