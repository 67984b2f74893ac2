import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP plumbing shared by the third-party stand-ins: a real server on 127.0.0.1 with a random
 * port, the raw request body, and a JSON answer. Each stand-in keeps its own state and decides
 * what the real API would answer.
 */
export interface StandinRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface StandinResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RunningStandin {
  url: string;
  port: number;
  /** Every request received, oldest first (tests assert what the client sent). */
  requests: StandinRequest[];
  close(): Promise<void>;
}

export async function startHttpStandin(handle: (req: StandinRequest) => StandinResponse | Promise<StandinResponse>): Promise<RunningStandin> {
  const requests: StandinRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: StandinRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      Promise.resolve()
        .then(() => handle(request))
        .catch((err: unknown): StandinResponse => ({ status: 500, body: { error: String(err) } }))
        .then((out) => {
          res.writeHead(out.status, { 'content-type': 'application/json', ...out.headers });
          res.end(JSON.stringify(out.body));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Ids shaped like the real ones (`pi_3Qx…`), unique per stand-in run. */
export function standinId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/**
 * Parses a form body with bracket keys (`metadata[orderId]=1&expand[0]=x`) into nested objects, as
 * Stripe's server reads what stripe-node sends. Indexed keys become arrays.
 */
export function parseBracketForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next === 'object' && next !== null) node = next as Record<string, unknown>;
      else {
        const created: Record<string, unknown> = {};
        node[part] = created;
        node = created;
      }
    });
  }
  return arraysFromIndexedObjects(root) as Record<string, unknown>;
}

function arraysFromIndexedObjects(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arraysFromIndexedObjects(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}
