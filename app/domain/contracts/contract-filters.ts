import { z } from "zod";
import type { ContractStatus } from "~/db/schema/contracts";
import { textProblem } from "~/lib/text-fields";

/**
 * The filters, sort and page of the contract list (/admin/contracts) and its
 * CSV export, read from and written to the URL. Browser-safe: no server code
 * (the schema import above is a type only).
 *
 * URL parameters: q, source (repeatable), category (repeatable), state, min,
 * max, posted_from, posted_to, deadline_from, deadline_to (YYYY-MM-DD),
 * status (repeatable), stage (repeatable), bookmarked=1, veteran=1,
 * closing_soon=1, sort, page. Anything else in the URL is ignored.
 */

export type { ContractStatus };

export const CONTRACT_SORTS = ["posted", "deadline", "value", "relevance"] as const;
export type ContractSort = (typeof CONTRACT_SORTS)[number];

export const CONTRACT_SORT_LABELS: Record<ContractSort, string> = {
  posted: "Newest posted",
  deadline: "Deadline soonest",
  value: "Highest value",
  relevance: "Most relevant",
};

export const PIPELINE_STAGES = ["new", "reviewing", "bidding", "submitted", "won", "lost", "no_bid"] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

export const PIPELINE_STAGE_LABELS: Record<PipelineStage, string> = {
  new: "New",
  reviewing: "Reviewing",
  bidding: "Bidding",
  submitted: "Submitted",
  won: "Won",
  lost: "Lost",
  no_bid: "No bid",
};

/** The contract statuses (the same values as the database's check, see contract-filters.test.ts). */
export const CONTRACT_STATUS_VALUES = ["active", "closed", "awarded", "cancelled", "archived"] as const satisfies readonly ContractStatus[];

export const CONTRACTS_PER_PAGE = 50;
/** A deadline within this many days (from now) is "Closing soon". */
export const CLOSING_SOON_DAYS = 7;
const CONTRACT_SEARCH_MAX = 200;
const CONTRACT_FILTER_MAX_VALUES = 20;
const CONTRACT_MAX_PAGE = 10_000;
/** The largest estimated value a filter takes (the column holds 12 digits before the point). */
const CONTRACT_MAX_VALUE = 999_999_999_999;

export interface ContractFilters {
  q?: string;
  /** Source slugs. */
  sources: string[];
  /** Category slugs. */
  categories: string[];
  /** Two-letter state code, upper-case. */
  state?: string;
  minValue?: number;
  maxValue?: number;
  /** YYYY-MM-DD (company calendar days, America/New_York). */
  postedFrom?: string;
  postedTo?: string;
  deadlineFrom?: string;
  deadlineTo?: string;
  statuses: ContractStatus[];
  stages: PipelineStage[];
  bookmarked: boolean;
  veteran: boolean;
  closingSoon: boolean;
  sort: ContractSort;
  page: number;
}

export const DEFAULT_CONTRACT_FILTERS: ContractFilters = Object.freeze({
  sources: [],
  categories: [],
  statuses: [],
  stages: [],
  bookmarked: false,
  veteran: false,
  closingSoon: false,
  sort: "posted",
  page: 1,
}) as ContractFilters;

const SLUG = /^[a-z0-9-]{1,100}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const one = (label: string) =>
  z
    .array(z.string())
    .max(1, `${label} is given more than once.`)
    .transform((values) => values[0] || undefined);

const many = <T extends z.ZodType<string>>(label: string, item: T) =>
  z.array(item).max(CONTRACT_FILTER_MAX_VALUES, `Choose at most ${CONTRACT_FILTER_MAX_VALUES} values for ${label}.`);

const flag = (label: string) =>
  one(label).pipe(
    z
      .literal("1", `${label} must be 1 when set.`)
      .optional()
      .transform((value) => value === "1"),
  );

const date = (label: string) =>
  one(label).pipe(
    z
      .string()
      .refine(isCalendarDate, `${label} must be a date like 2026-11-25.`)
      .optional(),
  );

const money = (label: string) =>
  one(label).pipe(
    z
      .string()
      .regex(/^\d{1,12}$/, `${label} must be a whole number of dollars from 0 to ${CONTRACT_MAX_VALUE}.`)
      .transform(Number)
      .optional(),
  );

const search = one("Search").pipe(
  z
    .string()
    .max(CONTRACT_SEARCH_MAX * 4, `Search must be at most ${CONTRACT_SEARCH_MAX} characters.`)
    .superRefine((value, ctx) => {
      const problem = textProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: `Search: ${problem}` });
    })
    .transform((value) => value.normalize("NFC").trim().replace(/\s+/g, " "))
    .pipe(z.string().max(CONTRACT_SEARCH_MAX, `Search must be at most ${CONTRACT_SEARCH_MAX} characters.`))
    .transform((value) => value || undefined)
    .optional(),
);

