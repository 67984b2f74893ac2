import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiRequest } from './api-client';
import { resetLocaleForTests } from './intl/locale-store';
import { notify } from './toast';
import * as session from './session';

vi.mock('./toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

function respond(status: number, body?: unknown, statusText = '') {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status, statusText }));
}

const errorToast = vi.mocked(notify.error);

beforeEach(() => {
  errorToast.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.logout();
});

describe('requests', () => {
  it('validates the answer with a schema given as a loader, loaded alongside the request', async () => {
    const { z } = await import('zod');
    const schema = z.object({ total: z.number() });
    let loads = 0;
    const loader = async () => {
      loads++;
      return schema;
    };
    vi.stubGlobal('fetch', respond(200, { total: 5, extra: 'dropped' }));
    await expect(api.get('/public/thing', { schema: loader })).resolves.toEqual({ total: 5 });
    vi.stubGlobal('fetch', respond(200, { total: 'five' }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(api.get('/public/thing', { schema: loader, toast: false })).rejects.toMatchObject({ kind: 'invalid-response' });
    expect(loads).toBe(2);
    // A failed request with a loader that also fails: the request's error, and no unhandled rejection.
    vi.stubGlobal('fetch', respond(404, { code: 'NOT_FOUND', message: 'Not found' }));
    await expect(api.get('/public/thing', { schema: () => Promise.reject(new Error('chunk')), toast: false })).rejects.toMatchObject({ status: 404 });
  });

  it('sends the bearer token when there is one, and query parameters', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    session.setToken('abc.def.ghi', { remember: false });
    await api.get('/public/plan_pricing', { query: { isActive: 'true', planId: undefined } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/public/plan_pricing?isActive=true');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc.def.ghi');
  });

  it('says which language the visitor reads (Accept-Language): the current one, or the one the caller names', async () => {
    const fetchMock = respond(200, []);
    vi.stubGlobal('fetch', fetchMock);
    resetLocaleForTests({ locale: 'fr', messages: {}, loading: false });
    await api.get('/subscriber/sim');
    await api.get('/public/plan_category', { locale: 'es' });
    const headers = fetchMock.mock.calls.map((c) => ((c as unknown as [string, RequestInit])[1].headers as Record<string, string>)['Accept-Language']);
    expect(headers).toEqual(['fr', 'es']);
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = respond(200, []);
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/public/rate');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('posts JSON bodies', async () => {
    const fetchMock = respond(201, { id: 1 });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/subscriber/x', { a: 1 })).resolves.toEqual({ id: 1 });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
  });
});

describe('errors → toasts (spec §8)', () => {
  it('401 other than INCORRECT_CREDENTIALS: toasts the catalogue text for the code and logs out', async () => {
    session.setToken('abc.def.ghi', { remember: true });
    vi.stubGlobal('fetch', respond(401, { message: 'Your session has expired. Please login again.', code: 'UNAUTHORIZED' }));
    await expect(api.get('/subscriber/profile')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    await vi.waitFor(() => expect(errorToast).toHaveBeenCalledWith({ id: 'error.UNAUTHORIZED' }));
    expect(session.getSession().isAuth).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('401 INCORRECT_CREDENTIALS: toasts but keeps the session', async () => {
    session.setToken('abc.def.ghi', { remember: true });
    vi.stubGlobal('fetch', respond(401, { message: 'Incorrect e-mail or password', code: 'INCORRECT_CREDENTIALS' }));
    await expect(api.post('/public/auth/login', {})).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(errorToast).toHaveBeenCalledWith({ id: 'error.INCORRECT_CREDENTIALS' }));
    expect(session.getSession().isAuth).toBe(true);
  });

  it('network error: toasts a connection message and rejects without detail', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await apiRequest('/public/rate').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network', status: 0, code: undefined, fieldErrors: undefined });
    await vi.waitFor(() => expect(errorToast).toHaveBeenCalledWith({ id: 'error.network' }));
  });

  it('other errors: the catalogue text for the code, whatever the server wrote', async () => {
    vi.stubGlobal('fetch', respond(400, { message: 'Server wording that must not be shown', code: 'SAME_PLAN', errors: [{ field: 'planId', message: 'Same plan' }] }, 'Bad Request'));
    const error = await apiRequest('/subscriber/sim/1/plan/change').catch((e: unknown) => e);
    await vi.waitFor(() => expect(errorToast).toHaveBeenCalledWith({ id: 'error.SAME_PLAN' }));
    expect(error).toMatchObject({ status: 400, code: 'SAME_PLAN', fieldErrors: [{ field: 'planId', message: 'Same plan' }] });
  });

  it('a code this build does not know: the generic text, not the server wording', async () => {
    vi.stubGlobal('fetch', respond(409, { message: 'Something new happened', code: 'BRAND_NEW_CODE' }));
    await expect(apiRequest('/public/rate')).rejects.toMatchObject({ code: 'BRAND_NEW_CODE' });
    await vi.waitFor(() => expect(errorToast).toHaveBeenCalledWith({ id: 'error.somethingWentWrong' }));
  });

  it('no body (a proxy): the code the status stands for', async () => {
    vi.stubGlobal('fetch', respond(503, undefined, 'Service Unavailable'));
    await expect(apiRequest('/public/rate')).rejects.toMatchObject({ message: 'Service Unavailable', code: undefined });
    await vi.waitFor(() => expect(errorToast).toHaveBeenCalledWith({ id: 'error.SERVICE_UNAVAILABLE' }));
  });

  it("a 500 without a JSON body: 'Something went wrong'", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>oops</html>', { status: 500, statusText: '' })));
    await expect(apiRequest('/public/rate')).rejects.toMatchObject({ message: 'Something went wrong', status: 500 });
    await vi.waitFor(() => expect(errorToast).toHaveBeenCalledWith({ id: 'error.INTERNAL_ERROR' }));
  });

  it.each([
    ['SIM_DEACTIVATED', 'The SIM you requested is deactivated.'],
    ['RESOURCE_NOT_AUTHORIZED', 'You are not authorized to access this resource.'],
    ['SIM_FOR_TESTING', 'The SIM you requested is for testing purposes.'],
  ])('never toasts %s (%s), whatever the wording', async (code, message) => {
    vi.stubGlobal('fetch', respond(403, { message, code }));
    await expect(apiRequest('/subscriber/sim/1')).rejects.toMatchObject({ message });
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('still logs out on a suppressed 401', async () => {
    session.setToken('abc.def.ghi', { remember: true });
    vi.stubGlobal('fetch', respond(401, { message: 'You are not authorized to access this resource.', code: 'RESOURCE_NOT_AUTHORIZED' }));
    await expect(apiRequest('/subscriber/sim')).rejects.toBeInstanceOf(ApiError);
    expect(errorToast).not.toHaveBeenCalled();
    expect(session.getSession().isAuth).toBe(false);
  });

  it('lets callers opt out, entirely or per error (a 500 fallback)', async () => {
    vi.stubGlobal('fetch', respond(500, { message: 'Internal error', code: 'INTERNAL_ERROR' }));
    await expect(apiRequest('/public/x', { toast: false })).rejects.toMatchObject({ status: 500 });
    await expect(apiRequest('/public/x', { toast: (e) => e.status !== 500 })).rejects.toMatchObject({ status: 500 });
    expect(errorToast).not.toHaveBeenCalled();
    vi.stubGlobal('fetch', respond(404, { message: 'Coverage not found', code: 'COVERAGE_NOT_FOUND' }));
    await expect(apiRequest('/public/x', { toast: (e) => e.status !== 500 })).rejects.toMatchObject({ status: 404 });
    await vi.waitFor(() => expect(errorToast).toHaveBeenCalledWith({ id: 'error.COVERAGE_NOT_FOUND' }));
  });

  it('does not toast a request the caller aborted', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', vi.fn(async () => {
      controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    }));
    await expect(apiRequest('/public/rate', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(errorToast).not.toHaveBeenCalled();
  });
});
