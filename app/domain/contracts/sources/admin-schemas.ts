import { z } from "zod";
import { booleanChoice, checkboxFlag, optionalText, recordId, requiredText } from "~/lib/text-fields";
import { isHttpUrl } from "~/lib/url-safety";
import { cronExpressionSchema } from "~/lib/cron-expression";

/**
 * What /admin/contracts/sources and /admin/contracts/sources/:id send (spec 2 §2, §5, §8; issue 11 items 4
 * and 5): one schema per intent, shared by the browser (field errors before posting) and the action, and
 * the screens' texts. Browser-safe: no server code here. ADR 027.
 */

/** The spec's texts (§2, §5, §8) word for word, and this screen's own in the same style. */
export const SOURCE_TEXT = {
  title: "Contract Sources",
  description: "The sites the contract crawler searches, with their request limits.",
  back: "Back to Contracts",
  loading: "Loading contract sources...",
  loadFailed: "Error loading sources",
  /** The same failure's toast (spec 2 §8: "Failed to load contract sources (with retry)"). */
  loadFailedToast: "Failed to load contract sources",
  tryAgain: "Try Again",
  empty: "No contract sources configured",
  emptyHint: "Get started by adding your first contract source",
  noDescription: "No description",
  add: "Add Source",
  edit: "Edit Source",
  create: "Create Source",
  update: "Update Source",
  createFailed: "Failed to create source",
  updateFailed: "Failed to update source",
  deleteFailed: "Failed to delete source",
  testFailed: "Failed to test source",
  created: "Source created successfully",
  updated: "Source updated successfully",
  deleted: "Source deleted successfully",
  testOk: "Source is working correctly",
  testNotOk: "Source test failed",
  nameRequired: "Name is required.",
  slugRequired: "Slug is required.",
  slugPattern: "Slug must contain only lowercase letters, numbers, and hyphens.",
  slugTaken: "Another source already uses this slug. Choose a different one.",
  baseUrlRequired: "Base URL is required.",
  urlInvalid: "Please enter a valid URL.",
  /** The catalogue's text, then the address it would be with https:// in front (typed without a scheme). */
  urlWithoutScheme: (suggestion: string) => `Please enter a valid URL. Start it with https://, like ${suggestion}`,
  urlCredentials: "Leave the user name and password out of the URL.",
  baseUrlPrivate: "The crawler may not fetch this address: it is on this machine or a private network.",
  sourceTypeRequired: "Source type is required.",
  perHourBelowPerMinute: "Requests per hour must be at least the requests per minute.",
  activeLabel: "Active — this source will be available for crawling",
  deleteHasContracts: (name: string, count: number) =>
    `${name} has ${count} ${count === 1 ? "contract" : "contracts"}, which would lose their source. Make the source inactive instead: it will no longer be crawled, and its contracts stay.`,
  deleteCrawling: (name: string) => `A crawl of ${name} is running. Wait for it to finish, then try again.`,
} as const;

/** The search configurations' texts (issue 11 item 5), in the catalogue's style. */
export const CONFIG_TEXT = {
  title: (source: string) => `${source}: Search Configurations`,
  back: "Back to Sources",
  loading: "Loading search configurations...",
  loadFailed: "Failed to load search configurations",
  notFound: "This source does not exist. It may have been deleted.",
  empty: "No search configurations yet",
  emptyHint: "Add a configuration to tell the crawler what to search this source for.",
  add: "Add Configuration",
  edit: "Edit Configuration",
  create: "Create Configuration",
  update: "Update Configuration",
  saveFailed: "Failed to save configuration",
  statusFailed: "Failed to update configuration status",
  defaultFailed: "Failed to set the default configuration",
  created: "Configuration created successfully",
  updated: "Configuration updated successfully",
  activated: "Configuration activated successfully",
  deactivated: "Configuration deactivated successfully",
  madeDefault: "Default configuration updated successfully",
  nameRequired: "Name is required.",
  nameTaken: "This source already has a configuration with this name.",
  keywordsRequired: "Enter at least one keyword.",
  keywordTooLong: (max: number) => `Each keyword can have at most ${max} characters.`,
  tooManyKeywords: (max: number) => `Use at most ${max} keywords.`,
  state: "Enter a two-letter state code, like OH.",
  jsonInvalid: "Custom parameters must be valid JSON.",
  jsonNotObject: 'Custom parameters must be a JSON object, like {"name": "value"}.',
  jsonValue: "Each custom parameter must be text, a number, true or false, or a list of texts.",
  jsonTooMany: (max: number) => `Use at most ${max} custom parameters.`,
  jsonKey: "Each custom parameter needs a name of at most 100 characters.",
  scheduleInvalid: "Enter a 5-field cron expression (minute hour day month weekday), like 0 6 * * * for daily at 06:00.",
  defaultMustBeActive: "The default configuration must be active.",
  keepOneDefault: "This is the default configuration: make another configuration the default first.",
  defaultLabel: "Default configuration — preselected when crawling this source",
  activeLabel: "Active — this configuration can be crawled and scheduled",
} as const;

