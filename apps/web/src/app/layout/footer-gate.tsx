import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ensureAllMessages } from '../../lib/intl/locale-store';
import { hidesFooter } from './site-links';

/** Spec §9: the footer appears one second after the app starts, keeping it out of the first paint. */
export const FOOTER_DELAY_MS = 1000;

// The footer's words are outside the startup message groups (decision 200).
const Footer = lazy(async () => (await Promise.all([import('./footer'), ensureAllMessages()]))[0]);

export function FooterGate() {
  const { pathname } = useLocation();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    // A transition: the footer renders in slices, never as one task a tap would wait behind.
    const timer = window.setTimeout(() => startTransition(() => setReady(true)), FOOTER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!ready || hidesFooter(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  );
}
