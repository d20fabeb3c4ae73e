import { Suspense, useEffect } from "react";
import type * as React from "react";
import { Await, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { FormMessage } from "./form-message";
import { ListSkeleton } from "./list-states";
import { showAdminToast } from "./use-admin-action";

/** Mirrors AdminLoaded of app/lib/admin-action.server.ts (the browser must not import server code). */
export type AdminLoadedData<T> = { ok: true; data: T } | { ok: false; message: string; reference?: string };

function LoadFailed({ message, toastText, reference, retryLabel }: { message: string; toastText?: string; reference?: string; retryLabel?: string }) {
  useEffect(() => {
    showAdminToast({ variant: "error", title: "Error", text: toastText ?? message, reference });
  }, [message, toastText, reference]);
  if (!retryLabel) return <FormMessage title="Error" text={message} />;
  return (
    <div className="grid justify-items-start gap-3">
      <FormMessage title="Error" text={message} className="w-full" />
      <RetryButton label={retryLabel} />
    </div>
  );
}

/** Loads the screen's data again (React Router's revalidation: its loaders run again). */
function RetryButton({ label }: { label: string }) {
  const revalidator = useRevalidator();
  const busy = revalidator.state !== "idle";
  return (
    <Button type="button" variant="outline" disabled={busy} aria-busy={busy || undefined} onClick={() => void revalidator.revalidate()}>
      {label}
    </Button>
  );
}

/**
 * Renders a screen's data loaded with `adminLoad` (app/lib/admin-action.server.ts):
 * the skeleton with the spec's loading text while it streams in, the
 * catalogue's load-failure text (in the page and as a toast) if it failed,
 * else `children(data)` (with `retryLabel`, the failure has a button that loads again). Reloads after a change keep the list on screen.
 */
export function AdminData<T>({
  resolve,
  loadingText,
  retryLabel,
  toastText,
  frame = (content) => content,
  children,
}: {
  resolve: Promise<AdminLoadedData<T>>;
  loadingText: string;
  /** A button under a load failure that loads the screen's data again ("Try Again"). */
  retryLabel?: string;
  /** The failure's toast, where the catalogue words it differently from the page's message. */
  toastText?: string;
  /**
   * The page frame around the skeleton and the failure, for a screen whose frame is drawn from its data
   * (`children` draws it once loaded): its heading and back links are there while it loads or if it fails.
   */
  frame?: (content: React.ReactNode) => React.ReactNode;
  children: (data: T) => React.ReactNode;
}) {
  return (
    <Suspense fallback={frame(<ListSkeleton label={loadingText} />)}>
      <Await resolve={resolve}>
        {(loaded: AdminLoadedData<T>) =>
          loaded.ok
            ? children(loaded.data)
            : frame(<LoadFailed message={loaded.message} toastText={toastText} reference={loaded.reference} retryLabel={retryLabel} />)
        }
      </Await>
    </Suspense>
  );
}
