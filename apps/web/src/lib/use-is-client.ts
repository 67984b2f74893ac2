import { useSyncExternalStore } from 'react';

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
