import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContainer, type TestContainer } from '../test/helpers.js';

/**
 * A job sent inside a drizzle transaction with a delay (the carrier simulator answers this way):
 * pg-boss binds its start time both as text and as a timestamp, so the delay must reach it as an
 * absolute time. Sent as plain seconds it failed with "Failed query: INSERT INTO pgboss.job".
 */

let t: TestContainer;
beforeAll(async () => {
  t = await buildTestContainer({ worker: false });
  await t.container.queue.start();
}, 60_000);
afterAll(async () => t?.close());

describe('JobQueue.send', () => {
  it('delays a job sent in a transaction', async () => {
    const name = t.container.queue.names()[0]!;
    const id = await t.db.transaction((tx) => t.container.queue.send(name, { probe: true }, { exec: tx, startAfterSeconds: 120 }));
    expect(id).toBeTruthy();
    const { rows } = await t.pool.query<{ seconds: number }>(
      'SELECT extract(epoch FROM start_after - now())::int AS seconds FROM pgboss.job WHERE id = $1',
      [id],
    );
    expect(rows[0]!.seconds).toBeGreaterThan(100);
    expect(rows[0]!.seconds).toBeLessThanOrEqual(121);
  });
});
