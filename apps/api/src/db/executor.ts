import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { PgTransaction, type PgDatabase } from 'drizzle-orm/pg-core';
import type { Schema } from './client.js';

/** The database or an open transaction: repositories accept either. */
export type Executor = PgDatabase<NodePgQueryResultHKT, Schema>;

/**
 * Independent reads: side by side on the pool (each on its own connection), one after another
 * inside a transaction. A transaction is one connection, which runs one query at a time; node-postgres
 * queues overlapping queries today with a deprecation warning and stops doing so in pg 9.
 */
export async function readsTogether<T extends readonly unknown[]>(exec: Executor, reads: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  if (!(exec instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
