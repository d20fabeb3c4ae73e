import { z } from "zod";
import { isHttpUrl, isSitePath } from "./url-safety";

/**
 * Shared zod field types for text that people type into forms (QUALITY S15,
 * R6). Used by the browser (to show a field error before posting) and by the
 * server (where the check counts), in the admin screens, the inspection form
 * and the account forms.
 *
 * Characters that have no business in typed text are REFUSED with a clear
 * message, never silently stripped (a stripped value is not what the person
 * sent, and "a@example.com\0" must not quietly become an address):
 * - NUL and every other C0/C1 control character, and U+2028/U+2029;
 *   tab and newline (and CR, normalised to newline) only in multi-line fields;
 * - bidirectional embedding, override and isolate characters (U+202A-U+202E,
 *   U+2066-U+2069), which can make text read differently from what it is;
 * - unpaired surrogates (not text at all).
 * Allowed text is trimmed and NFC-normalised; nothing else is changed.
 */

export const TEXT_ERRORS = {
  required: "This field is required.",
  control: "This field cannot contain control characters, tabs or line breaks.",
  controlMultiline: "This field cannot contain control characters (only line breaks and tabs are allowed).",
  bidi: "This field cannot contain text-direction override characters.",
  surrogate: "This field contains characters that are not valid text.",
  tooLong: (max: number) => `Use at most ${max} characters.`,
  url: "Enter a full web address starting with http:// or https://.",
  urlOrPath: "Enter a full web address starting with http:// or https://, or a path on this site starting with /.",
  hex: "Enter a color as # followed by six hex digits, like #3A3B3D.",
  wholeNumber: "Enter a whole number.",
  choice: "Choose one of the listed options.",
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL_SINGLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTI = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `value` is not acceptable typed text, or null when it is. */
export function textProblem(value: string, { multiline = false }: { multiline?: boolean } = {}): string | null {
  if (LONE_SURROGATE.test(value)) return TEXT_ERRORS.surrogate;
  if ((multiline ? CONTROL_MULTI : CONTROL_SINGLE).test(value)) return multiline ? TEXT_ERRORS.controlMultiline : TEXT_ERRORS.control;
  if (BIDI_CONTROL.test(value)) return TEXT_ERRORS.bidi;
  return null;
}

interface TextOptions {
  /** Most characters after trimming. */
  max: number;
  /** Message when missing, not text, empty or blank. Defaults to TEXT_ERRORS.required. */
  requiredMessage?: string;
  /** Message when longer than `max`. Defaults to "Use at most {max} characters." */
  tooLongMessage?: string;
  multiline?: boolean;
}

/**
 * A string with only acceptable characters (checked BEFORE trimming: a trailing
 * NUL is an error, not whitespace), trimmed and NFC-normalised; no length rules yet.
 */
function cleanText({ max, multiline = false, requiredMessage = TEXT_ERRORS.required, tooLongMessage = TEXT_ERRORS.tooLong(max) }: TextOptions) {
  return z
    .string({ error: requiredMessage })
    .max(max * 4 + 64, tooLongMessage)
    .superRefine((value, ctx) => {
      const problem = textProblem(value, { multiline });
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => {
      const normal = value.normalize("NFC").trim();
      return multiline ? normal.replace(/\r\n?/g, "\n") : normal;
    });
}

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * Whether `value` shows anything: at least one letter, digit, punctuation mark
 * or symbol once invisible characters (zero-width spaces, fillers, variation
 * selectors, soft hyphens...) are set aside. A lone combining mark shows nothing.
 */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value.replace(IGNORABLE, ""));
}

/** Required text: missing, empty, blank or only invisible characters is `requiredMessage`. */
export function requiredText(options: TextOptions) {
  const { max, requiredMessage = TEXT_ERRORS.required, tooLongMessage = TEXT_ERRORS.tooLong(max) } = options;
  return cleanText(options).pipe(z.string().max(max, tooLongMessage).refine(hasVisibleText, requiredMessage));
}

/** Optional text: missing, empty or blank becomes null. */
export function optionalText(options: Omit<TextOptions, "requiredMessage">) {
  const { max, tooLongMessage = TEXT_ERRORS.tooLong(max) } = options;
  return cleanText(options)
    .pipe(z.string().max(max, tooLongMessage))
    .optional()
    .transform((value) => (value ? value : null));
}

/** A required email address with the shared character rules (case kept). */
export function emailAddress(options: TextOptions & { invalidMessage: string }) {
  return requiredText(options).pipe(z.email(options.invalidMessage));
}

/** What an address may be: decided in ./url-safety (re-exported for the schemas that import it from here). */
export { isHttpUrl, isSitePath };

/** An optional absolute http(s) URL (never javascript:, data: or a relative path); blank = null. */
export function optionalHttpUrl({ max = 2000, message = TEXT_ERRORS.url as string }: { max?: number; message?: string } = {}) {
  return optionalText({ max }).refine((value) => value === null || isHttpUrl(value), message);
}

