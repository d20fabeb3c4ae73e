import { Check, LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { cn } from "~/lib/cn";

/**
 * The "Contacted" checkbox of a lead (spec 1 §2, §4). It is a submit button
 * with role="checkbox" inside a small form: without JavaScript a click posts
 * the form; with it a fetcher posts it and the page's loaders reload. It shows
 * the SAVED value only: the tick changes after the save succeeded (the list
 * reloads), never before; a failure is reported through `onResult`.
 */

export interface ContactedResult {
  ok: boolean;
  leadId?: string;
  error?: string;
}

export interface ContactedToggleProps {
  leadId: string;
  /** For the accessible name: "Contacted: Jane Doe". */
  name: string;
  contacted: boolean;
  /** The route whose action handles `intent=set-contacted` (default: the current route). */
  action?: string;
  onResult?: (result: ContactedResult) => void;
  className?: string;
}

export function ContactedToggle({ leadId, name, contacted, action, onResult, className }: ContactedToggleProps) {
  const fetcher = useFetcher<ContactedResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result) onResult?.(result);
    // Report each answer once (a new answer is a new object).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, result]);
  return (
    <fetcher.Form method="post" action={action} className={cn("inline-flex items-center gap-2", className)}>
      <input type="hidden" name="intent" value="set-contacted" />
      <input type="hidden" name="leadId" value={leadId} />
      <input type="hidden" name="contacted" value={String(!contacted)} />
      <button
        type="submit"
        role="checkbox"
        aria-checked={contacted}
        aria-label={`Contacted: ${name}`}
        aria-busy={busy || undefined}
        disabled={busy}
        className={cn(
          "flex size-6 items-center justify-center rounded-[5px] border-2 transition-colors outline-none",
          "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-wait",
          contacted ? "border-brand-navy bg-brand-navy text-white" : "border-slate-400 bg-white hover:border-brand-navy",
        )}
      >
        {contacted && !busy && <Check className="size-4" strokeWidth={3} aria-hidden="true" />}
        {busy && <LoaderCircle className={cn("size-4 animate-spin", contacted ? "text-white" : "text-brand-navy")} aria-hidden="true" />}
      </button>
    </fetcher.Form>
  );
}
