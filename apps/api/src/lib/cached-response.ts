import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/**
 * A response body serialised once: validated against its contract when built, then sent as a
 * ready string (or pre-compressed buffer) with a strong ETag on every request. This is what keeps
 * catalogue reads close to the speed of a constant route: no query, no JSON.stringify, no schema
 * walk and no per-request compression on the hot path.
 */
export interface CachedResponse {
  readonly body: string;
  /** Content hash; the ETag of the identity encoding is `"<hash>"`, of encoded variants `"<hash>-br"`. */
  readonly hash: string;
  readonly etag: string;
  readonly etagBr: string;
  readonly etagGzip: string;
  /** Filled on first use of each encoding, then reused. */
  readonly encoded: { br?: Buffer; gzip?: Buffer };
}

/** Browsers and CDNs may reuse catalogue answers for a minute, then revalidate with the ETag. */
export const PUBLIC_CACHE = 'public, max-age=60';

// Same threshold as @fastify/compress in app.ts: smaller bodies are not worth compressing.
const COMPRESS_MIN_BYTES = 1024;

export function buildCachedResponse<S extends z.ZodType>(schema: S, value: z.input<S>): CachedResponse {
  const body = JSON.stringify(schema.parse(value));
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 32);
  return { body, hash, etag: `"${hash}"`, etagBr: `"${hash}-br"`, etagGzip: `"${hash}-gz"`, encoded: {} };
}

/** True when an If-None-Match header names this content (weak comparison, any of our encodings). */
export function matchesEtag(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return tag === hash || tag === `${hash}-br` || tag === `${hash}-gz`;
  });
}

type Encoding = 'br' | 'gzip';

// Clients send a handful of distinct Accept-Encoding values; parse each once.
const encodingMemo = new Map<string, Encoding | undefined>();

/** The best encoding the client accepts (q > 0), brotli first. */
export function pickEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (encodingMemo.has(header)) return encodingMemo.get(header);
  const picked = parseAcceptEncoding(header);
  // Bounded: a client cycling through made-up headers must not grow memory.
  if (encodingMemo.size < 64) encodingMemo.set(header, picked);
  return picked;
}

function parseAcceptEncoding(header: string): Encoding | undefined {
  let br = false;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : undefined;
}

function encode(entry: CachedResponse, encoding: Encoding): Buffer {
  const cache = entry.encoded;
  if (encoding === 'br') {
    cache.br ??= brotliCompressSync(entry.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
    });
    return cache.br;
  }
  cache.gzip ??= gzipSync(entry.body, { level: 9 });
  return cache.gzip;
}

/**
 * Sends a cached body with validators and caching headers: 304 when the client already has it,
 * else the identity or a pre-compressed variant. Fastify sends strings and buffers as they are
 * when the content type is set, so no serializer runs; @fastify/compress leaves bodies alone that
 * already carry a Content-Encoding.
 *
 * Synchronous whenever the entry is ready: an async handler costs a quarter of the throughput of
 * this route (measured with autocannon, see docs/decisions/011-catalogue-cache.md).
 */
export function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  entry: CachedResponse | Promise<CachedResponse>,
  cacheControl: string,
  options: SendOptions = {},
): void | Promise<void> {
  if (!(entry instanceof Promise)) return send(req, reply, entry, cacheControl, options);
  // Only the first request after start or invalidate() waits for a load. Settle once the response
  // is out, so Fastify never takes the resolved promise for a handler that did not answer.
  return entry.then(
    (ready) =>
      new Promise<void>((resolve, reject) => {
        send(req, reply, ready, cacheControl, options);
        reply.then(resolve, reject);
      }),
  );
}

export interface SendOptions {
  /**
   * The body depends on the request's language (Accept-Language): say so in Vary, so browsers and
   * shared caches keep one copy per language. The ETag already differs per text (content hash).
   */
  byLanguage?: boolean;
}

function send(req: FastifyRequest, reply: FastifyReply, entry: CachedResponse, cacheControl: string, options: SendOptions): void {
  reply.header('cache-control', cacheControl);
  const compressible = entry.body.length >= COMPRESS_MIN_BYTES;
  const vary = compressible ? (options.byLanguage ? 'accept-encoding, accept-language' : 'accept-encoding') : options.byLanguage ? 'accept-language' : undefined;
  if (vary) reply.header('vary', vary);
  const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : undefined;
  reply.header('etag', encoding === 'br' ? entry.etagBr : encoding === 'gzip' ? entry.etagGzip : entry.etag);
  if (matchesEtag(req.headers['if-none-match'], entry.hash)) {
    reply.code(304).send();
    return;
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding).send(encode(entry, encoding));
  else reply.send(entry.body);
}
