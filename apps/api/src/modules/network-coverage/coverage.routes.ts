import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coverageSchema, zipcodeSchema } from '@app/shared/contracts/catalogue';
import type { CoverageService } from './coverage.service.js';

const paramsSchema = z.object({ zipcode: zipcodeSchema });

/** The model only changes with a deploy, so browsers may keep an answer for a day. */
const COVERAGE_CACHE = 'public, max-age=86400';

/** GET /public/pwg/coverage/:zipcode */
export function coverageRoutes(coverage: CoverageService) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/public/pwg/coverage/:zipcode',
      { schema: { params: paramsSchema, response: { 200: coverageSchema } } },
      async (req, reply) => {
        const answer = coverage.forZip(req.params.zipcode);
        reply.header('cache-control', COVERAGE_CACHE);
        return answer;
      },
    );
    app.addHook('onReady', async () => coverage.warm());
  };
}
