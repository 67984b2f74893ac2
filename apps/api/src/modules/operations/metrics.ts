import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../../jobs/queue.js';

/**
 * Prometheus metrics of one API instance, in its own registry (so several apps in one process, as
 * in tests, do not mix their counts). Requests are labelled by the route pattern, never by the raw
 * URL (ids and tokens stay out, and the label set stays small); requests no route matched count as
 * `unmatched`. Job and payment figures are read from PostgreSQL when scraped, so every instance
 * reports the same shared totals.
 */
export function createMetrics(deps: { pool: pg.Pool; queue: JobQueue; stock: () => Promise<Record<'physical' | 'esim', number>> }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'shop_' });

  const requests = new Counter({
    name: 'shop_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time from request to response, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobs = new Gauge({
    name: 'shop_job_queue_jobs',
    help: 'Jobs in the durable queue by job name and state (waiting, active, failed).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await deps.queue.stats()) {
        this.set({ queue: q.name, state: 'waiting' }, q.waiting);
        this.set({ queue: q.name, state: 'active' }, q.active);
        this.set({ queue: q.name, state: 'failed' }, q.failed);
      }
    },
  });
  const payments = new Gauge({
    name: 'shop_payments',
    help: 'Payments by gateway, type and outcome (status).',
    labelNames: ['gateway', 'type', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await deps.pool.query<{ gateway: string; type: string; status: string; n: string }>(
        'SELECT gateway, type, status, count(*)::text AS n FROM payments GROUP BY gateway, type, status',
      );
      for (const r of rows) this.set({ gateway: r.gateway, type: r.type, status: r.status }, Number(r.n));
    },
  });

  // What an operator alerts on before buyers are refused (decision 230): e.g. eSIM profiles under 20.
  const inventory = new Gauge({
    name: 'shop_sim_inventory',
    help: 'Unsold SIM cards and eSIM profiles in the carrier inventory, by kind (physical, esim).',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const stock = await deps.stock();
      this.set({ kind: 'physical' }, stock.physical);
      this.set({ kind: 'esim' }, stock.esim);
    },
  });

  return {
    registry,
    /** Counts every reply of the app, whatever answered it (route, 404, error handler). */
    instrument(app: FastifyInstance) {
      app.addHook('onResponse', async (req, reply) => {
        const route = req.routeOptions.url ?? 'unmatched';
        const method = req.method;
        requests.inc({ method, route, status: String(reply.statusCode) });
        latency.observe({ method, route }, reply.elapsedTime / 1000);
      });
    },
    async render(): Promise<string> {
      return registry.metrics();
    },
    contentType: registry.contentType,
    /** The gauges above read the database; exposed for tests. */
    gauges: { jobs, payments, inventory },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
