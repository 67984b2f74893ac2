import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PLAN_GROUPS } from '@app/shared/rules/catalogue';
import { ensureAllMessages } from '../lib/intl/locale-store';
import { RootLayout } from './layout/root-layout';
import { KeepSearchRedirect } from './routes/keep-search-redirect';
import { RouteError } from './routes/route-error';
import ErrorPage from '../features/content/pages/error-page';

/**
 * Every route of spec §2. Each page is its own chunk (route `lazy`), so the first visit downloads the
 * shell plus one page. Every route has its page (no title-only placeholders remain).
 */

/**
 * What a page module exports. In the server build each page module also names its own source file
 * (`__ssrSource`, added by vite.config.ts), which the route's handle carries as `src`: the server looks
 * it up in the build manifest to send the page's stylesheets and scripts with its HTML (decision 202).
 */
type PageModule = { default: ComponentType; __ssrSource?: string };

export interface RouteHandle {
  /** The page module's path from the web app's root (`src/…`), as the build manifest names it. */
  src?: string;
  /**
   * A page about one visitor's own things (cart, checkout, account): the server renders the site's
   * frame around a loading state, and the page itself renders in the browser after hydration
   * (decision 202).
   */
  clientOnly?: boolean;
  /** The page's heading, which the server's frame of a `clientOnly` page already shows. */
  titleId?: string;
  /** The page's lead paragraph under its heading, which that frame shows too. */
  leadId?: string;
  /** The page needs only the startup groups of the messages (home, the unknown-path page). */
  startupMessages?: boolean;
  [key: string]: unknown;
}

const CLIENT_ONLY: RouteHandle = { clientOnly: true };

function loaded(module: PageModule, handle: RouteHandle): Pick<RouteObject, 'Component' | 'handle'> {
  return { Component: module.default, handle: module.__ssrSource ? { ...handle, src: module.__ssrSource } : handle };
}

/**
 * A lazy page that also waits for the rest of the language's messages: the first load carries only
 * the startup groups (decision 200), which only home and the unknown-path page (`startupPage`) live on.
 */
function page(load: () => Promise<PageModule>, handle: RouteHandle = {}): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => loaded((await Promise.all([load(), ensureAllMessages()]))[0], handle) };
}

/** A lazy page whose messages are all in the startup groups (src/lib/intl/startup-groups.json): home. */
function startupPage(load: () => Promise<PageModule>, handle: RouteHandle = {}): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => loaded(await load(), { ...handle, startupMessages: true }) };
}

const planGroupRoutes: RouteObject[] = PLAN_GROUPS.map(({ path }) => ({
  path,
  ...page(() => import('../features/catalogue/pages/plan-group-page'), { group: path }),
}));

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // A crashing page renders its error inside the layout; the root boundary is the last resort.
        ErrorBoundary: RouteError,
        children: pages(),
      },
    ],
  },
];

