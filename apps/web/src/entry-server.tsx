// The server's way into the web app (decision 202): renders a public page to HTML in the visitor's
// language with the public data it needs, for the API's page handler (apps/api/src/plugins/
// server-render.ts). Built by `vite build --ssr` into dist/.ssr/; never shipped to browsers.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import type { ServerQuery } from './lib/server-data';
import { IntlProvider } from 'react-intl';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes, type RouteHandle } from './app/route-table';
import { setApiTransport } from './lib/api-client';
import { HeadContext, type HeadCollector } from './lib/head';
import { loadMessages } from './lib/intl/load-messages';
import { ServerLocaleContext, type LocaleState } from './lib/intl/locale-store';
import { DEFAULT_LOCALE, type LocaleCode } from './lib/intl/locales';
import { queryDefaults } from './lib/query-client';
import { ToastHost } from './lib/toast-host';
import { onIntlError } from './lib/intl/on-intl-error';

export interface ServerRenderOptions {
  /** Requests of the page's queries go here: the API in the same process, not the network. */
  fetch: typeof fetch;
}

export interface ServerRenderResult {
  /** The HTML inside #root. */
  html: string;
  head: { title?: string; description?: string; structuredData: object[] };
  /** The public queries the page read, for the browser's query cache (no refetch on hydration). */
  state: ServerQuery[];
  /** Page modules of the matched routes (`src/…`), for the build manifest's styles and scripts. */
  modules: string[];
  /** Which message parts the browser needs before it hydrates: the startup groups, or all. */
  messages: 'startup' | 'all';
}

/** What a render ended in other than HTML: a redirect the route table asked for. */
export interface ServerRedirect {
  redirect: string;
  status: number;
}

const handler = createStaticHandler(routes);

export function configure(options: ServerRenderOptions): void {
  setApiTransport(options.fetch, { server: true });
}

/** A query this render may run: public data only (never a subscriber's), wanted and not tried yet. */
function wanted(query: Query, tried: Set<string>): boolean {
  if (tried.has(query.queryHash)) return false;
  if (query.queryKey[0] !== 'public') return false;
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** Passes until no new query appears: a page may ask for data only once earlier data is in. */
const MAX_PASSES = 4;

/**
 * Renders `url` (absolute, e.g. http://host/plan/paygo) in `locale`. Rejects when a page throws while
 * rendering; the caller then serves the client-rendered shell.
 */
export async function render(url: string, locale: LocaleCode): Promise<ServerRenderResult | ServerRedirect> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return { redirect: context.headers.get('Location') ?? '/', status: context.status };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient({ defaultOptions: queryDefaults });
  const { locale: loaded, messages } = await loadMessages(locale, 'all');
  const localeState: LocaleState = { locale: loaded, messages, loading: false, messageSet: 'all' };
  const tried = new Set<string>();

  let html = '';
  let head: HeadCollector = { structuredData: [] };
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    head = { structuredData: [] };
    html = renderToString(
      <StrictMode>
        <HeadContext.Provider value={head}>
          <ServerLocaleContext.Provider value={localeState}>
            <IntlProvider locale={loaded} messages={messages} defaultLocale={DEFAULT_LOCALE} onError={onIntlError}>
              <QueryClientProvider client={queryClient}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
                {/* As in App: the same tree, so React's generated ids (useId) match on hydration. */}
                <ToastHost />
              </QueryClientProvider>
            </IntlProvider>
          </ServerLocaleContext.Provider>
        </HeadContext.Provider>
      </StrictMode>,
    );
    const pending = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => wanted(q, tried));
    if (pending.length === 0) break;
    await Promise.all(
      pending.map((q) => {
        tried.add(q.queryHash);
        return queryClient.prefetchQuery({ queryKey: q.queryKey, queryFn: q.options.queryFn, retry: false });
      }),
    );
  }

  const handles = context.matches.map((m) => m.route.handle as RouteHandle | undefined);
  const modules = handles.map((h) => h?.src).filter((s): s is string => !!s);
  const messageSet = handles.at(-1)?.startupMessages ? 'startup' : 'all';
  const state: ServerQuery[] = queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'success')
    .map((q) => ({ key: q.queryKey, data: q.state.data, at: q.state.dataUpdatedAt }));
  queryClient.clear();
  return { html, head, state, modules, messages: messageSet };
}