/**
 * The source types (spec 2 §3) and the default rate limits (spec 2 §9), kept free of database imports so
 * the browser can load them; admin-schemas.test.ts checks they equal app/db/schema/contracts.ts.
 */
export const CONTRACT_SOURCE_TYPES = ["scraper", "api", "rss", "manual"] as const;
export type ContractSourceType = (typeof CONTRACT_SOURCE_TYPES)[number];
export const DEFAULT_RATE_LIMIT_CONFIG = { requestsPerMinute: 30, requestsPerHour: 1000, delayBetweenRequestsMs: 2000 } as const;

/** Spec 2 §2: the Source Type options. */
export const SOURCE_TYPE_LABELS: Record<ContractSourceType, string> = {
  scraper: "Web Scraper",
  api: "API",
  rss: "RSS Feed",
  manual: "Manual Entry",
};
export const SOURCE_TYPE_OPTIONS = CONTRACT_SOURCE_TYPES.map((value) => ({ value, label: SOURCE_TYPE_LABELS[value] }));

export const SOURCE_NAME_MAX = 200;
export const SOURCE_SLUG_MAX = 100;
export const SOURCE_DESCRIPTION_MAX = 2000;
export const SOURCE_URL_MAX = 2000;

/** Bounds of a source's rate limits (ADR 027); the defaults are spec 2 §9's. */
export const RATE_LIMIT_BOUNDS = {
  requestsPerMinute: { min: 1, max: 120 },
  requestsPerHour: { min: 1, max: 10_000 },
  delayBetweenRequestsMs: { min: 0, max: 60_000 },
} as const;

/**
 * Spec 2 §5: the slug derived from a name on create: lowercased, punctuation removed, spaces to hyphens,
 * repeated hyphens collapsed ("BidNet Direct" -> "bidnet-direct"). Accented letters lose their accents;
 * leading and trailing hyphens are dropped.
 */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{Mark}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, SOURCE_SLUG_MAX);
}

/**
 * `procure.ohio.gov` (a host name typed without http:// or https://) as `https://procure.ohio.gov`, when
 * that is a valid address; null for anything else (another scheme, spaces, no dot in the name).
 */
function withHttps(value: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || /\s/.test(value)) return null;
  const candidate = `https://${value.replace(/^\/+/, "")}`;
  if (!isHttpUrl(candidate)) return null;
  return new URL(candidate).hostname.includes(".") ? candidate : null;
}

/** Whether `value` is a URL the crawler may be pointed at: http(s), a host, no user name or password. */
function sourceUrl(value: string, ctx: z.RefinementCtx) {
  if (!isHttpUrl(value)) {
    const suggestion = withHttps(value);
    ctx.addIssue({ code: "custom", message: suggestion ? SOURCE_TEXT.urlWithoutScheme(suggestion) : SOURCE_TEXT.urlInvalid });
    return;
  }
  const url = new URL(value);
  if (url.username || url.password) ctx.addIssue({ code: "custom", message: SOURCE_TEXT.urlCredentials });
}

function rateField(name: keyof typeof RATE_LIMIT_BOUNDS, label: string) {
  const { min, max } = RATE_LIMIT_BOUNDS[name];
  const range = `${label} must be a whole number from ${min} to ${max.toLocaleString("en-US")}.`;
  return requiredText({ max: 12, requiredMessage: range })
    .refine((value) => /^\d+$/.test(value), range)
    .transform(Number)
    .pipe(z.number().int().min(min, range).max(max, range));
}

const sourceFields = {
  name: requiredText({ max: SOURCE_NAME_MAX, requiredMessage: SOURCE_TEXT.nameRequired }),
  slug: requiredText({ max: SOURCE_SLUG_MAX, requiredMessage: SOURCE_TEXT.slugRequired }).refine(
    (value) => /^[a-z0-9-]+$/.test(value),
    SOURCE_TEXT.slugPattern,
  ),
  description: optionalText({ max: SOURCE_DESCRIPTION_MAX, multiline: true }),
  baseUrl: requiredText({ max: SOURCE_URL_MAX, requiredMessage: SOURCE_TEXT.baseUrlRequired }).superRefine(sourceUrl),
  sourceType: z.enum(CONTRACT_SOURCE_TYPES, SOURCE_TEXT.sourceTypeRequired),
  logoUrl: optionalText({ max: SOURCE_URL_MAX }).superRefine((value, ctx) => {
    if (value !== null) sourceUrl(value, ctx);
  }),
  requestsPerMinute: rateField("requestsPerMinute", "Requests per minute"),
  requestsPerHour: rateField("requestsPerHour", "Requests per hour"),
  delayBetweenRequestsMs: rateField("delayBetweenRequestsMs", "Delay between requests"),
  isActive: checkboxFlag,
};