/**
 * An optional image or link address: an absolute http(s) URL, or a path on
 * this site (what the seeded content uses, e.g. "/images/team/a.svg"); blank = null.
 */
export function optionalUrlOrPath({ max = 2000, message = TEXT_ERRORS.urlOrPath as string }: { max?: number; message?: string } = {}) {
  return optionalText({ max }).refine((value) => value === null || isHttpUrl(value) || isSitePath(value), message);
}

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** "#RRGGBB", stored lower-case. */
export const hexColor = requiredText({ max: 32 })
  .refine((value) => HEX_COLOR.test(value), TEXT_ERRORS.hex)
  .transform((value) => value.toLowerCase());

/** A whole number in [min, max], typed as text ("15"); anything else is a field error, never a silent 0. */
export function wholeNumber({ min = 0, max = 1_000_000, requiredMessage = TEXT_ERRORS.wholeNumber as string }: { min?: number; max?: number; requiredMessage?: string } = {}) {
  return requiredText({ max: 12, requiredMessage })
    .refine((value) => /^-?\d+$/.test(value), TEXT_ERRORS.wholeNumber)
    .transform(Number)
    .pipe(z.number().int().min(min, `Enter a number from ${min} to ${max}.`).max(max, `Enter a number from ${min} to ${max}.`));
}

/**
 * A whole number that may be left blank: blank (or absent) is `blankAs`; anything else must be a whole
 * number in range, as {@link wholeNumber} (a typo is refused, never read as the default).
 */
export function wholeNumberOrBlank({ blankAs, ...range }: { blankAs: number; min?: number; max?: number }) {
  return z.preprocess((value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? String(blankAs) : value), wholeNumber(range));
}

/** A checkbox: "on"/"true"/"1" is true; absent, "", "false", "off" or "0" is false; anything else an error. */
export const checkboxFlag = z
  .enum(["on", "true", "1", "", "false", "off", "0"], TEXT_ERRORS.choice)
  .optional()
  .transform((value) => value === "on" || value === "true" || value === "1");

/** A required "true" / "false" (e.g. the state a button sets); anything else, or nothing, is an error. */
export const booleanChoice = z.enum(["true", "false"], TEXT_ERRORS.choice).transform((value) => value === "true");

/** Yes / No / Unknown as a select: "yes" -> true, "no" -> false, "unknown" or "" -> null. */
export const TRI_STATE_OPTIONS = [
  { value: "unknown", label: "Unknown" },
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;
export const triState = z
  .enum(["yes", "no", "unknown", ""], TEXT_ERRORS.choice)
  .optional()
  .transform((value) => (value === "yes" ? true : value === "no" ? false : null));

/** The select value of a nullable boolean (the inverse of `triState`). */
export function triStateValue(value: boolean | null | undefined): "yes" | "no" | "unknown" {
  return value === true ? "yes" : value === false ? "no" : "unknown";
}

/** One of `values`, or null when blank (an optional select). */
export function optionalChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .enum(["", ...values] as [string, ...string[]], TEXT_ERRORS.choice)
    .optional()
    .transform((value) => (value ? (value as T[number]) : null));
}

/** A record id (uuid) sent back by a form. */
export const recordId = z.uuid("This item does not exist.");

/** The id of the record a form edits: blank (a new record) becomes undefined. */
export const optionalRecordId = z
  .union([z.literal(""), recordId])
  .optional()
  .transform((value) => (value ? value : undefined));

/** Every id of a list in a new order, comma-separated (a reorder): 1 to 1000 distinct record ids. */
export const orderedRecordIds = requiredText({ max: 37 * 1000 })
  .transform((value) => value.split(","))
  .pipe(z.array(recordId).min(1).max(1000))
  .refine((ids) => new Set(ids).size === ids.length, "An item appears twice in the new order.");

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

export const DATE_ERRORS = {
  format: "Enter the date as YYYY-MM-DD, like 2019-03-14.",
  month: (month: number) => `There is no month ${month}: months run from 01 to 12.`,
  dayZero: "There is no day 0 in a month: days start at 01.",
} as const;

/**
 * Why `value` is not a calendar date written YYYY-MM-DD, naming the actual problem (issue 23: a date
 * that is already written YYYY-MM-DD must not be told to be written so), or null when it is one:
 * "2019-02-31" -> "February 2019 has no 31st: it has 28 days.", "2021-02-29" -> "... 2021 is not a
 * leap year". Shared by the lead forms and Site Settings; keep the signature.
 */
export function calendarDateProblem(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return DATE_ERRORS.format;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return DATE_ERRORS.month(month);
  if (day < 1) return DATE_ERRORS.dayZero;
  // Day 0 of the next month is the last day of this one (UTC: no time-zone or DST shifts).
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day <= days) return null;
  const name = `${MONTH_NAMES[month - 1]} ${year}`;
  if (month === 2 && day === 29) return `${name} has no 29th: ${year} is not a leap year.`;
  return `${name} has no ${ordinal(day)}: it has ${days} days.`;
}
