import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/helpers.js';

describe('database pool', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t.drop();
  });

  it('survives the server ending the session of a checked-out client (shutdown mid-transaction)', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      const client = await t.pool.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await client.query('BEGIN');
      // What the embedded server's fast shutdown does to every session: FATAL 57P01.
      await t.pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      // The FATAL notice arrives while no query is active on the client: pg emits it as 'error'.
      await new Promise((r) => setTimeout(r, 300));
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release(true);
      await new Promise((r) => setTimeout(r, 100));
      expect(uncaught).toEqual([]);
      // The pool opens a fresh session for the next query.
      const again = await t.pool.query<{ one: number }>('SELECT 1 AS one');
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
