import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { onLogout } from './session';

/** Retries only what may pass on a second try: lost connections and server errors, never a 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  return error.kind === 'network' || error.status >= 500;
}

export const queryDefaults = {
  queries: {
    // The catalogue changes a few times a year; five minutes keeps pages instant between visits.
    staleTime: 5 * 60_000,
    retry: shouldRetry,
    refetchOnWindowFocus: false,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: queryDefaults });
  // Subscriber data must not outlive the session it was fetched with.
  onLogout(() => client.removeQueries({ queryKey: ['subscriber'] }));
  return client;
}
