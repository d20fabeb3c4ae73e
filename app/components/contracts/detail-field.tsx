import type * as React from "react";

/** A card of labelled fields on the contract detail page. */
export function DetailCard({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-4 text-lg font-bold text-brand-navy">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One labelled value; an empty value reads "Not given". */
export function DetailField({ label, children }: { label: string; children: React.ReactNode }) {
  const empty = children === null || children === undefined || children === "";
  return (
    <div className="grid gap-0.5 sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words whitespace-pre-line text-slate-900">{empty ? <span className="text-slate-500">Not given</span> : children}</dd>
    </div>
  );
}
