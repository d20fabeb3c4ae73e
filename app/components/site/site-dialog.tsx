import { X } from "~/components/site/icons";
import type * as React from "react";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";

export interface SiteDialogProps {
  /** The dialog's id: `data-dialog-open="<id>"` on a link opens it (app/enhance/dialogs.js). */
  id: string;
  /** Accessible name of the dialog (an element inside with id `${id}-title`). */
  titleId: string;
  /** Where the no-JavaScript "Close" link returns to (an id on the page, e.g. "hero-heading"). */
  returnTo: string;
  className?: string;
  children: React.ReactNode;
}

/**
 * A native `<dialog>` for public pages, which don't hydrate (ADR 007).
 *
 * - With JavaScript, app/enhance/dialogs.js opens it with `showModal()`
 *   (focus moves in, Escape closes, focus returns to the opener); the close
 *   buttons are `method="dialog"` forms and need no script.
 * - Without JavaScript, a link to `#<id>` makes the dialog the `:target`,
 *   which app.css shows as an overlay; a "Close" link leads back to `returnTo`.
 */
export function SiteDialog({ id, titleId, returnTo, className, children }: SiteDialogProps) {
  return (
    <dialog
      id={id}
      data-dialog=""
      aria-labelledby={titleId}
      className={cn(
        "m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto overscroll-contain rounded-2xl border-0 bg-white p-0 text-foreground shadow-2xl backdrop:bg-slate-950/70 open:animate-zoom-in",
        className,
      )}
    >
      <div className="relative p-6 sm:p-8">
        <form method="dialog" className="js-only absolute top-3 right-3">
          <button
            type="submit"
            aria-label="Close"
            className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 transition-colors outline-none hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </form>
        {children}
        <div className="mt-8 flex justify-end">
          <form method="dialog" className="js-only">
            <button type="submit" className={buttonVariants({ variant: "outline" })}>
              Close
            </button>
          </form>
          <a href={`#${returnTo}`} className={cn("nojs-only", buttonVariants({ variant: "outline" }))}>
            Close
          </a>
        </div>
      </div>
    </dialog>
  );
}
