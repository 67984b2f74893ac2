import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@app/shared/contracts/errors';
import type { PaymentGateway } from '../../adapters/payments/payment-gateway.js';
import { PaymentGateways } from '../../adapters/payments/payment-gateways.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

/**
 * The HTTP edge on a real listening server (issue 9): time limits, the connection cap, errors written
 * before the router, unknown API paths, and the browser headers of pages. Raw sockets, because
 * `inject` never goes through Node's HTTP parser.
 */

/** A gateway as far as the browser is concerned: the CSP must allow exactly its origins. */
function browserOnlyGateway(id: 'stripe' | 'paypal', origins: ReturnType<PaymentGateway['browserOrigins']>): PaymentGateway {
  const unused = () => Promise.reject(new Error('not used by these tests'));
  return {
    id,
    methods: ['card'],
    publicSettings: () => ({}),
    browserOrigins: () => origins,
    charge: unused,
    complete: unused,
    retrieve: unused,
    findCharge: unused,
    cancel: unused,
    refund: unused,
  };
}

const INLINE_SCRIPT = "window.__boot = 'ok';";
let t: TestApp;
let port: number;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`,
  );
  t = await buildTestApp({
    webDist,
    gateways: new PaymentGateways([
      browserOnlyGateway('stripe', { script: ['https://js.stripe.com'], connect: ['https://api.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], img: ['https://*.stripe.com'] }),
      browserOnlyGateway('paypal', { script: ['https://www.paypal.com'], connect: ['https://www.paypal.com'], frame: ['https://www.paypal.com'], img: ['https://www.paypalobjects.com'] }),
    ]),
    env: { HTTP_REQUEST_TIMEOUT_SECONDS: '2', HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_MAX_CONNECTIONS_PER_CLIENT: '6' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from connecting to the end of the response. */
  ms: number;
}

/** Sends `chunks` (a string, or parts with pauses between them) and reads until the server closes. */
function raw(chunks: (string | number)[], { timeoutMs = 10_000 } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms; got ${JSON.stringify(data.slice(0, 200))}`));
    }, timeoutMs);
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), ms: Date.now() - started });
    });
    socket.on('connect', async () => {
      for (const c of chunks) {
        if (socket.destroyed) return;
        if (typeof c === 'number') await new Promise((r) => setTimeout(r, c));
        else socket.write(c);
      }
    });
  });
}

function expectErrorContract(res: { headers: Record<string, string | string[] | undefined>; body: string }, code: string) {
  const body = apiErrorSchema.parse(JSON.parse(res.body));
  expect(body.code).toBe(code);
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

describe('time limits', () => {
  it('a client that sends headers and trickles its body is cut off with 408 within the timeout, while others are served', async () => {
    const head = `POST /public/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n`;
    const trickle: (string | number)[] = [head];
    for (let i = 0; i < 40; i++) trickle.push('{', 250);
    const slow = raw(trickle);
    // Meanwhile the server answers everyone else at once.
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 300));
      const started = Date.now();
      const ping = await fetch(`http://127.0.0.1:${port}/public/ping`);
      expect(ping.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(500);
    }
    const res = await slow;
    expect(res.status).toBe(408);
    expect(res.ms).toBeGreaterThanOrEqual(1900);
    expect(res.ms).toBeLessThan(4000);
    expectErrorContract(res, 'REQUEST_TIMEOUT');
  });

  it('a client that opens a connection and withholds its headers gets 408 after the headers timeout', async () => {
    const res = await raw(['GET /public/ping HTTP/1.1\r\nHost: x\r\n']);
    expect(res.status).toBe(408);
    expect(res.ms).toBeLessThan(3500);
    expectErrorContract(res, 'REQUEST_TIMEOUT');
  });
});

