import { useEffect, useRef } from "react";
import { FormMessage } from "~/components/admin/form-message";
import { cn } from "~/lib/cn";

/**
 * The answer to one of the portal's forms, shown beside that form (issue 31 item 5: "Saved" far above the
 * screen went unseen on a phone) in a live region that is always in the page, so that screen readers
 * announce it when it fills. Once it shows, the answer is where the homeowner is looking: when the control
 * they used is still there it keeps the focus and the answer is scrolled into view; when it went away (a
 * form emptied and drawn again, "Confirm appointment" replaced by the confirmed time) the answer itself
 * takes the focus, next to where the control was, instead of the page's top.
 */

export interface PortalAnswerValue {
  ok: boolean;
  message: string;
  reference?: string | undefined;
  /** The box's title; "Saved" or "Error" by default. */
  title?: string | undefined;
}

export function PortalAnswer({ answer, id, className }: { answer: PortalAnswerValue | null | undefined; id: string; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const shown = answer?.message ? answer : null;

  useEffect(() => {
    if (!shown) return;
    const lost = () => {
      const active = document.activeElement;
      return !active || active === document.body || active.id === "main" || active.tagName === "H1" || !active.isConnected;
    };
    // After the page's other effects (a form reset, FocusKeeper's restore): see where the focus is.
    const frame = window.requestAnimationFrame(() => {
      const element = box.current;
      if (!element) return;
      if (lost()) element.focus();
      else element.scrollIntoView({ block: "nearest" });
    });
    // The page's data is reloaded after the answer arrives (a second render, later on a busy phone): a form
    // drawn again then can still take the focused control away. Watch for that for two seconds.
    let checks = 0;
    const watch = window.setInterval(() => {
      checks += 1;
      if (lost() && box.current) box.current.focus();
      if (checks >= 20) window.clearInterval(watch);
    }, 100);
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearInterval(watch);
    };
  }, [shown]);

  return (
    <div
      ref={box}
      id={id}
      tabIndex={-1}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      // Empty (no size) until it answers; never display:none, which would keep it out of the accessibility tree.
      className={cn("scroll-mb-4 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2", shown && "mt-4", className)}
    >
      {shown && (
        <FormMessage
          announce={false}
          variant={shown.ok ? "success" : "error"}
          title={shown.title ?? (shown.ok ? "Saved" : "Error")}
          text={shown.message}
          reference={shown.reference}
        />
      )}
    </div>
  );
}
