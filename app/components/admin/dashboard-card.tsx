import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";

export interface DashboardCardProps {
  title: string;
  description: string;
  to: string;
  icon: LucideIcon;
  /** A live figure, e.g. "3 new leads". */
  figure?: string | null;
  /** "attention" (red: something to act on, e.g. new leads) or "neutral" (a plain count, e.g. "6 services"). */
  figureTone?: "attention" | "neutral";
  /** The card's links (default: one Open button to `to`). */
  actions?: React.ReactNode;
}

/** One card of the admin dashboard (with its Open button) or of a hub such as /admin/cms (with its own links). */
export function DashboardCard({ title, description, to, icon: Icon, figure, figureTone = "attention", actions }: DashboardCardProps) {
  const titleId = `card-${to.replaceAll("/", "-")}`;
  return (
    <Card aria-labelledby={titleId} role="region" data-card={title} className="justify-between">
      <CardHeader>
        <div className="flex items-start gap-3">
          <span className="rounded-lg bg-brand-navy/10 p-2 text-brand-navy">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="grid gap-1">
            <CardTitle>
              <h2 id={titleId} className="text-lg font-semibold text-brand-navy">
                {title}
              </h2>
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {figure ? (
          <p data-figure className={figureTone === "neutral" ? "text-sm font-semibold text-slate-700" : "text-sm font-semibold text-brand-red"}>
            {figure}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {actions ?? (
          <Link to={to} className={buttonVariants({ className: "w-full sm:w-auto" })} aria-label={`Open ${title}`}>
            Open
          </Link>
        )}
      </CardFooter>
    </Card>
  );
}
