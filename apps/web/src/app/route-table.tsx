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
 * shell plus one page. Pages other issues will build render the site layout with their title until
 * then (`titled`).
 */

type PageModule = { default: ComponentType };

/**
 * A page module as `import.meta.glob('<one file>')` gives it: its source path (the key) and its
 * loader. The path goes into the route's `handle.src`, which the server renderer looks up in the
 * build manifest to send the page's own stylesheet and scripts with the HTML (decision 202).
 */
type PageGlob = Record<string, () => Promise<PageModule>>;

export interface RouteHandle {
  /** The page module's path from the web app's root (`src/…`), as the build manifest names it. */
  src?: string;
  [key: string]: unknown;
}

function pageModule(glob: PageGlob): { src: string; load: () => Promise<PageModule> } {
  const entries = Object.entries(glob);
  const [key, load] = entries[0] ?? [];
  if (entries.length !== 1 || !key || !load) throw new Error(`a page glob must name exactly one module: ${Object.keys(glob).join(', ')}`);
  // Keys are relative to this file (src/app/); the manifest's are relative to the app's root.
  const parts: string[] = ['src', 'app'];
  for (const part of key.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return { src: parts.join('/'), load };
}

/**
 * A lazy page that also waits for the rest of the language's messages: the first load carries only
 * the startup groups (decision 200), which only home and the unknown-path page (`startupPage`) live on.
 */
function page(glob: PageGlob, handle: RouteHandle = {}): Pick<RouteObject, 'lazy' | 'handle'> {
  const { src, load } = pageModule(glob);
  return { handle: { ...handle, src }, lazy: async () => ({ Component: (await Promise.all([load(), ensureAllMessages()]))[0].default }) };
}

/** A lazy page whose messages are all in the startup groups (src/lib/intl/startup-groups.json): home. */
function startupPage(glob: PageGlob, handle: RouteHandle = {}): Pick<RouteObject, 'lazy' | 'handle'> {
  const { src, load } = pageModule(glob);
  return { handle: { ...handle, src }, lazy: async () => ({ Component: (await load()).default }) };
}

/** A page whose content comes with a later issue: the real layout and its translated title. */
function titled(path: string | null, titleId: string): RouteObject {
  const load: RouteObject['lazy'] = async () => ({ Component: (await Promise.all([import('./routes/titled-page'), ensureAllMessages()]))[0].default });
  return path === null ? { index: true, handle: { titleId }, lazy: load } : { path, handle: { titleId }, lazy: load };
}

const planGroupRoutes: RouteObject[] = PLAN_GROUPS.map(({ path }) => ({
  path,
  ...page(import.meta.glob<PageModule>('../features/catalogue/pages/plan-group-page.tsx'), { group: path }),
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
      { index: true, ...startupPage(import.meta.glob<PageModule>('./routes/home.tsx')) },
      { path: 'plan/:name', ...page(import.meta.glob<PageModule>('../features/catalogue/pages/plan-category-page.tsx')) },
      { path: 'plan/:name/:plan', ...page(import.meta.glob<PageModule>('./routes/plan-detail.tsx')) },
      {
        path: 'plans',
        ...page(import.meta.glob<PageModule>('../features/catalogue/pages/plans-layout.tsx')),
        children: [
          { index: true, element: <KeepSearchRedirect to="/plans/paygo" /> },
          ...planGroupRoutes,
          // The spec spells these paths unusually; the correct spellings lead to them.
          { path: 'immigrant', element: <KeepSearchRedirect to="/plans/imigrant" /> },
          { path: 'traveler', element: <KeepSearchRedirect to="/plans/travaler" /> },
        ],
      },
      { path: 'about-esim', ...page(import.meta.glob<PageModule>('../features/content/pages/about-esim-page.tsx')) },
      { path: 'international-rate', ...page(import.meta.glob<PageModule>('../features/rates/pages/international-rate-page.tsx')) },
      { path: 'shipping-fee', ...page(import.meta.glob<PageModule>('../features/shipping/pages/shipping-fee-page.tsx')) },
      { path: 'coverage', ...page(import.meta.glob<PageModule>('../features/network-coverage/pages/coverage-page.tsx')) },
      { path: 'coverage/:zipcode', ...page(import.meta.glob<PageModule>('../features/network-coverage/pages/coverage-page.tsx')) },
      { path: 'faq', ...page(import.meta.glob<PageModule>('../features/content/pages/faq-page.tsx')) },
      { path: 'about', ...page(import.meta.glob<PageModule>('../features/content/pages/about-page.tsx')) },
      { path: 'affiliate-program', ...page(import.meta.glob<PageModule>('./routes/affiliate-program.tsx')) },
      { path: 'privacy-policy', ...page(import.meta.glob<PageModule>('../features/content/pages/legal-page.tsx'), { legal: 'privacy' }) },
      { path: 'terms', ...page(import.meta.glob<PageModule>('../features/content/pages/legal-page.tsx'), { legal: 'terms' }) },
      { path: 'shipping-policy', ...page(import.meta.glob<PageModule>('../features/content/pages/legal-page.tsx'), { legal: 'shipping' }) },
      { path: 'refund-policy', ...page(import.meta.glob<PageModule>('../features/content/pages/legal-page.tsx'), { legal: 'refund' }) },
      { path: 'delete-account-policy', ...page(import.meta.glob<PageModule>('../features/content/pages/legal-page.tsx'), { legal: 'deleteAccount' }) },
      // Already in the entry chunk (the router's error element shows it), so no lazy import.
      { path: 'error-page', Component: ErrorPage },

      { path: 'activate', ...page(import.meta.glob<PageModule>('../features/sims/pages/activate-page.tsx')) },
      { path: 'wifi-actions', ...page(import.meta.glob<PageModule>('../features/sims/pages/wifi-actions-page.tsx')) },
      { path: 'port-in-number', ...page(import.meta.glob<PageModule>('./routes/port-in-number.tsx')) },
      { path: 'extend-your-sim', ...page(import.meta.glob<PageModule>('../features/sims/pages/support-action-page.tsx'), { support: 'extend' }) },
      { path: 'top-up-sim', ...page(import.meta.glob<PageModule>('../features/sims/pages/support-action-page.tsx'), { support: 'topUp' }) },
      { path: 'auth/registration', ...page(import.meta.glob<PageModule>('../features/auth/pages/registration-page.tsx')) },
      { path: 'auth/login', ...page(import.meta.glob<PageModule>('../features/auth/pages/login-page.tsx')) },
      { path: 'auth/reset-password', ...page(import.meta.glob<PageModule>('../features/auth/pages/reset-password-page.tsx')) },
      { path: 'auth/forgot-password', ...page(import.meta.glob<PageModule>('../features/auth/pages/forgot-password-page.tsx')) },
      { path: 'auth/social/:type', ...page(import.meta.glob<PageModule>('../features/auth/pages/social-auth-page.tsx')) },
      { path: 'payment', ...page(import.meta.glob<PageModule>('./routes/payment.tsx')) },
      titled('assign-result', 'page.assignResult.title'),
      { path: 'activation-result', ...page(import.meta.glob<PageModule>('../features/sims/pages/activation-result-page.tsx')) },
      { path: 'success-delete-account', ...page(import.meta.glob<PageModule>('../features/auth/pages/delete-account-success-page.tsx')) },
      { path: 'checkout', ...page(import.meta.glob<PageModule>('./routes/checkout.tsx')) },
      { path: 'select-payment', ...page(import.meta.glob<PageModule>('./routes/select-payment.tsx')) },
      { path: 'invoice', ...page(import.meta.glob<PageModule>('../features/invoices/pages/invoice-page.tsx')) },
      { path: 'payment-confirmation', ...page(import.meta.glob<PageModule>('./routes/payment-confirmation.tsx')) },
      { path: 'redirect/renew-sim-plan', ...page(import.meta.glob<PageModule>('../features/sims/pages/renew-redirect-page.tsx')) },

      {
        // Spec §6: signed-out visitors on these pages are sent to the login page.
        ...page(import.meta.glob<PageModule>('./routes/require-auth.tsx')),
        children: [
          {
            path: 'dashboard',
            // Provides how the SIM pages' orders (renewals, add-ons, top-ups) are paid: checkout's pages.
            ...page(import.meta.glob<PageModule>('./routes/dashboard-layout.tsx')),
            children: [
              { index: true, ...page(import.meta.glob<PageModule>('./routes/dashboard-home.tsx')) },
              { path: 'sim', ...page(import.meta.glob<PageModule>('../features/sims/pages/sim-list-page.tsx')) },
              { path: 'sim/:id', ...page(import.meta.glob<PageModule>('../features/sims/pages/sim-detail-page.tsx')) },
              { path: 'port-in', ...page(import.meta.glob<PageModule>('./routes/dashboard-port-in.tsx')) },
              { path: 'payment', ...page(import.meta.glob<PageModule>('../features/billing/pages/payments-page.tsx')) },
              { path: 'add-ons', ...page(import.meta.glob<PageModule>('../features/sims/pages/add-ons-page.tsx')) },
              { path: 'invoice', ...page(import.meta.glob<PageModule>('../features/invoices/pages/invoice-list-page.tsx')) },
              { path: 'my-profile', ...page(import.meta.glob<PageModule>('./routes/dashboard-my-profile.tsx')) },
              { path: 'order-status', ...page(import.meta.glob<PageModule>('../features/orders/pages/order-status-page.tsx')) },
              { path: 'order-view/:id', ...page(import.meta.glob<PageModule>('../features/orders/pages/order-view-page.tsx')) },
              { path: 'transaction', ...page(import.meta.glob<PageModule>('../features/billing/pages/transactions-page.tsx')) },
              { path: 'usage', ...page(import.meta.glob<PageModule>('./routes/dashboard-usage.tsx')) },
              titled('add-sims', 'page.dashboard.addSims.title'),
              titled('purchase/sim', 'page.dashboard.purchaseSim.title'),
            ],
          },
        ],
      },

      // Spec §2 unknown-path rule: a trailing unknown segment is a reseller code.
      // Its own words (the 404 page) are startup messages: a reseller link moves on without waiting.
      { path: '*', ...startupPage(import.meta.glob<PageModule>('./routes/unknown-path.tsx')) },
  ];
}
