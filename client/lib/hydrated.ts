import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/**
 * False on the server and while hydrating, true once React runs in the browser: for what only the browser knows
 * (its clock's time zone) or can do (submit a form), without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
