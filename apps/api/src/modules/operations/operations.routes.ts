import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appError } from '../../lib/errors.js';
import type { Metrics } from './metrics.js';
import type { Readiness } from './readiness.js';

const healthSchema = z.object({ status: z.literal('ok') }).describe('The process is up and answering.');
const readinessSchema = z
  .object({
    ready: z.boolean(),
    checks: z.object({
      database: z.boolean().describe('PostgreSQL answered within a second.'),
      migrations: z.boolean().describe('Every migration of this build has been applied.'),
      jobs: z.boolean().describe('A job worker runs (here, or a separate worker seen through its scheduler).'),
    }),
  })
  .describe('What the instance needs to serve.');
const notReadySchema = readinessSchema.extend({ code: z.literal('SERVICE_UNAVAILABLE'), message: z.string() });

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may read /metrics: with METRICS_TOKEN set, whoever sends it as a bearer token; without it,
 * only clients on this machine (a scraper beside the process, or an SSH tunnel). The figures say
 * nothing personal, but traffic and failure counts still help an attacker, so they are not public.
 */
function mayReadMetrics(req: FastifyRequest, token: string | undefined) {
  if (token) {
    const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
    return given !== undefined && sameSecret(given, token);
  }
  return LOOPBACK.test(req.ip);
}

/** Liveness, readiness and metrics for the platform that runs us (docs/decisions/072-health-readiness-and-metrics.md). */
export const operationsRoutes = (deps: { readiness: Readiness; metrics: Metrics; metricsToken: string | undefined }) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/healthz',
    { logLevel: 'warn', schema: { summary: 'Liveness: the process is up', tags: ['operations'], response: { 200: healthSchema } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/readyz',
    {
      logLevel: 'warn',
      schema: {
        summary: 'Readiness: database reachable, migrations applied, job worker running',
        tags: ['operations'],
        response: { 200: readinessSchema, 503: notReadySchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const report = await deps.readiness.check();
      if (report.ready) return reply.status(200).send(report);
      const failing = Object.entries(report.checks)
        .filter(([, ok]) => !ok)
        .map(([name]) => name);
      return reply.status(503).send({ code: 'SERVICE_UNAVAILABLE' as const, message: `Not ready: ${failing.join(', ')}`, ...report });
    },
  );

  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      schema: {
        summary: 'Prometheus metrics (METRICS_TOKEN as bearer token, or from this machine when none is set)',
        tags: ['operations'],
        produces: ['text/plain'],
        response: { 200: z.string().describe('Prometheus text exposition format') },
      },
    },
    async (req, reply) => {
      if (!mayReadMetrics(req, deps.metricsToken)) throw appError('FORBIDDEN');
      reply.header('cache-control', 'no-store').type(deps.metrics.contentType);
      return deps.metrics.render();
    },
  );
};
