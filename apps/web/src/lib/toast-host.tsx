import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { ensureAllMessages } from './intl/locale-store';
import { isToastHostWanted, requestToastHost, subscribeToastHost } from './toast';

// Toasts speak every message group (errors, cart, sessions): they wait for the whole catalogue.
const Toasts = lazy(async () => (await Promise.all([import('./toast-container'), ensureAllMessages()]))[0]);

/** How long after start-up the toast code is fetched anyway, so the first toast shows without delay. */
const WARM_UP_MS = 2500;

/** Mounts react-toastify's container once a toast is raised, or shortly after start-up. */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToastHost, isToastHostWanted, isToastHostWanted);
  useEffect(() => {
    const timer = window.setTimeout(requestToastHost, WARM_UP_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
