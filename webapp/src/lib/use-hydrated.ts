import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates what it rendered, true on
 * every render after (and on a page rendered in the browser from scratch). What only the
 * browser knows (the location's hash, storage) waits for it, so the hydration matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
