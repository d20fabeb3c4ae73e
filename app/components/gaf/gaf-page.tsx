import { ArrowLeft } from "~/components/site/icons";
import type * as React from "react";

export interface GafPageHeaderProps {
  /** Id of the `<h1>`; the page's first section can point `aria-labelledby` at it. */
  id?: string;
  eyebrow: string;
  title: string;
  children?: React.ReactNode;
  /** Sub-pages link back to /gaf (spec 1 §2). */
  backLink?: boolean;
  /** Links or controls under the intro. */
  actions?: React.ReactNode;
}

/** The navy title band of every GAF portal page: back link, eyebrow, `<h1>`, intro. */
export function GafPageHeader({ id = "page-heading", eyebrow, title, children, backLink = true, actions }: GafPageHeaderProps) {
  return (
    <div className="bg-brand-navy-dark text-white">
      <div className="mx-auto max-w-7xl px-4 pt-6 pb-12 sm:px-6 sm:pb-14 lg:px-8">
        {backLink ? (
          <a
            href="/gaf"
            className="inline-flex items-center gap-2 rounded-sm text-sm font-semibold text-slate-200 underline-offset-4 outline-none hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to GAF Portal
          </a>
        ) : null}
        <p className="mt-6 text-sm font-bold tracking-[0.18em] text-red-300 uppercase">{eyebrow}</p>
        <h1 id={id} className="mt-3 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">
          {title}
        </h1>
        {children ? <div className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-200">{children}</div> : null}
        {actions ? <div className="mt-8 flex flex-wrap items-center gap-4">{actions}</div> : null}
      </div>
    </div>
  );
}

/** The cream body of a GAF portal page. */
export function GafPageBody({ children, labelledBy = "page-heading" }: { children: React.ReactNode; labelledBy?: string }) {
  return (
    <section aria-labelledby={labelledBy} className="bg-brand-cream py-12 sm:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}

/** Classes of a text link on the cream body. */
export const gafLinkClass =
  "inline-flex items-center gap-1.5 rounded-sm font-semibold text-brand-navy underline underline-offset-4 outline-none hover:text-brand-red focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** Classes of a link on the navy header band. */
export const gafHeaderLinkClass =
  "inline-flex items-center gap-2 rounded-md border border-white/30 px-4 py-2.5 text-sm font-semibold text-white outline-none hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** The words screen readers hear after an external link's text. */
export function NewTabNote() {
  return <span className="sr-only"> (opens in a new tab)</span>;
}
