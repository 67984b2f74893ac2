import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../lib/errors.js';
import { requestedLocale } from '../lib/request-locale.js';
import type { AuthenticatedSubscriber, SessionService } from '../modules/accounts/sessions.js';

/**
 * Every route under /subscriber needs a live session: a bearer token whose signature and expiry
 * check out and whose session row is neither revoked nor expired, on an account that still exists.
 * The check is one hook on the root instance, keyed on the path, so a /subscriber route added by
 * any module later is protected without opting in. Failures answer 401 UNAUTHORIZED with the
 * spec's 'session expired' text, which makes the client sign out (INCORRECT_CREDENTIALS would not).
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in subscriber; reading it on a route outside /subscriber without a session throws 401. */
    subscriber: AuthenticatedSubscriber;
  }
  interface FastifyContextConfig {
    /** Let a revoked (but genuine, unexpired) token through: logout is idempotent. */
    allowRevokedSession?: boolean;
  }
}

export const SUBSCRIBER_PREFIX = '/subscriber';

export function isSubscriberPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === SUBSCRIBER_PREFIX || path.startsWith(`${SUBSCRIBER_PREFIX}/`);
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1];
}

const sessionExpired = () => appError('UNAUTHORIZED');

/** Account and subscriber answers: tokens, addresses, profiles. */
function isPersonalPath(req: FastifyRequest): boolean {
  const route = req.routeOptions.url;
  const path = req.url.split('?')[0] ?? '';
  return isSubscriberPath(path) || (route !== undefined && isSubscriberPath(route)) || path === '/public/auth' || path.startsWith('/public/auth/');
}

export function setupAuth(app: FastifyInstance, sessions: SessionService) {
  const who = new WeakMap<FastifyRequest, AuthenticatedSubscriber>();
  app.decorateRequest('subscriber', {
    getter(this: FastifyRequest) {
      const s = who.get(this);
      if (!s) throw sessionExpired();
      return s;
    },
  });

  // No shared or browser cache may keep a token or personal data unless the route chose a policy
  // itself (the subscriber plan reads are 'private, max-age=60'); errors on these paths included.
  app.addHook('onSend', async (req, reply) => {
    if (!reply.hasHeader('cache-control') && isPersonalPath(req)) reply.header('cache-control', 'no-store');
  });

  app.addHook('onRequest', async (req) => {
    // The matched route too: the router decodes the path, so '/%73ubscriber/…' reaches a /subscriber route.
    const route = req.routeOptions.url;
    if (!isSubscriberPath(req.url) && !(route && isSubscriberPath(route))) return;
    const token = bearerToken(req);
    if (!token) throw sessionExpired();
    const session = await sessions.inspect(token);
    if (!session) throw sessionExpired();
    if (session.revoked && !req.routeOptions.config?.allowRevokedSession) throw sessionExpired();
    who.set(req, { id: session.id, email: session.email, sessionId: session.sessionId });
    // Mail follows the language the subscriber last used (decision 210): the web app names it on every
    // call, so a signed-in request in another offered language switches the account's mail to it.
    const locale = requestedLocale(req.headers['accept-language']);
    if (locale && locale !== session.locale && !session.revoked) await sessions.rememberLocale(session.id, locale);
  });
}
