import { Search, SlidersHorizontal } from "lucide-react";
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
  type ContractFilterInput,
  type ContractFilterKey,
  type ContractFilterProblem,
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

/** The filters under "More filters" (the fold opens by itself when one is set, or refused). */
const MORE_FILTERS: readonly ContractFilterKey[] = ["category", "state", "min", "max", "posted_from", "posted_to", "deadline_from", "deadline_to", "status", "stage", "bookmarked", "veteran", "closing_soon"];

/**
 * The list's filters (spec 2 §7 and issue 11): a GET form, so every view is a
 * URL that can be bookmarked and shared; the Source select of the Crawl
 * Controls belongs to it too. Search and Sort sit outside the fold; the rest
 * folds under "More filters".
 *
 * It shows `input`, the values as given: a view the loader refused comes back
 * with everything typed, "More filters" open when a refused or set filter is
 * in it, each problem under its field and all of them listed above the form.
 */
export function ContractFiltersPanel({
  input,
  problems = [],
  options,
}: {
  input: ContractFilterInput;
  problems?: readonly ContractFilterProblem[];
  options: ContractFilterOptions;
}) {
  const id = useId();
  const key = JSON.stringify(input);
  const first = (name: ContractFilterKey) => input[name]?.[0] ?? "";
  const all = (name: ContractFilterKey) => input[name] ?? [];
  const errorOf = (name: ContractFilterKey) =>
    problems
      .filter((p) => p.field === name)
      .map((p) => p.message)
      .join(" ") || undefined;
  const open = MORE_FILTERS.some((name) => all(name).length > 0 || errorOf(name));
  const field = (name: ContractFilterKey, label: string) => ({ id: `${id}-${name}`, label, error: errorOf(name) });
  return (
    <Form method="get" id={FILTER_FORM_ID} key={key} aria-label="Contract filters" className="grid gap-4 rounded-xl border border-border bg-white p-5 shadow-sm">
      {problems.length > 0 && (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          <p className="font-medium">These filters cannot be used:</p>
          <ul className="mt-1 list-disc pl-5" data-filter-problems>
            {problems.map((problem) => (
              <li key={`${problem.field ?? ""}:${problem.message}`}>{problem.message}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-4">
        <Field {...field("q", "Search")} grow>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground" />
            <Input
              {...invalid(field("q", "Search"))}
              type="search"
              name="q"
              defaultValue={first("q")}
              maxLength={200}
              placeholder="Title, agency or description"
              className="pl-9"
            />
          </div>
        </Field>
        <Field {...field("sort", "Sort by")}>
          <select {...invalid(field("sort", "Sort by"))} name="sort" defaultValue={first("sort") || "posted"} className={selectClass}>
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
      <details open={open || undefined} className="group grid gap-4">
        <summary className="flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-md text-sm font-medium text-brand-navy focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          More filters
        </summary>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field {...field("category", "Category")}>
            <select {...invalid(field("category", "Category"))} name="category" defaultValue={first("category")} className={selectClass}>
              <option value="">All categories</option>
              {options.categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <Field {...field("state", "State")}>
            <select {...invalid(field("state", "State"))} name="state" defaultValue={first("state")} className={selectClass}>
              <option value="">All states</option>
              {options.states.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          </Field>
          <Field {...field("min", "Minimum value (USD)")}>
            <Input {...invalid(field("min", "Minimum value (USD)"))} name="min" type="number" inputMode="numeric" min={0} step={1} defaultValue={first("min")} />
          </Field>
          <Field {...field("max", "Maximum value (USD)")}>
            <Input {...invalid(field("max", "Maximum value (USD)"))} name="max" type="number" inputMode="numeric" min={0} step={1} defaultValue={first("max")} />
          </Field>
          <Field {...field("posted_from", "Posted from")}>
            <Input {...invalid(field("posted_from", "Posted from"))} name="posted_from" type="date" defaultValue={first("posted_from")} />
          </Field>
          <Field {...field("posted_to", "Posted to")}>
            <Input {...invalid(field("posted_to", "Posted to"))} name="posted_to" type="date" defaultValue={first("posted_to")} />
          </Field>
          <Field {...field("deadline_from", "Deadline from")}>
            <Input {...invalid(field("deadline_from", "Deadline from"))} name="deadline_from" type="date" defaultValue={first("deadline_from")} />
          </Field>
          <Field {...field("deadline_to", "Deadline to")}>
            <Input {...invalid(field("deadline_to", "Deadline to"))} name="deadline_to" type="date" defaultValue={first("deadline_to")} />
          </Field>
        </div>
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Status</legend>
            {CONTRACT_STATUS_VALUES.map((status) => (
              <Check key={status} name="status" value={status} checked={all("status").includes(status)} label={contractStatusLabel(status)} />
            ))}
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Pipeline stage</legend>
            {PIPELINE_STAGES.map((stage) => (
              <Check key={stage} name="stage" value={stage} checked={all("stage").includes(stage)} label={PIPELINE_STAGE_LABELS[stage]} />
            ))}
          </fieldset>
          <fieldset className="grid content-start gap-2">
            <legend className="mb-1 text-sm font-medium">Show only</legend>
            <Check name="bookmarked" value="1" checked={first("bookmarked") !== ""} label="Bookmarked" />
            <Check name="veteran" value="1" checked={first("veteran") !== ""} label="Veteran set-aside" />
            <Check name="closing_soon" value="1" checked={first("closing_soon") !== ""} label="Closing within 7 days" />
          </fieldset>
        </div>
      </details>
    </Form>
  );
}

/** A control's id, and its error's id and state when refused. */
function invalid({ id, error }: { id: string; error?: string }) {
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined } as const;
}

function Field({ id, label, error, grow, children }: { id: string; label: string; error?: string; grow?: boolean; children: React.ReactNode }) {
  return (
    <div className={grow ? "grid min-w-0 flex-1 basis-64 gap-1" : "grid w-full min-w-0 gap-1 sm:w-auto sm:min-w-44"}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
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
