import { Suspense, useEffect } from "react";
import type * as React from "react";
import { Await } from "react-router";
import { FormMessage } from "./form-message";
import { ListSkeleton } from "./list-states";
import { showAdminToast } from "./use-admin-action";

/** Mirrors AdminLoaded of app/lib/admin-action.server.ts (the browser must not import server code). */
export type AdminLoadedData<T> = { ok: true; data: T } | { ok: false; message: string; reference?: string };

function LoadFailed({ message, reference }: { message: string; reference?: string }) {
  useEffect(() => {
    showAdminToast({ variant: "error", title: "Error", text: message, reference });
  }, [message, reference]);
  return <FormMessage title="Error" text={message} />;
}

/**
 * Renders a screen's data loaded with `adminLoad` (app/lib/admin-action.server.ts):
 * the skeleton with the spec's loading text while it streams in, the
 * catalogue's load-failure text (in the page and as a toast) if it failed,
 * else `children(data)`. Reloads after a change keep the list on screen.
 */
export function AdminData<T>({
  resolve,
  loadingText,
  children,
}: {
  resolve: Promise<AdminLoadedData<T>>;
  loadingText: string;
  children: (data: T) => React.ReactNode;
}) {
  return (
    <Suspense fallback={<ListSkeleton label={loadingText} />}>
      <Await resolve={resolve}>
        {(loaded: AdminLoadedData<T>) =>
          loaded.ok ? children(loaded.data) : <LoadFailed message={loaded.message} reference={loaded.reference} />
        }
      </Await>
    </Suspense>
  );
}
