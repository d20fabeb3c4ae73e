import type * as React from "react";
import { Skeleton } from "~/components/ui/skeleton";

/** The loading state of an admin list: its text (announced) and placeholder rows. */
export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-busy="true" className="grid gap-3 rounded-xl border border-border bg-white p-5 shadow-sm">
      <p className="text-sm text-slate-600">{label}</p>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** What an empty admin list says, with an optional action ("Add your first ..."). */
export function EmptyState({ children, action }: { children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="text-slate-600">{children}</p>
      {action}
    </div>
  );
}
