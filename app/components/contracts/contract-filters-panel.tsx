import { SlidersHorizontal } from "lucide-react";
import { useId } from "react";
import type * as React from "react";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import {
  CONTRACT_SORT_LABELS,
  CONTRACT_SORTS,
  CONTRACT_STATUS_VALUES,
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGES,
  type ContractFilters,
} from "~/domain/contracts/contract-filters";
import { FILTER_FORM_ID } from "./crawl-controls";
import { contractStatusLabel } from "~/domain/contracts/format";

export interface ContractFilterOptions {
  sources: { name: string; slug: string }[];
  categories: { name: string; slug: string }[];
  states: string[];
}

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40";

/** Whether a filter beyond source, search and sort is set (the panel then opens by itself). */
function hasMoreFilters(f: ContractFilters): boolean {
  return Boolean(
    f.categories.length || f.state || f.minValue !== undefined || f.maxValue !== undefined || f.postedFrom || f.postedTo ||
      f.deadlineFrom || f.deadlineTo || f.statuses.length || f.stages.length || f.bookmarked || f.veteran || f.closingSoon,
  );
}

/**
 * The list's filters (spec 2 §7 and issue 11): a GET form, so every view is a
 * URL that can be bookmarked and shared; the Source select and the Search box
 * of the Crawl Controls belong to it too. Sort sits outside the fold; the
 * rest folds under "More filters".
 */
export function ContractFiltersPanel({ filters, options }: { filters: ContractFilters; options: ContractFilterOptions }) {
  const id = useId();
  const key = JSON.stringify(filters);
  return (
    <Form method="get" id={FILTER_FORM_ID} key={key} aria-label="Contract filters" className="grid gap-4 rounded-xl border border-border bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-end gap-4">
        <Field id={`${id}-sort`} label="Sort by">
          <select id={`${id}-sort`} name="sort" defaultValue={filters.sort} className={selectClass}>
            {CONTRACT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {CONTRACT_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">Apply filters</Button>
          <Link to="/admin/contracts" className={buttonVariants({ variant: "outline" })}>
            Clear filters
          </Link>
        </div>
      </div>
      <details open={hasMoreFilters(filters) || undefined} className="group grid gap-4">
        <summary className="flex w-fit cursor-pointer items-center gap-2 rounded-md text-sm font-medium text-brand-navy focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          More filters
        </summary>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field id={`${id}-category`} label="Category">
            <select id={`${id}-category`} name="category" defaultValue={filters.categories[0] ?? ""} className={selectClass}>
              <option value="">All categories</option>
              {options.categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-state`} label="State">
            <select id={`${id}-state`} name="state" defaultValue={filters.state ?? ""} className={selectClass}>
              <option value="">All states</option>
              {options.states.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-min`} label="Minimum value (USD)">
            <Input id={`${id}-min`} name="min" type="number" inputMode="numeric" min={0} step={1} defaultValue={filters.minValue ?? ""} />
          </Field>
          <Field id={`${id}-max`} label="Maximum value (USD)">
            <Input id={`${id}-max`} name="max" type="number" inputMode="numeric" min={0} step={1} defaultValue={filters.maxValue ?? ""} />
          </Field>
          <Field id={`${id}-posted-from`} label="Posted from">
            <Input id={`${id}-posted-from`} name="posted_from" type="date" defaultValue={filters.postedFrom ?? ""} />
          </Field>
          <Field id={`${id}-posted-to`} label="Posted to">
            <Input id={`${id}-posted-to`} name="posted_to" type="date" defaultValue={filters.postedTo ?? ""} />
          </Field>
          <Field id={`${id}-deadline-from`} label="Deadline from">
            <Input id={`${id}-deadline-from`} name="deadline_from" type="date" defaultValue={filters.deadlineFrom ?? ""} />
          </Field>
          <Field id={`${id}-deadline-to`} label="Deadline to">
            <Input id={`${id}-deadline-to`} name="deadline_to" type="date" defaultValue={filters.deadlineTo ?? ""} />
          </Field>
        </div>
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Status</legend>
            {CONTRACT_STATUS_VALUES.map((status) => (
              <Check key={status} name="status" value={status} checked={filters.statuses.includes(status)} label={contractStatusLabel(status)} />
            ))}
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Pipeline stage</legend>
            {PIPELINE_STAGES.map((stage) => (
              <Check key={stage} name="stage" value={stage} checked={filters.stages.includes(stage)} label={PIPELINE_STAGE_LABELS[stage]} />
            ))}
          </fieldset>
          <fieldset className="grid content-start gap-2">
            <legend className="mb-1 text-sm font-medium">Show only</legend>
            <Check name="bookmarked" value="1" checked={filters.bookmarked} label="Bookmarked" />
            <Check name="veteran" value="1" checked={filters.veteran} label="Veteran set-aside" />
            <Check name="closing_soon" value="1" checked={filters.closingSoon} label="Closing within 7 days" />
          </fieldset>
        </div>
      </details>
    </Form>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="grid min-w-44 gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

function Check({ name, value, checked, label }: { name: string; value: string; checked: boolean; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="size-4 rounded border-input accent-brand-navy" />
      {label}
    </label>
  );
}
