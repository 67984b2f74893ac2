import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coverageSchema, zipcodeSchema } from '@app/shared/catalogue';
import { ErrorCode, Messages } from '@app/shared/errors';
import { notFound } from '../../lib/errors.js';
import { coverageForZip } from './coverage.service.js';

const paramsSchema = z.object({ zipcode: zipcodeSchema });

/** The model only changes with a deploy, so browsers may keep an answer for a day. */
const COVERAGE_CACHE = 'public, max-age=86400';

/** GET /public/pwg/coverage/:zipcode */
export function registerCoverageRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/public/pwg/coverage/:zipcode',
    { schema: { params: paramsSchema, response: { 200: coverageSchema } } },
    async (req, reply) => {
      const coverage = coverageForZip(req.params.zipcode);
      if (!coverage) throw notFound(Messages.coverageNotFound, ErrorCode.COVERAGE_NOT_FOUND);
      reply.header('cache-control', COVERAGE_CACHE);
      return coverage;
    },
  );
}
