import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { socialProviderListSchema } from '@app/shared/contracts/auth';
import type { SocialAuthService } from './social-auth.service.js';

/**
 * Social sign-in (SPEC §4: the web app signs in with ?t=). These are browser navigations, not
 * API calls, so every failure ends in a redirect to the login page with ?error=social, never in
 * an error body.
 */

const COOKIE = 'social_flow';
const COOKIE_PATH = '/public/auth/social/';

export function readCookie(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      // Anyone can send a cookie header: a bad escape is a missing binding (login error), not a 500.
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function flowCookie(value: string, opts: { crossSitePost: boolean; secure: boolean; maxAge: number }) {
  // A form_post callback is a cross-site POST: only SameSite=None (which requires Secure) travels with it.
  const sameSite = opts.crossSitePost ? 'None' : 'Lax';
  const secure = opts.secure || opts.crossSitePost ? '; Secure' : '';
  return `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${opts.maxAge}; HttpOnly; SameSite=${sameSite}${secure}`;
}

const yes = (v: string | undefined) => v === '1' || v === 'true' || v === 'yes';

export const socialAuthRoutes = (social: SocialAuthService, publicUrl: string) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { registry } = social;
  const secure = publicUrl.startsWith('https:');
  const failed = (reply: FastifyReply) => reply.redirect(`${publicUrl}/auth/login?error=social`, 302);
  const logFailure = (req: FastifyRequest, provider: string, e: unknown) =>
    req.log.warn({ provider, reason: (e as Error).message?.slice(0, 200) }, 'social sign-in failed');

  // Apple answers with an HTML form POST; parsed here only, for these routes.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/public/auth/social/providers', { schema: { response: { 200: socialProviderListSchema } } }, async () =>
    registry.list().map((p) => ({ type: p.type, name: p.name })),
  );

  const typeParams = z.object({ type: z.string().max(40) });
  const startQuery = z.object({ remember: z.string().optional(), stayLoggedIn: z.string().optional() }).catch({});

  app.get('/public/auth/social/:type', { schema: { params: typeParams, querystring: startQuery } }, async (req, reply) => {
    const p = registry.get(req.params.type);
    try {
      if (!p) throw new Error('provider not configured');
      await fastify.rateLimits.hit(req, 'social');
      const { url, binding } = await social.start(p, yes(req.query.remember) || yes(req.query.stayLoggedIn));
      reply.header('set-cookie', flowCookie(binding, { crossSitePost: p.formPost, secure, maxAge: 600 }));
      reply.header('cache-control', 'no-store');
      return reply.redirect(url, 302);
    } catch (e) {
      logFailure(req, req.params.type, e);
      return failed(reply);
    }
  });

  const callback = async (req: FastifyRequest<{ Params: { type: string } }>, reply: FastifyReply) => {
    const type = req.params.type;
    const p = registry.get(type);
    const params: Record<string, string> = {};
    const source = req.method === 'POST' ? req.body : req.query;
    for (const [k, v] of Object.entries((source ?? {}) as Record<string, unknown>)) if (typeof v === 'string') params[k] = v;
    const binding = readCookie(req, COOKIE);
    reply.header('set-cookie', flowCookie('', { crossSitePost: p?.formPost ?? false, secure, maxAge: 0 }));
    reply.header('cache-control', 'no-store');
    try {
      if (!p) throw new Error('provider not configured');
      const token = await social.finish(p, params, binding, req.headers['user-agent']);
      return reply.redirect(`${publicUrl}/auth/social/${encodeURIComponent(type)}?t=${encodeURIComponent(token)}`, 302);
    } catch (e) {
      logFailure(req, type, e);
      return failed(reply);
    }
  };
  app.get('/public/auth/social/:type/callback', { schema: { params: typeParams } }, callback);
  app.post('/public/auth/social/:type/callback', { schema: { params: typeParams } }, callback);
};
