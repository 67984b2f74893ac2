import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while the browser hydrates server HTML, true otherwise. For what exists only
 * in a browser (portals into document.body, measurements): rendering it after hydration keeps the
 * first client render equal to the server's HTML (decision 202).
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

let hydrationOver = false;

/**
 * Like `useIsClient`, but the change after hydration is a transition: what it reveals (a client-only
 * page such as checkout replacing its server frame) renders in slices of work rather than in one
 * synchronous render (decision 226). Mounted later (a client-side navigation), it is true at once.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydrationOver);
  useEffect(() => {
    hydrationOver = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
