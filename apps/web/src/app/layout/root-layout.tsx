import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigation, useOutlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePageTitle } from '../../lib/use-page-title';
import { planCategoriesQueryOptions } from '../../features/catalogue/api/get-plan-categories';
import { AddToCartProvider } from '../../features/catalogue/components/add-to-cart';
import { cartStore } from '../../features/cart/cart-store';
import { publicDetailsQueryOptions } from '../../lib/public-details';
import { PageLoading } from '../../components/ui/spinner';
import { useHydrated } from '../../lib/use-is-client';
import type { RouteHandle } from '../route-table';
import { FooterGate } from './footer-gate';
import { Header } from './header';
import { ScrollManager } from './scroll-manager';
import { MAIN_ID, SkipLink } from './skip-link';

/**
 * The frame of every page. Also the router's first-load fallback: the same component renders while
 * the first page's code downloads (with a spinner where the page goes), so the header never remounts.
 */
/**
 * What the server sends for a visitor's own page, and what hydration starts from: the page's heading,
 * when the route names it, above a loading state, laid out as the page will be.
 */
function ClientOnlyFrame({ titleId, leadId }: { titleId?: string; leadId?: string }) {
  const intl = useIntl();
  usePageTitle(titleId ? intl.formatMessage({ id: titleId }) : undefined);
  if (!titleId) return <PageLoading />;
  return (
    <div className="container page">
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id={titleId} />
        </h1>
        {leadId ? (
          <p className="page-lead">
            <FormattedMessage id={leadId} />
          </p>
        ) : null}
      </header>
      <PageLoading />
    </div>
  );
}

/** The heading and lead the innermost route that names them gives its frame. */
function frameOf(handles: (RouteHandle | undefined)[]): { titleId?: string; leadId?: string } {
  const named = handles.findLast((h) => h?.titleId);
  return { titleId: named?.titleId, leadId: named?.leadId };
}

/**
 * The page, or for a visitor's own pages (checkout, account) the frame the server sent until
 * hydration is over. Its own component, so that the end of hydration renders only this: the page
 * element itself is the same object and React skips it, and the header and footer are not touched.
 */
function PageOrFrame() {
  const outlet = useOutlet();
  const matches = useMatches();
  const hydrated = useHydrated();
  const handles = matches.map((m) => m.handle as RouteHandle | undefined);
  if (!hydrated && handles.some((h) => h?.clientOnly)) return <ClientOnlyFrame {...frameOf(handles)} />;
  return outlet ?? <PageLoading />;
}

export function RootLayout() {
  const navigation = useNavigation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { locale } = useIntl();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // Start-up data (spec §4): provider details and plan categories, fetched once for the whole app.
  useEffect(() => {
    void queryClient.prefetchQuery(publicDetailsQueryOptions);
    void queryClient.prefetchQuery(planCategoriesQueryOptions(locale));
  }, [queryClient, locale]);

  // Marks the page as live: on a server-rendered page, the HTML was on screen before its buttons
  // worked; browser tests wait for this before they click (e2e/fixtures.ts).
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);

  // After a client-side navigation, move focus to the new page so screen readers start there.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!location.hash) mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname, location.hash]);

  const busy = navigation.state === 'loading';
  return (
    <>
      <SkipLink />
      <Header />
      <div className={`route-progress${busy ? ' is-active' : ''}`} aria-hidden="true" />
      {/* data-path is the router's committed location: it changes only once the new page rendered
          (react-router keeps the previous page while a lazy route loads), so tests wait on it. */}
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="site-main" aria-busy={busy || undefined} data-path={location.pathname}>
        <AddToCartProvider add={cartStore.add}>
          <PageOrFrame />
        </AddToCartProvider>
      </main>
      <FooterGate />
      <ScrollManager />
    </>
  );
}