function perHourAllowsPerMinute(value: { requestsPerMinute: number; requestsPerHour: number }, ctx: z.RefinementCtx) {
  if (value.requestsPerHour < value.requestsPerMinute) {
    ctx.addIssue({ code: "custom", path: ["requestsPerHour"], message: SOURCE_TEXT.perHourBelowPerMinute });
  }
}

export const createSourceSchema = z.strictObject({ intent: z.literal("create-source"), ...sourceFields }).superRefine(perHourAllowsPerMinute);
export const updateSourceSchema = z
  .strictObject({ intent: z.literal("update-source"), id: recordId, ...sourceFields })
  .superRefine(perHourAllowsPerMinute);
const deleteSourceSchema = z.strictObject({ intent: z.literal("delete-source"), id: recordId });
const testSourceSchema = z.strictObject({ intent: z.literal("test-source"), id: recordId });

export const sourceActionSchema = z.discriminatedUnion("intent", [createSourceSchema, updateSourceSchema, deleteSourceSchema, testSourceSchema]);

type CreateSourceInput = z.output<typeof createSourceSchema>;
export type SourceFormInput = Omit<CreateSourceInput, "intent">;

/* ------------------------------------------------------------------------ */
/* Search configurations                                                     */
/* ------------------------------------------------------------------------ */

export const CONFIG_NAME_MAX = 200;
export const CONFIG_DESCRIPTION_MAX = 2000;
const KEYWORD_MAX = 100;
const KEYWORDS_MAX = 20;
export const LOCATION_ID_MAX = 50;
const CUSTOM_PARAMETERS_MAX = 30;
const CUSTOM_PARAMETER_VALUE_MAX = 500;
const CUSTOM_PARAMETERS_TEXT_MAX = 10_000;

/** Keywords typed one per line or separated by commas: trimmed, blanks dropped, repeats (any case) once. */
export function splitKeywords(text: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const part of text.split(/[,\n]/)) {
    const keyword = part.trim().replace(/\s+/g, " ");
    if (!keyword || seen.has(keyword.toLowerCase())) continue;
    seen.add(keyword.toLowerCase());
    out.push(keyword);
  }
  return out;
}

const keywordsField = requiredText({ max: KEYWORDS_MAX * (KEYWORD_MAX + 2), requiredMessage: CONFIG_TEXT.keywordsRequired, multiline: true })
  .transform(splitKeywords)
  .superRefine((keywords, ctx) => {
    if (keywords.length === 0) ctx.addIssue({ code: "custom", message: CONFIG_TEXT.keywordsRequired });
    else if (keywords.length > KEYWORDS_MAX) ctx.addIssue({ code: "custom", message: CONFIG_TEXT.tooManyKeywords(KEYWORDS_MAX) });
    else if (keywords.some((k) => k.length > KEYWORD_MAX)) ctx.addIssue({ code: "custom", message: CONFIG_TEXT.keywordTooLong(KEYWORD_MAX) });
  });

/** A custom parameter's value: what the adapters pass on as a query parameter (ADR 027). */
export type CustomParameterValue = string | number | boolean | string[];

function customParameterValue(value: unknown): value is CustomParameterValue {
  if (typeof value === "string") return value.length <= CUSTOM_PARAMETER_VALUE_MAX;
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value === "boolean") return true;
  return Array.isArray(value) && value.length <= 50 && value.every((item) => typeof item === "string" && item.length <= CUSTOM_PARAMETER_VALUE_MAX);
}

/** Custom parameters typed as a JSON object; blank = {}. */
const customParametersField = optionalText({ max: CUSTOM_PARAMETERS_TEXT_MAX, multiline: true }).transform((text, ctx): Record<string, CustomParameterValue> => {
  if (text === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: "custom", message: CONFIG_TEXT.jsonInvalid });
    return z.NEVER;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    ctx.addIssue({ code: "custom", message: CONFIG_TEXT.jsonNotObject });
    return z.NEVER;
  }
  const entries = Object.entries(value);
  if (entries.length > CUSTOM_PARAMETERS_MAX) {
    ctx.addIssue({ code: "custom", message: CONFIG_TEXT.jsonTooMany(CUSTOM_PARAMETERS_MAX) });
    return z.NEVER;
  }
  const out: Record<string, CustomParameterValue> = {};
  for (const [key, item] of entries) {
    if (!key.trim() || key.length > 100) {
      ctx.addIssue({ code: "custom", message: CONFIG_TEXT.jsonKey });
      return z.NEVER;
    }
    if (!customParameterValue(item)) {
      ctx.addIssue({ code: "custom", message: CONFIG_TEXT.jsonValue });
      return z.NEVER;
    }
    out[key] = item;
  }
  return out;
});

