import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { isAdminActionData, type AdminActionData, type AdminToast } from "~/lib/admin-result";

/** Shows an admin action's answer as the spec's toast: "Success" or "Error" (destructive) with the catalogue's text. */
export function showAdminToast(value: AdminToast): void {
  const description =
    value.reference || value.detail ? (
      <>
        <span className="block">{value.text}</span>
        {value.detail && <span className="block">{value.detail}</span>}
        {value.reference && <span className="block text-xs opacity-80">Reference: {value.reference}</span>}
      </>
    ) : (
      value.text
    );
  if (value.variant === "success") {
    toast.success(value.title, { description });
    return;
  }
  toast.error(value.title, { description });
}

/**
 * A fetcher posting to an admin action (app/lib/admin-action.server.ts).
 * `onSuccess` / `onFailure` run once per answer; the answer's toast is raised
 * by the route's `clientAction` (admin-client-action.ts), which does not
 * depend on this component still being on the page.
 * Nothing is shown as changed before the server confirms it: React Router
 * reloads the screen's data after the action, and the list renders that.
 */
export function useAdminAction({ onSuccess, onFailure }: { onSuccess?: () => void; onFailure?: (result: AdminActionData) => void } = {}) {
  const fetcher = useFetcher<AdminActionData>();
  const handled = useRef<unknown>(null);
  const callbacks = useRef({ onSuccess, onFailure });
  callbacks.current = { onSuccess, onFailure };
  // The answer arrives while React Router reloads the screen's data (state "loading"): act on it at once,
  // since that reload may remove the row whose button posted (a deleted review) before the fetcher is idle.
  const result = isAdminActionData(fetcher.data) ? fetcher.data : undefined;

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) callbacks.current.onSuccess?.();
    else callbacks.current.onFailure?.(result);
  }, [result]);

  return { fetcher, pending: fetcher.state !== "idle", result };
}