describe('errors before the router', () => {
  it('a malformed request line answers 400 in the error contract with the security headers', async () => {
    for (const line of ['GARBAGE\r\n\r\n', 'GET /public/ping HTTP/9.9.9\r\n\r\n', 'G@T / HTTP/1.1\r\nHost: x\r\n\r\n']) {
      const res = await raw([line]);
      expect(res.status).toBe(400);
      expectErrorContract(res, 'BAD_REQUEST');
    }
  });

  it('oversized headers answer 431 in the error contract', async () => {
    const res = await raw([`GET /public/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expect(res.status).toBe(431);
    expectErrorContract(res, 'HEADERS_TOO_LARGE');
  });

  it('a body over the limit answers 413 in the error contract', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/public/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.org', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expectErrorContract({ headers: Object.fromEntries(res.headers), body: await res.text() }, 'PAYLOAD_TOO_LARGE');
  });

  it('a path the router cannot decode keeps the contract and the headers', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/public/plan/%ZZ`);
    expect(res.status).toBe(400);
    expectErrorContract({ headers: Object.fromEntries(res.headers), body: await res.text() }, 'BAD_REQUEST');
  });
});

describe('connections per client address', () => {
  it('past the cap a connection is refused with 429 in the contract; the others keep working', async () => {
    const idle: net.Socket[] = [];
    try {
      for (let i = 0; i < 6; i++) {
        const s = net.connect(port, '127.0.0.1');
        s.on('error', () => {});
        await new Promise((r) => s.once('connect', r));
        idle.push(s);
      }
      await new Promise((r) => setTimeout(r, 100));
      const refused = await raw(['GET /public/ping HTTP/1.1\r\nHost: x\r\n\r\n']);
      expect(refused.status).toBe(429);
      expectErrorContract(refused, 'RATE_LIMITED');
      // One of the held connections is still served.
      const answer = new Promise<string>((resolve) => idle[0]!.once('data', (d) => resolve(d.toString())));
      idle[0]!.write('GET /public/ping HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(await answer).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      for (const s of idle) s.destroy();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect((await fetch(`http://127.0.0.1:${port}/public/ping`)).status).toBe(200);
  });
});

describe('unknown API paths', () => {
  it.each(['/SUBSCRIBER/profile', '/Subscriber/Profile', '/public/nope', '/PUBLIC/nope', '/public', '//public/nope', '/%70ublic/nope', '/healthz/nope'])(
    'GET %s answers JSON 404, never the web app',
    async (url) => {
      const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(404);
      expectErrorContract({ headers: Object.fromEntries(res.headers), body: await res.text() }, 'ROUTE_NOT_FOUND');
    },
  );

  it('a page path still gets the web app', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/plans/anything`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('browser headers of pages', () => {
  const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));

  it('pages carry a CSP that runs only our scripts and reaches only the enabled gateways', async () => {
    for (const url of ['/', '/plans/anything', '/index.html']) {
      const res = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = directives(res.headers.get('content-security-policy') ?? '');
      const { createHash } = await import('node:crypto');
      const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
      expect(csp['script-src']).toEqual(["'self'", hash, 'https://js.stripe.com', 'https://www.paypal.com']);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com', 'https://www.paypal.com']);
      expect(csp['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com', 'https://www.paypal.com']);
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.stripe.com', 'https://www.paypalobjects.com']);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      // Plain HTTP without a trusted proxy: no HSTS.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('HSTS only over TLS: a forwarded https is ignored unless the proxy is trusted', async () => {
    const untrusted = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const proxied = await buildTestApp({ webDist, worker: false, env: { TRUST_PROXY: 'true' } });
    try {
      const viaTls = await proxied.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(viaTls.headers['strict-transport-security']).toBe('max-age=31536000');
      const api = await proxied.app.inject({ method: 'GET', url: '/public/nope', headers: { 'x-forwarded-proto': 'https' } });
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
      // No gateway enabled: nothing may be framed.
      expect(viaTls.headers['content-security-policy']).toContain("frame-src 'none'");
    } finally {
      await proxied.close();
    }
  });
});
