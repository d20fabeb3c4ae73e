import { z } from "zod";
import { calendarDateProblem, DATE_ERRORS, emailAddress, optionalText, requiredText, textProblem } from "~/lib/text-fields";
import { isSitePath, parseHttpUrl } from "~/lib/url-safety";
import { parseSlotKey } from "~/domain/scheduling/slots";
import { BOOKING_TEXT } from "~/domain/scheduling/booking-text";
import { ADDRESS_TEXT, FORM_LIMITS, INSPECTION_TEXT, PIPELINE_STATUSES, SERVICE_VALUES, US_STATE_CODES } from "./options";

/**
 * Validation of everything the leads domain accepts (QUALITY S15): the public
 * inspection form and the staff's changes. Shared by the form (field names,
 * limits) and the actions. Text follows the shared rules of
 * ~/lib/text-fields.ts: control characters (NUL..., and tabs and line breaks
 * in one-line fields), text-direction overrides and lone surrogates are
 * refused with a clear message, never stripped. Allowed text is trimmed and
 * NFC-normalised, and runs of spaces in one-line fields become one.
 */

/** Runs of whitespace in one-line text as one space (control characters are refused before this). */
const collapseSpaces = (value: string) => value.replace(/\s+/g, " ");

/* -------------------------------------------------------------------------- */
/* Phone numbers                                                              */
/* -------------------------------------------------------------------------- */

/**
 * A US (NANP) phone number in E.164 (+1XXXXXXXXXX), from the usual ways of
 * writing one: "614-555-0147", "(614) 555 0147", "614.555.0147",
 * "+1 614 555 0147", "1-614-555-0147". Anything else (letters, extensions,
 * other countries, impossible area codes or exchanges) is null.
 */
export function normalizeUsPhone(raw: string): string | null {
  const value = raw.trim().replace(/[\u2010-\u2015\u2212]/g, "-");
  if (value.length === 0 || value.length > FORM_LIMITS.phone) return null;
  if (!/^\+?[\d\s().-]+$/.test(value)) return null;
  let digits = value.replace(/\D/g, "");
  if (value.startsWith("+") && !digits.startsWith("1")) return null;
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length !== 10) return null;
  // Area code and exchange start with 2-9; N11 codes (411, 911...) are services, not area codes.
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits) || /^[2-9]11/.test(digits)) return null;
  return `+1${digits}`;
}

/* -------------------------------------------------------------------------- */
/* The inspection request                                                     */
/* -------------------------------------------------------------------------- */

/** The file field of the form. */
export const INSPECTION_FILE_FIELD = "files";
/** The honeypot: hidden from people, filled in by bots. */
export const HONEYPOT_FIELD = "company_website";

const REQUIRED_FIELDS = ["firstName", "lastName", "email", "phone"] as const;

const REQUIRED = "This field is required.";

/** One-line required text (the shared rules), spaces collapsed. */
const requiredLine = (max: number) => requiredText({ max, requiredMessage: REQUIRED }).transform(collapseSpaces);

/** A person's name: required, and at least one letter (not only digits, symbols or invisible characters). */
const personName = (max: number) => requiredLine(max).refine((v) => /\p{L}/u.test(v), "Enter a name.");

/** One-line optional text (the shared rules), spaces collapsed; blank = null. */
const optionalLine = (max: number) => optionalText({ max }).transform((v) => (v === null ? null : collapseSpaces(v)));

/** "on" (a checked checkbox), "true" or "1"; absent, "", "false", "off" or "0" = false. */
const checkbox = z
  .enum(["on", "true", "1", "yes", "", "false", "off", "0", "no"], "Must be a checkbox value.")
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1" || v === "yes");

function isIsoDate(value: string): boolean {
  return calendarDateProblem(value) === null;
}

const PHONE_INVALID = "Enter a 10-digit US phone number, like (614) 555-0147.";

