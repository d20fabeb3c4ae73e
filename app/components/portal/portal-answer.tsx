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
 *
 * It acts once per answer: `answer` must keep its identity while the page draws again for other reasons
 * (the page memoises it on its actionData). A new object on every render made it act again at the next
 * render, such as the one that disables another form's button when that form is sent: the focus, dropped
 * by that button, then jumped to this older answer (the "Add files" focus flake).
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
    // drawn again then can still take the focused control away. Watch for that for two seconds, until the
    // homeowner moves on: another form sent (its button, disabled while it goes, drops the focus: that
    // focus is the other form's, not this answer's) or a click elsewhere.
    let checks = 0;
    const watch = window.setInterval(() => {
      checks += 1;
      if (lost() && box.current) box.current.focus();
      if (checks >= 20) stop();
    }, 100);
    const stop = () => {
      window.clearInterval(watch);
      document.removeEventListener("submit", stop, true);
      document.removeEventListener("pointerdown", stop, true);
    };
    document.addEventListener("submit", stop, true);
    document.addEventListener("pointerdown", stop, true);
    return () => {
      window.cancelAnimationFrame(frame);
      stop();
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
