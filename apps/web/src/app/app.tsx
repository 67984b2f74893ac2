import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
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

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
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
