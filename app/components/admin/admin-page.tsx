import { Suspense } from "react";
import type * as React from "react";
import { Await } from "react-router";
import type { AdminLoadedData } from "./admin-data";
import { BackToDashboard } from "./back-to-dashboard";

export interface AdminPageProps {
  title: string;
  /** Shown after the title, e.g. the number of reviews: a number, or <AdminCount> for streamed data. */
  count?: number | null | React.ReactElement;
  description?: React.ReactNode;
  /** The primary action (e.g. the "Add Review" button). */
  action?: React.ReactNode;
  /** Links next to "Back to Dashboard". */
  links?: React.ReactNode;
  children: React.ReactNode;
}

/** The frame of every admin screen: Back to Dashboard, the title (with its count) and the primary action. */
export function AdminPage({ title, count, description, action, links, children }: AdminPageProps) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <BackToDashboard />
          {links}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {/* Focusable from script only: where focus goes when a list action removes the control that had it (FocusKeeper). */}
          <h1 tabIndex={-1} className="text-3xl font-bold tracking-tight text-brand-navy outline-none">
            {title}
            {typeof count === "number" ? <CountText count={count} /> : count}
          </h1>
          {action}
        </div>
        {description && <p className="text-slate-600">{description}</p>}
      </div>
      {children}
    </div>
  );
}

function CountText({ count }: { count: number }) {
  return (
    <>
      {" "}
      <span className="text-2xl font-semibold text-slate-500">({count})</span>
    </>
  );
}

/** The count of a screen's streamed data (from `adminLoad`), for AdminPage's `count`; nothing until it arrives. */
export function AdminCount<T>({ resolve, count }: { resolve: Promise<AdminLoadedData<T>>; count: (data: T) => number }) {
  return (
    <Suspense fallback={null}>
      <Await resolve={resolve}>{(loaded: AdminLoadedData<T>) => (loaded.ok ? <CountText count={count(loaded.data)} /> : null)}</Await>
    </Suspense>
  );
}
