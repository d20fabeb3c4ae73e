import { Download, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { PIPELINE_STATUS_OPTIONS, SERVICE_OPTIONS } from "~/domain/leads/options";
import type { LeadListQuery } from "~/domain/leads/schemas";
import { cn } from "~/lib/cn";

/** Search and filters of /admin/leads: a GET form (works without JavaScript), and the CSV export of the same list. */

const controlClass = cn(
  "h-10 w-full rounded-md border border-input bg-white px-3 text-sm text-foreground shadow-xs",
  "outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40",
);
const labelClass = "mb-1 block text-sm font-medium text-slate-700";

/** `rangeError`: the From/To dates were refused (reversed); both keep what was typed and point at the message. */
export function LeadFilters({ query, exportHref, rangeError = null }: { query: LeadListQuery; exportHref: string; rangeError?: string | null }) {
  const rangeProps = rangeError ? { "aria-invalid": true, "aria-describedby": "leads-range-error" } : {};
  const active = Boolean(query.q || query.status || query.service || query.insurance || query.from || query.to);
  return (
    <Form method="get" role="search" aria-label="Search and filter leads" className="grid gap-4 rounded-xl border border-border bg-white p-4 shadow-sm">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        <div className="sm:col-span-2">
          <label htmlFor="leads-q" className={labelClass}>
            Search
          </label>
          <input id="leads-q" name="q" type="search" defaultValue={query.q ?? ""} placeholder="Name, email, phone or message" className={controlClass} />
        </div>
        <div>
          <label htmlFor="leads-status" className={labelClass}>
            Status
          </label>
          <select id="leads-status" name="status" defaultValue={query.status ?? ""} className={controlClass}>
            <option value="">Any status</option>
            {PIPELINE_STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="leads-service" className={labelClass}>
            Service
          </label>
          <select id="leads-service" name="service" defaultValue={query.service ?? ""} className={controlClass}>
            <option value="">Any service</option>
            {SERVICE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
            <option value="none">Not specified</option>
          </select>
        </div>
        <div>
          <label htmlFor="leads-insurance" className={labelClass}>
            Insurance
          </label>
          <select id="leads-insurance" name="insurance" defaultValue={query.insurance ?? ""} className={controlClass}>
            <option value="">Any</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </select>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor="leads-from" className={labelClass}>
              From
            </label>
            <input id="leads-from" name="from" type="date" defaultValue={query.from ?? ""} className={cn(controlClass, "px-2")} {...rangeProps} />
          </div>
          <div>
            <label htmlFor="leads-to" className={labelClass}>
              To
            </label>
            <input id="leads-to" name="to" type="date" defaultValue={query.to ?? ""} className={cn(controlClass, "px-2")} {...rangeProps} />
          </div>
          {rangeError && (
            <p id="leads-range-error" role="alert" className="col-span-2 text-sm text-destructive">
              {rangeError}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonVariants({ size: "sm" })}>
          <Search aria-hidden="true" />
          Apply filters
        </button>
        {active && (
          <Link to="/admin/leads" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            Clear
          </Link>
        )}
        <a href={exportHref} download className={cn(buttonVariants({ variant: "outline", size: "sm" }), "ml-auto")}>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </div>
    </Form>
  );
}
