import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { purchaseResultSchema } from '@app/shared/contracts/orders';
import { quoteSchema } from '@app/shared/contracts/checkout';
import { card } from '../../test/checkout-fixtures.js';
import { createTestDb, testEnv, type TestDb } from '../../test/helpers.js';

/**
 * A payment whose charge went through while the server died before recording the answer: the
 * server is a real process on a shared PostgreSQL, killed with SIGKILL while the sandbox gateway
 * holds its answer back; after a restart, reconciliation asks the gateway and the order ends paid,
 * once. Nothing is simulated inside the test process.
 */

const apiDir = path.resolve(import.meta.dirname, '../../..');
// The server runs in this Node process's child itself (tsx as a loader), not under the tsx CLI:
// the CLI is a parent that cannot pass SIGKILL on, so a 'killed' server went on running as an orphan
// (it kept taking the mail job with its stalled SMTP server, and the restarted one never got it).

interface Proc {
  child: ChildProcess;
  output: string[];
  ready: Promise<void>;
}

function startServer(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/server.ts'], {
    cwd: apiDir,
    env: { ...process.env, ...testEnv, LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(...chunk.toString().split('\n').filter(Boolean));
      // Ready once it said so and its log named the port (the log is written asynchronously, so
      // the two lines arrive in either order).
      if (output.some((l) => l.includes('[server] ready')) && output.some((l) => l.includes('"msg":"Server listening at'))) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output.join('\n')}`)));
  });
  return { child, output, ready };
}

async function stop(p: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((resolve) => p.child.once('exit', resolve));
  p.child.kill(signal);
  await exited;
}

function portOf(p: Proc): number {
  const line = p.output.find((l) => l.includes('"msg":"Server listening at'));
  const m = line && /127\.0\.0\.1:(\d+)/.exec(line);
  if (!m) throw new Error(`no listening line in:\n${p.output.join('\n')}`);
  return Number(m[1]);
}

let db: TestDb;
let first: Proc | undefined;
let second: Proc | undefined;
beforeEach(async () => {
  db = await createTestDb();
});
afterEach(async () => {
  await stop(first, 'SIGKILL');
  await stop(second);
  await db?.drop();
});

describe('SIGKILL between the charge and the order completion', () => {
  it('reconciliation after a restart makes the order paid, with one charge and one payment', async () => {
    const env = {
      DATABASE_URL: db.url,
      PAYMENT_GATEWAYS: 'sandbox',
      JOBS_MAINTENANCE_SECONDS: '1',
      RECONCILE_EVERY_SECONDS: '1',
      RECONCILE_AFTER_SECONDS: '1',
    };
    // The sandbox records the charge, then holds its answer for a minute: the process dies meanwhile.
    first = startServer({ ...env, SANDBOX_RESPONSE_DELAY_MS: '60000' });
    await first.ready;
    const base = `http://127.0.0.1:${portOf(first)}`;
    const { rows } = await db.pool.query<{ plan_id: string; category_id: string; price_id: string }>(
      `SELECT p.id AS plan_id, p.category_id, pr.id AS price_id FROM plans p JOIN plan_pricing pr ON pr.plan_id = p.id
        WHERE p.is_active AND pr.is_active AND pr.price > 0 AND p.sim_source_type NOT LIKE 'sim_%' ORDER BY pr.price LIMIT 1`,
    );
    const plan = rows[0]!;
    const items = [{ _type: 'plan', quantity: 1, planId: plan.plan_id, priceId: plan.price_id, categoryId: plan.category_id }];
    const post = (url: string, body: object) =>
      fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const quote = quoteSchema.parse(await (await post('/public/sim/purchase/price', { items })).json());
    const purchase = purchaseResultSchema.parse(
      await (
        await post('/public/sim/purchase', { items, expectedTotal: quote.total, requestId: randomUUID(), emailAddress: `crash.${Date.now()}@example.org` })
      ).json(),
    );
    // The client's payment request hangs (the answer is held back); it dies with the server.
    void post('/public/payment', {
      orderId: purchase.order.id,
      accessToken: purchase.accessToken,
      gateway: 'sandbox',
      method: 'card',
      cardToken: card('ok'),
      requestId: randomUUID(),
    }).catch(() => undefined);
    await expect
      .poll(async () => (await db.pool.query(`SELECT 1 FROM sandbox_charges WHERE order_id = $1`, [purchase.order.id])).rowCount, { timeout: 15_000 })
      .toBe(1);
    await stop(first, 'SIGKILL');
    const before = await db.pool.query<{ status: string; gateway_reference: string | null }>(
      `SELECT status, gateway_reference FROM payments WHERE order_id = $1`,
      [purchase.order.id],
    );
    expect(before.rows).toEqual([{ status: 'pending', gateway_reference: null }]);

    second = startServer(env);
    await second.ready;
    await expect
      .poll(async () => (await db.pool.query<{ status: string }>(`SELECT status FROM orders WHERE id = $1`, [purchase.order.id])).rows[0]?.status, {
        timeout: 30_000,
        interval: 250,
      })
      .toMatch(/^(paid|processing|delivered)$/);
    const after = await db.pool.query(`SELECT status, gateway_reference, type FROM payments WHERE order_id = $1`, [purchase.order.id]);
    expect(after.rows).toHaveLength(1);
    expect(after.rows[0]).toMatchObject({ status: 'succeeded', type: 'debit' });
    expect(after.rows[0].gateway_reference).toMatch(/^ch_sandbox_/);
    expect((await db.pool.query(`SELECT 1 FROM sandbox_charges WHERE order_id = $1`, [purchase.order.id])).rowCount).toBe(1);
    expect((await db.pool.query(`SELECT 1 FROM invoices WHERE order_id = $1`, [purchase.order.id])).rowCount).toBe(1);
  }, 90_000);
});
