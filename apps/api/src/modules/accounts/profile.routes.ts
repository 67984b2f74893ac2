import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profilePatchSchema, profileSchema } from '@app/shared/contracts/profile';
import type { ProfileService } from './profile.service.js';

/** GET/PATCH /subscriber/profile (deletion is DELETE /subscriber/profile in the auth module). */
export const profileRoutes = (profiles: ProfileService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/subscriber/profile', { schema: { response: { 200: profileSchema } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return profiles.get(req.subscriber);
  });

  app.patch('/subscriber/profile', { schema: { body: profilePatchSchema, response: { 200: profileSchema } } }, async (req) =>
    profiles.update(req.subscriber, req.body),
  );
};
