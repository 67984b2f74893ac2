import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/all.js';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;

// Return BIGINT/NUMERIC as JS numbers only where we store cents well below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function createPool(url: string, max = 10): pg.Pool {
  // A request that waits 15 s for a connection fails instead of waiting for ever: a pool held up
  // (a deadlock, a stuck server) shows as errors and a failing /readyz, not a hung process.
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 15_000 });
  // The server may close an idle connection (restart, or the embedded server stopping on SIGTERM
  // while we drain). pg reports that on the pool; unhandled it would crash the process. The pool
  // drops that client and the next query opens a new one.
  pool.on('error', () => {});
  // A client that is checked out is no longer watched by the pool: if the server ends its session
  // then (shutdown while a job or request holds a transaction), pg emits 'error' on the client
  // itself, which would crash the process. The query in flight still rejects with that error.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema, casing: 'snake_case' });
}
