import type * as React from "react";
import { cn } from "~/lib/cn";

export interface PageHeroProps {
  /** Omitted when empty. */
  eyebrow?: React.ReactNode;
  title: React.ReactNode;
  /** Id of the `<h1>`, for `aria-labelledby`. */
  id?: string;
  children?: React.ReactNode;
  /** Shown beside the text from `lg` (e.g. a call-to-action card). */
  aside?: React.ReactNode;
  className?: string;
}

/**
 * The navy title band that opens every page except home: eyebrow, the page's
 * only `<h1>`, an intro. It continues the band the layout puts under the
 * fixed header.
 */
export function PageHero({ eyebrow, title, id = "page-title", children, aside, className }: PageHeroProps) {
  return (
    <section aria-labelledby={id} className={cn("bg-brand-navy-dark text-white", className)}>
      <div
        className={cn(
          "mx-auto max-w-7xl px-4 pt-12 pb-16 sm:px-6 sm:pt-16 sm:pb-20 lg:px-8",
          aside && "grid items-center gap-10 lg:grid-cols-[1fr_28rem] lg:gap-16",
        )}
      >
        <div className="max-w-3xl">
          {eyebrow && <p className="mb-3 text-sm font-bold tracking-[0.18em] text-red-300 uppercase">{eyebrow}</p>}
          <h1 id={id} className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {title}
          </h1>
          {children && <div className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-200">{children}</div>}
        </div>
        {aside}
      </div>
    </section>
  );
}
