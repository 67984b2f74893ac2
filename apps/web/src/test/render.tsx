import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import type { Profile } from '@app/shared/contracts/profile';
import { AddToCartProvider } from '../features/catalogue/components/add-to-cart';
import { cartStore } from '../features/cart/cart-store';
import type { Messages } from '../lib/intl/load-messages';
import { resetLocaleForTests } from '../lib/intl/locale-store';
import type { LocaleCode } from '../lib/intl/locales';
import { logout, setToken } from '../lib/session';
import { apiStub, type StubHandler } from './api-stub';
import { englishMessages } from './messages';
import { sessionToken, subscriberFixture } from './session-fixtures';

/**
 * Every catalogue in src/locales, by language code (each offered one is complete: locales.test.ts),
 * so a language that lands needs no change here.
 */
const CATALOGUES: Record<string, Messages> = Object.fromEntries(
  Object.entries(import.meta.glob<Messages>('../locales/*.json', { eager: true, import: 'default' })).map(([file, messages]) => [
    file.replace(/^.*\/(.+)\.json$/, '$1'),
    messages,
  ]),
);

export interface RenderOptions {
  client?: QueryClient;
  /** The language to render in; English unless a test checks another catalogue. */
  locale?: LocaleCode | (string & {});
  /** Messages instead of the language's catalogue (the test-only pseudo-Arabic, test/pseudo-rtl.ts). */
  messages?: Messages;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

export function Providers({ children, client = testQueryClient(), locale = 'en', messages }: { children: ReactNode } & RenderOptions) {
  return (
    <IntlProvider locale={locale} messages={messages ?? CATALOGUES[locale]} defaultLocale="en">
      <QueryClientProvider client={client}>
        <AddToCartProvider add={cartStore.add}>{children}</AddToCartProvider>
      </QueryClientProvider>
    </IntlProvider>
  );
}

/** The cart the providers add to, for feature tests that check what a page put in it. */
export { cartStore };

/** Renders routes in a memory router with the app's providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string, options: RenderOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <Providers {...options}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...utils };
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  return render(<Providers {...options}>{ui}</Providers>);
}

/** A fetch stand-in answering JSON by path; unknown paths get a 404 error body. */
export function jsonFetch(routes: Record<string, unknown>) {
  return async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const body = routes[url.pathname + url.search] ?? routes[url.pathname];
    if (body === undefined) {
      return new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
}

/** The public details the API's defaults produce (apps/api config), for tests that render the layout. */
export const publicDetailsFixture = {
  companyName: 'Liberty Wave Mobile',
  address: '350 Fifth Avenue, Suite 4200, New York, NY 10118, USA',
  phone: '+1 (646) 555-0142',
  email: 'hello@libertywave.example',
  whatsapp: '+1 646 555 0199',
  salesEmail: 'sales@libertywave.example',
  contactEmail: 'support@libertywave.example',
  telegram: '@libertywave',
  globalEsimUrl: 'https://global-esim.example/',
  userManualUrl: 'https://manual.libertywave.example/',
  stripePublicKey: 'pk_test',
  payPalClientId: 'sb',
  simCardPrice: 250,
  currency: 'USD',
};

export interface PageOptions extends RenderOptions {
  /** The address the memory router starts at. */
  route: string;
  /** The route pattern `ui` is mounted at when it is one element ('*' unless it reads params). */
  path?: string;
  /** Other pages the test navigates to (e.g. where a form leads after success). */
  routes?: RouteObject[];
  /** Answers by "METHOD /path" (see apiStub), over the defaults: public details and, signed in, the profile. */
  api?: Record<string, StubHandler | object>;
}

export interface SignedInOptions extends PageOptions {
  /** Who is signed in: fields over subscriberFixture(), answered by GET /subscriber/profile. */
  subscriber?: Partial<Profile>;
  /** Keep the token in localStorage (‘stay signed in’) instead of sessionStorage. */
  remember?: boolean;
}

function renderPage(ui: ReactElement | RouteObject[], options: PageOptions, defaults: Record<string, StubHandler | object>) {
  const { route, path = '*', routes = [], api = {}, ...renderOptions } = options;
  resetLocaleForTests({ locale: 'en', messages: englishMessages, loading: false });
  const stub = apiStub({ 'GET /public/service_provider/public_details': publicDetailsFixture, ...defaults, ...api });
  vi.stubGlobal('fetch', vi.fn(stub.fetch));
  onTestFinished(() => {
    vi.unstubAllGlobals();
    logout();
  });
  const pages = Array.isArray(ui) ? ui : [{ path, element: ui }];
  return { ...stub, ...renderRoutes([...pages, ...routes], route, renderOptions) };
}

/**
 * Renders a page as a signed-in subscriber sees it: a live session token, the app's providers and a
 * memory router at `route`, and a recording API stand-in that answers the public details and the
 * subscriber's profile unless `api` says otherwise. Everything is undone when the test finishes.
 * Returns the router, the recorded requests (`requests`, `sent('METHOD /path')`) and the render result.
 */
export function renderSignedIn(ui: ReactElement | RouteObject[], options: SignedInOptions) {
  const { subscriber: overrides, remember = false, ...page } = options;
  const subscriber = subscriberFixture(overrides);
  setToken(sessionToken(), { remember });
  return { subscriber, ...renderPage(ui, page, { 'GET /subscriber/profile': subscriber }) };
}

/** The same for a visitor: no token, and the subscriber endpoints answer 401 as the server would. */
export function renderSignedOut(ui: ReactElement | RouteObject[], options: PageOptions) {
  logout();
  const unauthorized = { status: 401, body: { code: 'UNAUTHORIZED', message: 'Your session has expired. Please login again.' } };
  return renderPage(ui, options, { 'GET /subscriber/profile': unauthorized });
}