function pages(): RouteObject[] {
  return [
      { index: true, ...startupPage(() => import('./routes/home')) },
      { path: 'plan/:name', ...page(() => import('../features/catalogue/pages/plan-category-page')) },
      { path: 'plan/:name/:plan', ...page(() => import('./routes/plan-detail')) },
      {
        path: 'plans',
        ...page(() => import('../features/catalogue/pages/plans-layout')),
        children: [
          { index: true, element: <KeepSearchRedirect to="/plans/paygo" /> },
          ...planGroupRoutes,
          // The spec spells these paths unusually; the correct spellings lead to them.
          { path: 'immigrant', element: <KeepSearchRedirect to="/plans/imigrant" /> },
          { path: 'traveler', element: <KeepSearchRedirect to="/plans/travaler" /> },
        ],
      },
      { path: 'about-esim', ...page(() => import('../features/content/pages/about-esim-page')) },
      { path: 'international-rate', ...page(() => import('../features/rates/pages/international-rate-page')) },
      { path: 'shipping-fee', ...page(() => import('../features/shipping/pages/shipping-fee-page')) },
      { path: 'coverage', ...page(() => import('../features/network-coverage/pages/coverage-page')) },
      { path: 'coverage/:zipcode', ...page(() => import('../features/network-coverage/pages/coverage-page')) },
      { path: 'faq', ...page(() => import('../features/content/pages/faq-page')) },
      { path: 'about', ...page(() => import('../features/content/pages/about-page')) },
      { path: 'affiliate-program', ...page(() => import('./routes/affiliate-program')) },
      { path: 'privacy-policy', ...page(() => import('../features/content/pages/legal-page'), { legal: 'privacy' }) },
      { path: 'terms', ...page(() => import('../features/content/pages/legal-page'), { legal: 'terms' }) },
      { path: 'shipping-policy', ...page(() => import('../features/content/pages/legal-page'), { legal: 'shipping' }) },
      { path: 'refund-policy', ...page(() => import('../features/content/pages/legal-page'), { legal: 'refund' }) },
      { path: 'delete-account-policy', ...page(() => import('../features/content/pages/legal-page'), { legal: 'deleteAccount' }) },
      // Already in the entry chunk (the router's error element shows it), so no lazy import.
      { path: 'error-page', Component: ErrorPage },

      { path: 'activate', ...page(() => import('../features/sims/pages/activate-page')) },
      { path: 'wifi-actions', ...page(() => import('../features/sims/pages/wifi-actions-page')) },
      { path: 'port-in-number', ...page(() => import('./routes/port-in-number')) },
      { path: 'extend-your-sim', ...page(() => import('../features/sims/pages/support-action-page'), { support: 'extend' }) },
      { path: 'top-up-sim', ...page(() => import('../features/sims/pages/support-action-page'), { support: 'topUp' }) },
      { path: 'auth/registration', ...page(() => import('../features/auth/pages/registration-page'), CLIENT_ONLY) },
      { path: 'auth/login', ...page(() => import('../features/auth/pages/login-page'), CLIENT_ONLY) },
      { path: 'auth/reset-password', ...page(() => import('../features/auth/pages/reset-password-page'), CLIENT_ONLY) },
      { path: 'auth/forgot-password', ...page(() => import('../features/auth/pages/forgot-password-page'), CLIENT_ONLY) },
      { path: 'auth/social/:type', ...page(() => import('../features/auth/pages/social-auth-page'), CLIENT_ONLY) },
      { path: 'payment', ...page(() => import('./routes/payment'), { ...CLIENT_ONLY, titleId: 'page.payment.title' }) },
      { path: 'assign-result', ...page(() => import('../features/sims/pages/assign-result-page'), { ...CLIENT_ONLY, titleId: 'page.assignResult.title' }) },
      { path: 'activation-result', ...page(() => import('../features/sims/pages/activation-result-page'), CLIENT_ONLY) },
      { path: 'success-delete-account', ...page(() => import('../features/auth/pages/delete-account-success-page'), CLIENT_ONLY) },
      { path: 'checkout', ...page(() => import('./routes/checkout'), { ...CLIENT_ONLY, titleId: 'page.checkout.title', leadId: 'checkout.lead' }) },
      { path: 'select-payment', ...page(() => import('./routes/select-payment'), { ...CLIENT_ONLY, titleId: 'page.selectPayment.title' }) },
      { path: 'invoice', ...page(() => import('../features/invoices/pages/invoice-page'), CLIENT_ONLY) },
      { path: 'payment-confirmation', ...page(() => import('./routes/payment-confirmation'), CLIENT_ONLY) },
      { path: 'redirect/renew-sim-plan', ...page(() => import('../features/sims/pages/renew-redirect-page'), CLIENT_ONLY) },

      {
        // Spec §6: signed-out visitors on these pages are sent to the login page.
        ...page(() => import('./routes/require-auth'), CLIENT_ONLY),
        children: [
          {
            path: 'dashboard',
            // Provides how the SIM pages' orders (renewals, add-ons, top-ups) are paid: checkout's pages.
            ...page(() => import('./routes/dashboard-layout')),
            children: [
              { index: true, ...page(() => import('./routes/dashboard-home')) },
              { path: 'sim', ...page(() => import('../features/sims/pages/sim-list-page')) },
              { path: 'sim/:id', ...page(() => import('../features/sims/pages/sim-detail-page')) },
              { path: 'port-in', ...page(() => import('./routes/dashboard-port-in')) },
              { path: 'payment', ...page(() => import('../features/billing/pages/payments-page')) },
              { path: 'add-ons', ...page(() => import('../features/sims/pages/add-ons-page')) },
              { path: 'invoice', ...page(() => import('../features/invoices/pages/invoice-list-page')) },
              { path: 'my-profile', ...page(() => import('./routes/dashboard-my-profile')) },
              { path: 'order-status', ...page(() => import('../features/orders/pages/order-status-page')) },
              { path: 'order-view/:id', ...page(() => import('../features/orders/pages/order-view-page')) },
              { path: 'transaction', ...page(() => import('../features/billing/pages/transactions-page')) },
              { path: 'usage', ...page(() => import('./routes/dashboard-usage')) },
              { path: 'add-sims', ...page(() => import('../features/sims/pages/add-sims-page')) },
              { path: 'purchase/sim', ...page(() => import('./routes/dashboard-purchase-sim')) },
            ],
          },
        ],
      },

      // Spec §2 unknown-path rule: a trailing unknown segment is a reseller code.
      // Its own words (the 404 page) are startup messages: a reseller link moves on without waiting.
      { path: '*', ...startupPage(() => import('./routes/unknown-path')) },
  ];
}
