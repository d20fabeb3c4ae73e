import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * false in the server render and during hydration, true once React runs in
 * the browser. Forms use it to show messages inline without JavaScript and
 * as toasts with it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