const schema = z
  .object({
    q: search,
    source: many("source", z.string().regex(SLUG, "Source is not a valid source.")),
    category: many("category", z.string().regex(SLUG, "Category is not a valid category.")),
    state: one("State").pipe(
      z
        .string()
        .regex(/^[A-Za-z]{2}$/, "State must be a two-letter code like OH.")
        .transform((value) => value.toUpperCase())
        .optional(),
    ),
    min: money("Minimum value"),
    max: money("Maximum value"),
    posted_from: date("Posted from"),
    posted_to: date("Posted to"),
    deadline_from: date("Deadline from"),
    deadline_to: date("Deadline to"),
    status: many("status", z.enum(CONTRACT_STATUS_VALUES, "Status is not a valid contract status.")),
    stage: many("stage", z.enum(PIPELINE_STAGES, "Stage is not a valid pipeline stage.")),
    bookmarked: flag("Bookmarked"),
    veteran: flag("Veteran"),
    closing_soon: flag("Closing soon"),
    sort: one("Sort").pipe(
      z
        .enum(CONTRACT_SORTS, "Sort must be one of posted, deadline, value or relevance.")
        .optional()
        .transform((value): ContractSort => value ?? "posted"),
    ),
    page: one("Page").pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, `Page must be a whole number from 1 to ${CONTRACT_MAX_PAGE}.`)
        .transform(Number)
        .pipe(z.number().min(1, `Page must be a whole number from 1 to ${CONTRACT_MAX_PAGE}.`).max(CONTRACT_MAX_PAGE, `Page must be a whole number from 1 to ${CONTRACT_MAX_PAGE}.`))
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.min !== undefined && v.max !== undefined && v.min > v.max) ctx.addIssue({ code: "custom", message: "Minimum value must not be more than the maximum value." });
    if (v.posted_from && v.posted_to && v.posted_from > v.posted_to) ctx.addIssue({ code: "custom", message: "Posted from must not be after posted to." });
    if (v.deadline_from && v.deadline_to && v.deadline_from > v.deadline_to) ctx.addIssue({ code: "custom", message: "Deadline from must not be after deadline to." });
  });

const KEYS = ["q", "source", "category", "state", "min", "max", "posted_from", "posted_to", "deadline_from", "deadline_to", "status", "stage", "bookmarked", "veteran", "closing_soon", "sort", "page"] as const;

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** The list's filters from the URL, or the first problem in words (the loader answers 400 with it). */
export function parseContractFilters(params: URLSearchParams): { ok: true; filters: ContractFilters } | { ok: false; message: string } {
  const input: Record<string, string[]> = {};
  // An empty value is no value ("All sources" in a select posts source=).
  for (const key of KEYS) input[key] = params.getAll(key).filter((value) => value !== "");
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "The filters are not valid." };
  const v = parsed.data;
  const filters: ContractFilters = {
    sources: unique(v.source),
    categories: unique(v.category),
    statuses: unique(v.status),
    stages: unique(v.stage),
    bookmarked: v.bookmarked,
    veteran: v.veteran,
    closingSoon: v.closing_soon,
    sort: v.sort,
    page: v.page ?? 1,
  };
  if (v.q !== undefined) filters.q = v.q;
  if (v.state !== undefined) filters.state = v.state;
  if (v.min !== undefined) filters.minValue = v.min;
  if (v.max !== undefined) filters.maxValue = v.max;
  if (v.posted_from !== undefined) filters.postedFrom = v.posted_from;
  if (v.posted_to !== undefined) filters.postedTo = v.posted_to;
  if (v.deadline_from !== undefined) filters.deadlineFrom = v.deadline_from;
  if (v.deadline_to !== undefined) filters.deadlineTo = v.deadline_to;
  return { ok: true, filters };
}

/** The URL parameters of `filters`, in a fixed order, defaults left out (page 1, sort posted, empty values). */
export function contractFiltersToSearchParams(filters: ContractFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (filters.q) out.set("q", filters.q);
  for (const slug of filters.sources) out.append("source", slug);
  for (const slug of filters.categories) out.append("category", slug);
  if (filters.state) out.set("state", filters.state);
  if (filters.minValue !== undefined) out.set("min", String(filters.minValue));
  if (filters.maxValue !== undefined) out.set("max", String(filters.maxValue));
  if (filters.postedFrom) out.set("posted_from", filters.postedFrom);
  if (filters.postedTo) out.set("posted_to", filters.postedTo);
  if (filters.deadlineFrom) out.set("deadline_from", filters.deadlineFrom);
  if (filters.deadlineTo) out.set("deadline_to", filters.deadlineTo);
  for (const status of filters.statuses) out.append("status", status);
  for (const stage of filters.stages) out.append("stage", stage);
  if (filters.bookmarked) out.set("bookmarked", "1");
  if (filters.veteran) out.set("veteran", "1");
  if (filters.closingSoon) out.set("closing_soon", "1");
  if (filters.sort !== "posted") out.set("sort", filters.sort);
  if (filters.page > 1) out.set("page", String(filters.page));
  return out;
}