const inspectionRequestSchema = z.strictObject(
  {
    firstName: personName(FORM_LIMITS.name),
    lastName: personName(FORM_LIMITS.name),
    email: emailAddress({
      max: FORM_LIMITS.email,
      requiredMessage: REQUIRED,
      tooLongMessage: "This email address is too long.",
      invalidMessage: "Enter a valid email address, like name@example.com.",
    }),
    phone: requiredText({ max: FORM_LIMITS.phone, requiredMessage: REQUIRED, tooLongMessage: PHONE_INVALID }).transform((v, ctx) => {
      const e164 = normalizeUsPhone(v);
      if (!e164) {
        ctx.addIssue({ code: "custom", message: PHONE_INVALID });
        return z.NEVER;
      }
      return e164;
    }),
    service: z
      .enum(["", ...SERVICE_VALUES], "Choose one of the listed services.")
      .optional()
      .transform((v) => (v ? v : null)),
    message: optionalText({ max: FORM_LIMITS.message, multiline: true }),
    // The property's address (issue 31 item 1): optional, but street, city and ZIP together (parseInspectionFields).
    addressStreet: optionalLine(FORM_LIMITS.addressStreet),
    addressCity: optionalLine(FORM_LIMITS.addressCity),
    addressState: z
      .enum(["", ...US_STATE_CODES], "Choose a state from the list.")
      .optional()
      .transform((v) => (v ? v : null)),
    addressZip: z
      .string()
      .max(20, ADDRESS_TEXT.zip)
      .optional()
      .transform((v) => (v ? v.trim() : null))
      .refine((v) => v === null || /^\d{5}(-\d{4})?$/.test(v), ADDRESS_TEXT.zip),
    // A chosen inspection slot, "2026-12-01T09:00" Eastern Time (issue 31 item 3): the request books it.
    slot: z
      .string()
      .max(40, BOOKING_TEXT.slotInvalid)
      .optional()
      .transform((v) => (v ? v.trim() : null))
      .refine((v) => v === null || parseSlotKey(v) !== null, BOOKING_TEXT.slotInvalid),
    // The /estimate inputs the request came with (issue 31 item 4), as their query string: the server prices them again.
    estimate: z
      .string()
      .max(500)
      .optional()
      .transform((v) => (v ? v.trim() : null)),
    hasInsuranceDocs: checkbox,
    insuranceCompany: optionalLine(FORM_LIMITS.insuranceCompany),
    claimNumber: optionalLine(FORM_LIMITS.claimNumber),
    // Each refusal names its problem (issue 23): a date written right that is not on the calendar says
    // which day the month lacks; one in the future or too old says so. A day of slack for time zones.
    dateOfLoss: z
      .string()
      .max(40, DATE_ERRORS.format)
      .optional()
      .transform((v) => (v ? v.trim() : null))
      .superRefine((v, ctx) => {
        if (v === null) return;
        const problem = calendarDateProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
        else if (v > new Date(Date.now() + 86_400_000).toISOString().slice(0, 10))
          ctx.addIssue({ code: "custom", message: "The date of loss cannot be in the future." });
        else if (v < "1990-01-01") ctx.addIssue({ code: "custom", message: "The date of loss cannot be before 1990." });
      }),
    // Set by the form's script; empty in a post without JavaScript, which is then recognised by its details (ADR 030).
    submissionKey: z
      .string("The form's submission key is invalid; reload the page.")
      .regex(/^(?:[A-Za-z0-9_-]{16,128})?$/, "The form's submission key is invalid; reload the page.")
      .optional()
      .transform((v) => v || null),
    formId: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,63}$/, "Unknown form.")
      .optional(),
    landingPath: z
      .string()
      .max(FORM_LIMITS.landingPath)
      .optional()
      .transform((v) => (v && isSitePath(v) ? v : null)),
    referrer: z
      .string()
      .max(FORM_LIMITS.referrer)
      .optional()
      .transform((v) => (v ? (parseHttpUrl(v)?.slice(0, FORM_LIMITS.referrer) ?? null) : null)),
    [HONEYPOT_FIELD]: z.string().max(2_000).optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field(s): ${issue.keys.join(", ")}` : undefined) },
);

type InspectionRequestFields = z.input<typeof inspectionRequestSchema>;
export type InspectionRequest = z.output<typeof inspectionRequestSchema>;
export type InspectionFieldName = keyof InspectionRequestFields;

export const INSPECTION_FIELD_NAMES = Object.keys(inspectionRequestSchema.shape) as InspectionFieldName[];

/** The text fields kept in the form when a submission fails (never the key, the honeypot or attribution). */
export const KEPT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "service",
  "message",
  "addressStreet",
  "addressCity",
  "addressState",
  "addressZip",
  "slot",
  "estimate",
  "hasInsuranceDocs",
  "insuranceCompany",
  "claimNumber",
  "dateOfLoss",
] as const satisfies readonly InspectionFieldName[];
export type KeptValues = Partial<Record<(typeof KEPT_FIELDS)[number], string>>;

export interface InspectionValidationFailure {
  /** Some required field is missing or empty: the spec's "Missing Information" notice. */
  missingRequired: boolean;
  /** Message per field name; `_form` for problems not tied to one field. */
  fieldErrors: Record<string, string>;
}

/**
 * Reads the text fields of a submission: every field at most once, no field
 * outside the schema. Returns the parsed request or the errors.
 */
export function parseInspectionFields(
  fields: ReadonlyMap<string, readonly string[]>,
): { ok: true; data: InspectionRequest } | { ok: false; error: InspectionValidationFailure } {
  // A null-prototype object: a field named "__proto__" is a field like any other (and refused below).
  const input: Record<string, string> = Object.create(null) as Record<string, string>;
  const fieldErrors: Record<string, string> = {};
  const unknown: string[] = [];
  for (const [name, values] of fields) {
    if (!Object.hasOwn(inspectionRequestSchema.shape, name)) {
      unknown.push(name);
      continue;
    }
    if (values.length > 1) fieldErrors[name] = `The field ${name} was sent twice.`;
    input[name] = values[0] ?? "";
  }
  if (unknown.length > 0) fieldErrors._form = `Unknown field(s): ${unknown.map((n) => JSON.stringify(n)).join(", ")}`;
  const parsed = inspectionRequestSchema.safeParse({ ...input });
  if (parsed.success) {
    // An address is whole or absent: a street without its city and ZIP cannot be visited.
    const d = parsed.data;
    // A booked inspection needs the address: the inspector goes there (issue 31 item 3).
    if (d.slot || d.addressStreet || d.addressCity || d.addressZip) {
      if (!d.addressStreet) fieldErrors.addressStreet ??= ADDRESS_TEXT.street;
      if (!d.addressCity) fieldErrors.addressCity ??= ADDRESS_TEXT.city;
      if (!d.addressZip) fieldErrors.addressZip ??= ADDRESS_TEXT.zip;
    }
  }
  if (parsed.success && Object.keys(fieldErrors).length === 0) {
    const d = parsed.data;
    // A whole address without a state is in the company's state (the form preselects it).
    return { ok: true, data: d.addressStreet && !d.addressState ? { ...d, addressState: "OH" } : d };
  }
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "_form";
    fieldErrors[key] ??= issue.message;
  }
  const missingRequired = REQUIRED_FIELDS.some((f) => fieldErrors[f] === REQUIRED);
  return { ok: false, error: { missingRequired, fieldErrors } };
}

/** The title and text shown for a validation failure (spec 1 §5 for missing fields). */
export function validationNotice(error: InspectionValidationFailure): { title: string; message: string } {
  return error.missingRequired
    ? { title: INSPECTION_TEXT.missingTitle, message: INSPECTION_TEXT.missingText }
    : { title: INSPECTION_TEXT.invalidTitle, message: INSPECTION_TEXT.invalidText };
}

/* -------------------------------------------------------------------------- */
/* Staff changes                                                              */
/* -------------------------------------------------------------------------- */

const leadId = z.uuid("Unknown lead.");

export const setContactedSchema = z.strictObject({
  intent: z.literal("set-contacted"),
  leadId,
  contacted: z.enum(["true", "false"]).transform((v) => v === "true"),
});

export const setStatusSchema = z.strictObject({
  intent: z.literal("set-status"),
  status: z.enum(PIPELINE_STATUSES, "Choose a status."),
});

export const addNoteSchema = z.strictObject({
  intent: z.literal("add-note"),
  body: requiredText({ max: 5_000, multiline: true, requiredMessage: "Write a note first.", tooLongMessage: "Use at most 5,000 characters." }),
});

export const updateInsuranceSchema = z.strictObject({
  intent: z.literal("update-insurance"),
  hasInsuranceDocs: checkbox,
  insuranceCompany: optionalLine(FORM_LIMITS.insuranceCompany),
  claimNumber: optionalLine(FORM_LIMITS.claimNumber),
  dateOfLoss: inspectionRequestSchema.shape.dateOfLoss,
});

/* -------------------------------------------------------------------------- */
/* The list's search and filters                                              */
/* -------------------------------------------------------------------------- */

export const LEADS_PAGE_SIZE = 50;

const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/**
 * Query parameters of /admin/leads and its CSV export. Invalid values are
 * dropped (a hand-edited URL shows the unfiltered list, never an error).
 */
const leadListQuerySchema = z.object({
  q: optionalParam(
    z
      .string()
      .max(200)
      .refine((v) => textProblem(v) === null)
      .transform((v) => collapseSpaces(v.normalize("NFC")).trim()),
  ).catch(undefined),
  status: optionalParam(z.enum(PIPELINE_STATUSES)).catch(undefined),
  service: optionalParam(z.enum([...SERVICE_VALUES, "none"])).catch(undefined),
  insurance: optionalParam(z.enum(["yes", "no"])).catch(undefined),
  from: optionalParam(z.string().refine(isIsoDate)).catch(undefined),
  to: optionalParam(z.string().refine(isIsoDate)).catch(undefined),
  page: optionalParam(z.coerce.number().int().min(1).max(100_000)).catch(undefined),
});

export type LeadListQuery = z.output<typeof leadListQuerySchema>;

export function parseLeadListQuery(params: URLSearchParams): LeadListQuery {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(leadListQuerySchema.shape)) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return leadListQuerySchema.parse(raw);
}

/** The query string of `query` (without page unless given), for links and the CSV export. */
export function leadListSearch(query: LeadListQuery, overrides: Partial<LeadListQuery> = {}): string {
  const merged = { ...query, ...overrides };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(merged)) {
    if (value === undefined || value === null || value === "") continue;
    if (key === "page" && value === 1) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/* -------------------------------------------------------------------------- */
/* The customer portal (issue 22)                                             */
/* -------------------------------------------------------------------------- */

/** The homeowner corrects the insurance details of their request (no "has documents": that stays staff's). */
export const correctInsuranceSchema = z.strictObject({
  intent: z.literal("update-insurance"),
  insuranceCompany: optionalLine(FORM_LIMITS.insuranceCompany),
  claimNumber: optionalLine(FORM_LIMITS.claimNumber),
  dateOfLoss: inspectionRequestSchema.shape.dateOfLoss,
});

/** The homeowner corrects the property's address in the portal (issue 31 item 1): all four parts. */
export const correctAddressSchema = z.strictObject({
  intent: z.literal("update-address"),
  addressStreet: requiredText({ max: FORM_LIMITS.addressStreet, requiredMessage: ADDRESS_TEXT.street }).transform(collapseSpaces),
  addressCity: requiredText({ max: FORM_LIMITS.addressCity, requiredMessage: ADDRESS_TEXT.city }).transform(collapseSpaces),
  addressState: z.enum(US_STATE_CODES, "Choose a state from the list."),
  addressZip: z
    .string()
    .transform((v) => v.trim())
    .refine((v) => /^\d{5}(-\d{4})?$/.test(v), ADDRESS_TEXT.zip),
});

/** Staff invite the homeowner to the portal from the lead page. */
export const inviteToPortalSchema = z.strictObject({ intent: z.literal("invite-to-portal") });
