import { z } from "zod";
import type { ContractStatus } from "~/db/schema/contracts";
import { daysInMonth, ordinal } from "~/domain/site-settings/setting-schemas";
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
  return dateProblem("", value) === null;
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

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** What is wrong with a date filter's value, named ("Posted from: February 2026 has no 30th day."), or null. */
function dateProblem(label: string, value: string): string | null {
  const m = DATE.exec(value);
  if (!m) return `${label} must be a date written YYYY-MM-DD, like 2026-11-25.`;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > 2999) return `${label} must be a date from the year 1900 to 2999.`;
  if (month < 1 || month > 12) return `${label}: there is no month ${month}.`;
  if (day === 0) return `${label}: there is no day 0 in a month.`;
  const days = daysInMonth(year, month);
  if (day > days) return `${label}: ${MONTH_NAMES[month - 1]} ${year} has no ${ordinal(day)} day (it has ${days}).`;
  return null;
}

const date = (label: string) =>
  one(label).pipe(
    z
      .string()
      .superRefine((value, ctx) => {
        const problem = dateProblem(label, value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
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
  });

const KEYS = ["q", "source", "category", "state", "min", "max", "posted_from", "posted_to", "deadline_from", "deadline_to", "status", "stage", "bookmarked", "veteran", "closing_soon", "sort", "page"] as const;

export type ContractFilterKey = (typeof KEYS)[number];

/** The filter form's values as given in the URL, per parameter (what the form shows back when refused). */
export type ContractFilterInput = Partial<Record<ContractFilterKey, string[]>>;

/** One reason a view's filters cannot be used, and the parameter it is about (null: the whole form). */
export interface ContractFilterProblem {
  field: ContractFilterKey | null;
  message: string;
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** A parameter's only value when it has exactly one that `valid` accepts. */
function single(input: ContractFilterInput, key: ContractFilterKey, valid: (value: string) => boolean): string | undefined {
  const values = input[key] ?? [];
  return values.length === 1 && valid(values[0]!) ? values[0] : undefined;
}

/**
 * The ranges that run backwards, each checked whenever both of its ends are themselves valid, whatever
 * else is wrong (a reversed posted range is reported beside a bad value range, not after it is fixed).
 */
function reversedRanges(input: ContractFilterInput): ContractFilterProblem[] {
  const out: ContractFilterProblem[] = [];
  const dollars = (value: string) => /^\d{1,12}$/.test(value);
  const min = single(input, "min", dollars);
  const max = single(input, "max", dollars);
  if (min !== undefined && max !== undefined && Number(min) > Number(max)) out.push({ field: "max", message: "Minimum value must not be more than the maximum value." });
  const postedFrom = single(input, "posted_from", isCalendarDate);
  const postedTo = single(input, "posted_to", isCalendarDate);
  if (postedFrom && postedTo && postedFrom > postedTo) out.push({ field: "posted_to", message: "Posted from must not be after posted to." });
  const deadlineFrom = single(input, "deadline_from", isCalendarDate);
  const deadlineTo = single(input, "deadline_to", isCalendarDate);
  if (deadlineFrom && deadlineTo && deadlineFrom > deadlineTo) out.push({ field: "deadline_to", message: "Deadline from must not be after deadline to." });
  return out;
}

/** The form's values of a view that parsed (what it shows): the URL it would make. */
export function contractFilterInputOf(filters: ContractFilters): ContractFilterInput {
  const params = contractFiltersToSearchParams(filters);
  const out: ContractFilterInput = {};
  for (const key of KEYS) {
    const values = params.getAll(key);
    if (values.length > 0) out[key] = values;
  }
  return out;
}

export type ParsedContractFilters =
  | { ok: true; filters: ContractFilters }
  | {
      ok: false;
      /** Every problem, in the form's order, as one text. */
      message: string;
      problems: ContractFilterProblem[];
      /** What was given, to show back in the form. */
      input: ContractFilterInput;
    };

/** The list's filters from the URL, or every problem with them in words (the loader answers 400 with them). */
export function parseContractFilters(params: URLSearchParams): ParsedContractFilters {
  const input: Record<ContractFilterKey, string[]> = {} as Record<ContractFilterKey, string[]>;
  // An empty value is no value ("All sources" in a select posts source=).
  for (const key of KEYS) input[key] = params.getAll(key).filter((value) => value !== "");
  const parsed = schema.safeParse(input);
  const problems: ContractFilterProblem[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const key = issue.path[0];
        return { field: (KEYS as readonly unknown[]).includes(key) ? (key as ContractFilterKey) : null, message: issue.message };
      });
  problems.push(...reversedRanges(input));
  if (!parsed.success || problems.length > 0) {
    const order = (p: ContractFilterProblem) => (p.field === null ? -1 : KEYS.indexOf(p.field));
    problems.sort((a, b) => order(a) - order(b));
    const given: ContractFilterInput = {};
    for (const key of KEYS) if (input[key].length > 0) given[key] = input[key].slice(0, CONTRACT_FILTER_MAX_VALUES).map((value) => value.slice(0, 1000));
    return { ok: false, message: problems.map((p) => p.message).join(" ") || "The filters are not valid.", problems, input: given };
  }
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
