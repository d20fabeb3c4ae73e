import { Info, TriangleAlert } from "~/components/site/icons";
import type * as React from "react";

export interface ListNoticeProps {
  /** "error": the list failed to load; "empty": nothing to show. */
  kind: "error" | "empty";
  children: React.ReactNode;
}

/**
 * Stands in for a portal list that is empty or could not be loaded (spec 1
 * §8): the page still renders and says so.
 */
export function ListNotice({ kind, children }: ListNoticeProps) {
  const Icon = kind === "error" ? TriangleAlert : Info;
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      data-list-notice={kind}
      className="mx-auto flex max-w-2xl items-start gap-3 rounded-xl border border-brand-cream-dark bg-white p-6 text-slate-700 shadow-sm"
    >
      <Icon className={kind === "error" ? "mt-0.5 size-5 shrink-0 text-brand-red" : "mt-0.5 size-5 shrink-0 text-brand-navy"} aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
