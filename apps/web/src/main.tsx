// The base stylesheet first, so component styles that follow can refine it.
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ensureAllMessages, initLocale, setLocale } from './lib/intl/locale-store';
import { StorageKey } from './lib/storage-keys';
import { readItem } from './lib/storage';
import { isSupportedLocale } from './lib/intl/locales';
import { createQueryClient } from './lib/query-client';
import { seedQueryCache, type ServerQuery } from './lib/server-data';
import { App } from './app/app';
import { createRouter } from './app/router';
import { startSessionRules } from './lib/session-lifecycle';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

/** What the server put beside a page it rendered (decision 202): its language and its public data. */
function serverData(): { locale: string; queries: ServerQuery[] } | undefined {
  const block = document.getElementById('ssr-data');
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent) as { locale: string; queries: ServerQuery[] };
  } catch {
    return undefined;
  }
}

/**
 * Resolves once the router has loaded the code of the routes this address opens, so the first render
 * is the page the server rendered (not the fallback), as hydration requires. The router loads them
 * itself (its `lazy` routes); matching the address separately first would flatten and compile every
 * route's path a second time, a long task on a slow phone (decision 227).
 */
function routerReady(router: ReturnType<typeof createRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

const ssr = serverData();
const later = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));

/**
 * Lets the browser run between start-up steps: evaluating the code, starting the language and the
 * route, building the router and hydrating are each tens of milliseconds on a slow phone, and one
 * task holding them all would block a first tap for their sum (decision 226).
 */
const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

if (ssr) {
  // A server-rendered page: start in the language it was rendered in, with its data in the cache,
  // and take over the HTML that is already on screen.
  void (async () => {
    await nextTask();
    const queryClient = createQueryClient();
    seedQueryCache(queryClient, ssr.queries);
    const localeReady = initLocale(isSupportedLocale(ssr.locale) ? ssr.locale : undefined);
    await nextTask();
    // The session rules (a `?t=` token, the expiry timer, the stored session's check) before the
    // router reads the address, in a task of their own; createRouter finds them started.
    startSessionRules();
    await nextTask();
    const router = createRouter();
    await Promise.all([localeReady, routerReady(router)]);
    await nextTask();
    // Hydrating as a transition lets React yield to the browser every few milliseconds, so taking
    // over a large page is many short tasks instead of one long one (a tap meanwhile is not blocked).
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App router={router} queryClient={queryClient} />
        </StrictMode>,
      );
    });
    // The visitor's saved language wins (spec §4); the server only knew it if the cookie mirror had it.
    // An address that names its language (?lang=, the sitemap's and search results') keeps it.
    const saved = readItem(StorageKey.userLocale);
    const named = new URLSearchParams(window.location.search).get('lang');
    if (!named && saved && saved !== ssr.locale && isSupportedLocale(saved)) void setLocale(saved);
    later(() => void ensureAllMessages());
  })();
} else {
  // The language's startup messages load first so the first paint is already in the visitor's
  // language; the rest follow once the page is up (decision 200), before anyone can need them.
  // The router starts right after, so the first page's chunks download while the messages do (its
  // lazy routes wait for the language chosen here).
  const localeReady = initLocale();
  const router = createRouter();
  void localeReady.then(() => {
    createRoot(container).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
    later(() => void ensureAllMessages());
  });
}
