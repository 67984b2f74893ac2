import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Request URLs are logged without the secrets some of them carry: the session token the social
 * callback hands to the web app (`t`), reset tokens, OAuth codes and state, and the e-mail
 * verification code that the spec puts in the path.
 */
const SECRET_QUERY_KEYS = new Set(['t', 'token', 'code', 'state', 'id_token', 'access_token', 'refresh_token', 'password', 'user']);
const SECRET_PATHS: RegExp[] = [/^(\/public\/auth\/verify\/)[^/]+/];
const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  for (const re of SECRET_PATHS) path = path.replace(re, `$1${REDACTED}`);
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        // keep the raw key
      }
      return SECRET_QUERY_KEYS.has(key.toLowerCase()) && eq >= 0 ? `${rawKey}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Drizzle puts the bound values of a failed query in its message ("params: …"): hashes, tokens. */
function scrub(text: string): string {
  return text.replace(/^params: .*$/gm, 'params: [redacted]');
}

/**
 * Errors are logged with type, message, stack and the database's code/constraint, but not their other
 * properties: a failed query carries its parameters, and PostgreSQL's `detail` can quote a whole row.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const e = err as Error & { code?: unknown; constraint?: unknown; table?: unknown; statusCode?: unknown };
  return {
    type: e.name,
    message: scrub(e.message),
    stack: scrub(e.stack ?? ''),
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.statusCode !== undefined ? { statusCode: e.statusCode } : {}),
    ...(e.constraint !== undefined ? { constraint: e.constraint } : {}),
    ...(e.table !== undefined ? { table: e.table } : {}),
    ...(e.cause !== undefined && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

/** The logger options with our request and error serializers (headers are not logged at all). */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return { ...base, serializers: { ...(base.serializers ?? {}), req: serializeRequest as never, err: serializeError as never } };
}
