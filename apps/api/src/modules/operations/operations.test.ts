import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const get = (app: TestApp, url: string, opts: { ip?: string; token?: string } = {}) =>
  app.app.inject({
    method: 'GET',
    url,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });

describe('liveness and readiness', () => {
  it('GET /healthz answers 200 while the process runs', async () => {
    const res = await get(t, '/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /readyz answers 200 when the database answers, migrations are applied and a worker runs', async () => {
    const res = await get(t, '/readyz');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ready: true, checks: { database: true, migrations: true, jobs: true } });
  });

  it('without a worker in this process, or any recent schedule claim of another one, /readyz answers 503', async () => {
    const alone = await buildTestApp({ worker: false });
    try {
      await alone.pool.query('DELETE FROM job_schedule_slots');
      const res = await get(alone, '/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Not ready: jobs', ready: false, checks: { database: true, migrations: true, jobs: false } });
      // A worker elsewhere claims a schedule period: this instance is ready again.
      await alone.pool.query(`INSERT INTO job_schedule_slots (job, slot_start) VALUES ('housekeeping', now())`);
      expect((await get(alone, '/readyz')).statusCode).toBe(200);

      // A migration this build ships but the database lacks.
      await alone.pool.query('DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)');
      const stale = await get(alone, '/readyz');
      expect(stale.statusCode).toBe(503);
      expect(stale.json()).toMatchObject({ checks: { database: true, migrations: false } });
    } finally {
      await alone.close();
    }
  });

  it('with the database gone, /readyz answers 503 and /healthz still 200', async () => {
    const doomed = await buildTestApp({ worker: false });
    try {
      await doomed.container.queue.stop();
      await doomed.pool.end();
      const res = await get(doomed, '/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ checks: { database: false, migrations: false, jobs: false } });
      expect((await get(doomed, '/healthz')).statusCode).toBe(200);
    } finally {
      await doomed.app.close();
    }
  });
});

describe('metrics', () => {
  it('are not shown to other machines without METRICS_TOKEN', async () => {
    const res = await get(t, '/metrics', { ip: '203.0.113.9' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('count requests by route pattern, time them, and report queue depth', async () => {
    const plans = await get(t, '/public/plan_pricing?isActive=true');
    const planId = (plans.json() as { planId: string }[])[0]!.planId;
    await get(t, `/public/plan/${planId}`);
    await get(t, '/public/nope-not-here');
    const job = t.container.queue.names().find((n) => n === 'mail') ?? t.container.queue.names()[0]!;
    await t.container.queue.send(job, { test: true }, { startAfterSeconds: 3600 });

    const res = await get(t, '/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toContain('shop_http_requests_total{method="GET",route="/public/plan/:id",status="200"} 1');
    expect(text).toContain('shop_http_requests_total{method="GET",route="unmatched",status="404"}');
    // The raw address (an id) is never a label.
    expect(text).not.toContain(planId);
    expect(text).toMatch(/shop_http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="\/public\/plan_pricing"\} 1/);
    expect(text).toMatch(new RegExp(`shop_job_queue_jobs\\{queue="${job}",state="waiting"\\} [1-9]`));
    expect(text).toContain('# TYPE shop_payments gauge');
    // The carrier inventory, as the simulator counts it.
    const stock = await t.container.adapters.carrier.stock();
    expect(text).toContain(`shop_sim_inventory{kind="esim"} ${stock.esim}`);
    expect(text).toContain(`shop_sim_inventory{kind="physical"} ${stock.physical}`);
  });

  it('with METRICS_TOKEN, need it as a bearer token, also from this machine', async () => {
    const token = 'scrape-token-0123456789';
    const guarded = await buildTestApp({ worker: false, env: { METRICS_TOKEN: token } });
    try {
      expect((await get(guarded, '/metrics')).statusCode).toBe(403);
      expect((await get(guarded, '/metrics', { token: 'scrape-token-0123456780' })).statusCode).toBe(403);
      const ok = await get(guarded, '/metrics', { ip: '203.0.113.9', token });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('shop_http_requests_total');
    } finally {
      await guarded.close();
    }
  });
});
