import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { ERRORS, type ErrorCode } from '@app/shared/errors';
import type { AppConfig } from '../config.js';
import { securityHeaders } from './security-headers.js';

/**
 * What the HTTP server itself does before a request reaches Fastify's router: time limits, a cap on
 * connections per client address, and the answer to requests it cannot read. Those answers (400 for
 * a malformed request line, 408 for a client too slow to send its request, 431 for oversized headers)
 * are written by Node's `clientError` path straight to the socket; here they get the same
 * `{ code, message }` body and security headers as every other error.
 */

/** Fastify server options for the timeouts (see config: HTTP_*_SECONDS). */
export function httpServerOptions(config: AppConfig) {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000;
  return {
    // The whole request (headers and body) must arrive within this; Node answers 408 otherwise.
    requestTimeout,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_SECONDS * 1000,
    http: {
      // Node requires headersTimeout ≤ requestTimeout.
      headersTimeout: Math.min(config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000, requestTimeout),
      // How often Node looks for connections past those limits (its default, 30 s, would let a
      // slow client hold on for up to twice the limit).
      connectionsCheckingInterval: Math.min(1000, requestTimeout),
    },
  };
}

const CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string; reason: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'REQUEST_TIMEOUT', message: ERRORS.REQUEST_TIMEOUT.message, reason: 'Request Timeout' },
  HPE_HEADER_OVERFLOW: { status: 431, code: 'HEADERS_TOO_LARGE', message: ERRORS.HEADERS_TOO_LARGE.message, reason: 'Request Header Fields Too Large' },
};
const BAD_REQUEST = { status: 400, code: 'BAD_REQUEST' as ErrorCode, message: 'The request could not be read', reason: 'Bad Request' };

/** The raw HTTP response for an error written to a socket, outside Fastify. */
export function rawErrorResponse(status: number, reason: string, code: ErrorCode, message: string, tls: boolean, extra: Record<string, string> = {}): string {
  const body = JSON.stringify({ code, message });
  const headers: Record<string, string> = {
    ...securityHeaders({ page: false, tls, pagePolicy: '' }),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
    ...extra,
  };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `HTTP/1.1 ${status} ${reason}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Fastify's `clientErrorHandler`: Node could not read a request, or the client was too slow. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  // Like Node: answer only if no response to this socket has started (a slow body under a running route).
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!inFlight?.headersSent) {
    const e = CLIENT_ERRORS[err.code ?? ''] ?? BAD_REQUEST;
    socket.write(rawErrorResponse(e.status, e.reason, e.code, e.message, Boolean((socket as TLSSocket).encrypted)));
  }
  socket.destroy(err);
}

/**
 * At most `max` open connections per client address: one address cannot take every socket the
 * server has by opening connections and sending nothing. The connection over the limit is told so
 * (429, the error contract) and closed. Behind a proxy every connection comes from the proxy, so the
 * cap is off unless set (HTTP_MAX_CONNECTIONS_PER_CLIENT).
 */
export function capConnectionsPerClient(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      const message = 'Too many open connections from your address. Please close some and try again.';
      socket.end(rawErrorResponse(429, 'Too Many Requests', 'RATE_LIMITED', message, false, { 'retry-after': '5' }), () => socket.destroy());
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