const scheduleField = optionalText({ max: 100 }).superRefine((value, ctx) => {
  if (value !== null && !cronExpressionSchema.safeParse(value).success) ctx.addIssue({ code: "custom", message: CONFIG_TEXT.scheduleInvalid });
});

const configFields = {
  name: requiredText({ max: CONFIG_NAME_MAX, requiredMessage: CONFIG_TEXT.nameRequired }),
  description: optionalText({ max: CONFIG_DESCRIPTION_MAX, multiline: true }),
  keywords: keywordsField,
  state: optionalText({ max: 2 + 8, tooLongMessage: CONFIG_TEXT.state })
    .refine((value) => value === null || /^[A-Za-z]{2}$/.test(value), CONFIG_TEXT.state)
    .transform((value) => (value === null ? null : value.toUpperCase())),
  locationId: optionalText({ max: LOCATION_ID_MAX }),
  customParameters: customParametersField,
  scheduleCron: scheduleField,
  isDefault: checkboxFlag,
  isActive: checkboxFlag,
};

function defaultIsActive(value: { isDefault: boolean; isActive: boolean }, ctx: z.RefinementCtx) {
  if (value.isDefault && !value.isActive) ctx.addIssue({ code: "custom", path: ["isActive"], message: CONFIG_TEXT.defaultMustBeActive });
}

export const createSearchConfigSchema = z
  .strictObject({ intent: z.literal("create-search-config"), sourceId: recordId, ...configFields })
  .superRefine(defaultIsActive);
export const updateSearchConfigSchema = z
  .strictObject({ intent: z.literal("update-search-config"), id: recordId, ...configFields })
  .superRefine(defaultIsActive);
/** Deactivate ("false") / Reactivate ("true"): the state to set, never a toggle. */
const setSearchConfigActiveSchema = z.strictObject({ intent: z.literal("set-search-config-active"), id: recordId, active: booleanChoice });
const setDefaultSearchConfigSchema = z.strictObject({ intent: z.literal("set-default-search-config"), id: recordId });

export const searchConfigActionSchema = z.discriminatedUnion("intent", [
  createSearchConfigSchema,
  updateSearchConfigSchema,
  setSearchConfigActiveSchema,
  setDefaultSearchConfigSchema,
]);

type CreateSearchConfigInput = z.output<typeof createSearchConfigSchema>;
export type SearchConfigFormInput = Omit<CreateSearchConfigInput, "intent" | "sourceId">;

/* ------------------------------------------------------------------------ */
/* A schedule, read aloud                                                    */
/* ------------------------------------------------------------------------ */

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const two = (n: number) => String(n).padStart(2, "0");

/**
 * A cron expression of a configuration in words, for its card and the form's hint: "Daily at 06:00",
 * "Weekdays at 07:30", "Mondays at 06:00", "Every hour at :15"; any other valid expression is shown as
 * itself ("Cron 0 6 1 * *"). All in Eastern time (the company's zone, ADR 024).
 */
export function describeSchedule(expression: string | null): string {
  if (!expression) return "Not scheduled";
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5 || !cronExpressionSchema.safeParse(expression).success) return `Cron ${expression}`;
  const [minute, hour, day, month, weekday] = parts as [string, string, string, string, string];
  const number = (text: string) => (/^\d{1,2}$/.test(text) ? Number(text) : null);
  const m = number(minute);
  const h = number(hour);
  const eastern = " (Eastern time)";
  if (m !== null && h !== null && day === "*" && month === "*") {
    const at = `at ${two(h)}:${two(m)}`;
    if (weekday === "*") return `Daily ${at}${eastern}`;
    if (weekday === "1-5") return `Weekdays ${at}${eastern}`;
    if (/^[0-7](,[0-7])*$/.test(weekday)) {
      const names = [...new Set(weekday.split(",").map((d) => DAY_NAMES[Number(d)]!))].map((d) => `${d}s`);
      return `${names.join(", ")} ${at}${eastern}`;
    }
  }
  if (m !== null && hour === "*" && day === "*" && month === "*" && weekday === "*") return `Every hour at :${two(m)}${eastern}`;
  return `Cron ${expression}${eastern}`;
}
