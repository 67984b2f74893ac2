import { useEffect, useRef, useState } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { useLocaleState } from '../lib/intl/locale-store';
import { DEFAULT_LOCALE } from '../lib/intl/locales';
import { ToastHost } from '../lib/toast-host';
import { createRouter } from './router';
import { onIntlError } from '../lib/intl/on-intl-error';

type Router = ReturnType<typeof createRouter>;

/**
 * After a language switch, the subscriber's data is asked for again: plan and add-on names in it
 * come in the request's language, and the request tells the server which language the account's
 * mail should use (decision 210). Public catalogue queries hold the language in their keys instead.
 */
function RefetchOnLanguageChange({ locale }: { locale: string }) {
  const queryClient = useQueryClient();
  const shown = useRef(locale);
  useEffect(() => {
    if (shown.current === locale) return;
    shown.current = locale;
    void queryClient.invalidateQueries({ queryKey: ['subscriber'] });
  }, [locale, queryClient]);
  return null;
}

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
        <RefetchOnLanguageChange locale={locale} />
        <ToastHost />
      </QueryClientProvider>
    </IntlProvider>
  );
}
