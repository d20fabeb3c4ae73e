import { useSyncExternalStore } from "react";

/**
 * Whether any module of the current page has loaded `toast` (see ./toast.ts).
 * app/root.tsx mounts the (lazily loaded) <Toaster /> only then, so pages
 * that never show a toast never download sonner (QUALITY P2: lean public JS).
 * Toasts raised before the Toaster mounts are replayed by sonner on mount.
 */
let requested = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (requested || typeof window === "undefined") return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}
