import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { isToastHostWanted, requestToastHost, subscribeToastHost } from './toast';

const Toasts = lazy(() => import('./toast-container'));

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
