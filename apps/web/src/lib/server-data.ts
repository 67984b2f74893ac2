import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A public query the server answered while rendering a page (decision 202): its key, its data and
 * when it was fetched. The page carries them in its data block so the browser's cache starts where
 * the server's HTML is, and hydration renders the same markup without fetching again. A plain list
 * rather than react-query's dehydrate format keeps the hydration module out of the first load.
 */
export interface ServerQuery {
  key: QueryKey;
  data: unknown;
  at: number;
}

export function seedQueryCache(client: QueryClient, queries: readonly ServerQuery[]): void {
  for (const q of queries) client.setQueryData(q.key, q.data, { updatedAt: q.at });
}
