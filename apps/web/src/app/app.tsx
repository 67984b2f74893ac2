import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { useLocaleState } from '../lib/intl/locale-store';
import { DEFAULT_LOCALE } from '../lib/intl/locales';
import { ToastHost } from '../lib/toast-host';
import { createRouter } from './router';

function onIntlError(error: { code?: string; message: string }) {
  // Missing translations fall back to English by design; anything else is a real bug worth seeing.
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error.message);
}

type Router = ReturnType<typeof createRouter>;

/**
 * The app around a router and a query client. main.tsx creates both before the messages have loaded,
 * so the first page's code downloads alongside its language.
 */
export function App(props: { router?: Router; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  const [router] = useState(() => props.router ?? createRouter());
  const { locale, messages } = useLocaleState();
  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale={DEFAULT_LOCALE} onError={onIntlError}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ToastHost />
      </QueryClientProvider>
    </IntlProvider>
  );
}
