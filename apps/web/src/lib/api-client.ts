import type { ZodType } from 'zod';
import { ApiError } from './api-error';
import { INCORRECT_CREDENTIALS, SOMETHING_WENT_WRONG, isSilentError, type ApiErrorBody } from './api-error-rules';
import { getToken, logout } from './session';
import { notify } from './toast';

export { ApiError, isApiError, type ApiErrorKind } from './api-error';

/**
 * The one way the web app talks to the API (spec §7, §8): adds the bearer token, turns failures into
 * an ApiError, and shows the spec's error toasts unless the caller handles the error itself. A toast
 * shows the catalogue's text for the error's code (lib/error-message.ts), never the server's wording.
 */

type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /**
   * Validates the response; a mismatch is reported as an error instead of reaching the UI. It may be
   * given as a loader (`() => import(…)` of the contract): the page then shows before zod and its
   * schemas are evaluated, and the loader runs alongside the request (decision 226).
   */
  schema?: ZodType<T> | (() => Promise<ZodType<T>>);
  signal?: AbortSignal;
  /**
   * Whether to toast a failure. `false` for callers with their own handling (a 500 fallback, a
   * background check, a "not found" the page shows inline); a function decides per error.
   */
  toast?: boolean | ((error: ApiError) => boolean);
  /** Extra request headers (e.g. a visitor's order token on public order endpoints). */
  headers?: Record<string, string>;
  /**
   * The language the answer's texts should be in (catalogue names and descriptions), sent as
   * Accept-Language. Defaults to the language the app shows; a query whose key holds the language
   * passes it, so the answer always matches its key (decision 210).
   */
  locale?: string;
}

const BASE_URL: string = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '';

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${BASE_URL}${path}${search ? `?${search}` : ''}`;
}

function readErrorBody(data: unknown): Partial<ApiErrorBody> {
  if (!data || typeof data !== 'object') return {};
  const record = data as Record<string, unknown>;
  return {
    message: typeof record.message === 'string' && record.message.trim() ? record.message : undefined,
    code: typeof record.code === 'string' ? record.code : undefined,
    errors: Array.isArray(record.errors) ? (record.errors as ApiErrorBody['errors']) : undefined,
    retryAfter: typeof record.retryAfter === 'number' && record.retryAfter >= 0 ? record.retryAfter : undefined,
  };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * How requests leave: the browser's fetch, or, when the server renders a page, a function that hands
 * the request to the API in the same process (decision 202). A server render has no one to show a
 * toast to and no session to end, so failures there only reject.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);
let inServer = false;

export function setApiTransport(fetchImpl: typeof fetch, options: { server: boolean }): void {
  transport = fetchImpl;
  inServer = options.server;
}

function shouldToast(option: RequestOptions<unknown>['toast'], error: ApiError): boolean {
  if (inServer) return false;
  if (isSilentError(error.code)) return false;
  if (typeof option === 'function') return option(error);
  return option !== false;
}

/**
 * The error's toast. Its wording (the code table and the catalogue lookup) loads with the first
 * failure, not with every first page (decision 202); toasts wait for the full catalogue anyway.
 */
function report(option: RequestOptions<unknown>['toast'], error: ApiError) {
  if (!shouldToast(option, error)) return;
  import('./error-message').then(
    ({ errorMessage }) => notify.error(errorMessage(error)),
    // Its code could not load either (offline, a new deploy): the generic words, still a toast.
    () => notify.error({ id: 'error.somethingWentWrong' }),
  );
}

/**
 * The language the page is shown in: `<html lang>`, which the locale store keeps in step with the
 * messages (and the server writes on a rendered page). Read here rather than importing the store,
 * which would pull the message loaders into every chunk that calls the API.
 */
function pageLanguage(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', query, body, schema, signal, toast } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  // Every call says which language the visitor reads: the server answers catalogue texts in it, and a
  // signed-in subscriber's mail follows the language last used (decision 210).
  const locale = options.locale ?? pageLanguage();
  if (locale) headers['Accept-Language'] = locale;
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // A schema given as a loader loads while the request is on the wire; a failed request makes its
  // outcome moot, so it is never an unhandled rejection.
  const schemaLoading = typeof schema === 'function' ? schema() : undefined;
  schemaLoading?.catch(() => undefined);

  let response: Response;
  try {
    response = await transport(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    // A cancelled request is the caller's intent (react-query unmounts, a newer search), not a failure to show.
    if (signal?.aborted || (cause instanceof DOMException && cause.name === 'AbortError')) throw cause;
    const error = new ApiError(cause instanceof Error && cause.message ? cause.message : SOMETHING_WENT_WRONG, {
      status: 0,
      kind: 'network',
    });
    report(toast, error);
    throw error;
  }

  const data = await readJson(response);

  if (!response.ok) {
    const parsed = readErrorBody(data);
    const message = parsed.message ?? (response.statusText || SOMETHING_WENT_WRONG);
    const error = new ApiError(message, {
      status: response.status,
      kind: 'http',
      code: parsed.code,
      fieldErrors: parsed.errors,
      retryAfter: parsed.retryAfter,
      body: data,
    });
    report(toast, error);
    if (response.status === 401 && parsed.code !== INCORRECT_CREDENTIALS && !inServer) logout();
    throw error;
  }

  if (!schema) return data as T;
  const validator = schemaLoading ? await schemaLoading : (schema as ZodType<T>);
  const result = validator.safeParse(data);
  if (!result.success) {
    console.error(`Unexpected response from ${method} ${path}`, result.error);
    const error = new ApiError(SOMETHING_WENT_WRONG, { status: response.status, kind: 'invalid-response' });
    report(toast, error);
    throw error;
  }
  return result.data;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
