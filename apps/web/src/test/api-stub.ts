/**
 * A fetch stand-in for component tests that answers by "METHOD /path" and records every request, so
 * a test can assert what the page sent (bodies, headers) as well as what it shows.
 */
export interface StubRequest {
  method: string;
  path: string;
  search: string;
  body: unknown;
  headers: Record<string, string>;
}

export type StubAnswer = { status?: number; body?: unknown } | unknown;
export type StubHandler = (req: StubRequest, calls: number) => StubAnswer | Promise<StubAnswer>;

export function apiStub(routes: Record<string, StubHandler | object>) {
  const requests: StubRequest[] = [];
  const counts = new Map<string, number>();
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers as Record<string, string> | undefined) ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const req: StubRequest = { method, path: url.pathname, search: url.search, body: init.body ? JSON.parse(String(init.body)) : undefined, headers };
    requests.push(req);
    const key = `${method} ${url.pathname}`;
    const route = routes[`${key}${url.search}`] ?? routes[key];
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (route === undefined) return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    const answer = typeof route === 'function' ? await (route as StubHandler)(req, n) : route;
    if (answer && typeof answer === 'object' && 'status' in answer && typeof (answer as { status: unknown }).status === 'number') {
      const { status, body } = answer as { status: number; body?: unknown };
      return json(status, body);
    }
    return json(200, answer);
  };
  return { fetch, requests, sent: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key) };
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const error = (status: number, code: string, message = code, extra: Record<string, unknown> = {}) => ({ status, body: { code, message, ...extra } });
