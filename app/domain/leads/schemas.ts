import { z } from "zod";
import { FORM_LIMITS, INSPECTION_TEXT, PIPELINE_STATUSES, SERVICE_VALUES } from "./options";

/**
 * Validation of everything the leads domain accepts (QUALITY S15): the public
 * inspection form and the staff's changes. Shared by the form (field names,
 * limits) and the actions. Text is cleaned before it is checked: control
 * characters (NUL...), bidirectional overrides and lone surrogates are
 * removed, whitespace is collapsed in one-line fields.
 */

/* -------------------------------------------------------------------------- */
/* Text cleaning                                                              */
/* -------------------------------------------------------------------------- */

// eslint-disable-next-line no-control-regex
const C0_C1 = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const BIDI_AND_BOM = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** One-line text: no control characters at all, single spaces, trimmed, NFC. */
export function cleanLine(value: string): string {
  return value
    .replace(LONE_SURROGATE, "\ufffd")
    .normalize("NFC")
    .replace(/[\t\n\r]/g, " ")
    .replace(C0_C1, "")
    .replace(BIDI_AND_BOM, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Multi-line text: line breaks (\n) and tabs kept, other control characters removed, trimmed, NFC. */
export function cleanMultiline(value: string): string {
  return value
    .replace(LONE_SURROGATE, "\ufffd")
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(C0_C1, "")
    .replace(BIDI_AND_BOM, "")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{4,}/g, "\n\n\n")
    .trim();
}

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

export const REQUIRED_FIELDS = ["firstName", "lastName", "email", "phone"] as const;

const REQUIRED = "This field is required.";

const requiredLine = (max: number) =>
  z
    .string(REQUIRED)
    .max(max * 4, `Use at most ${max} characters.`)
    .transform(cleanLine)
    .pipe(z.string().min(1, REQUIRED).max(max, `Use at most ${max} characters.`));

/** A person's name: required, and at least one letter (not only digits, symbols or invisible characters). */
const personName = (max: number) => requiredLine(max).refine((v) => /\p{L}/u.test(v), "Enter a name.");

const optionalLine = (max: number) =>
  z
    .string()
    .max(max * 4, `Use at most ${max} characters.`)
    .transform(cleanLine)
    .pipe(z.string().max(max, `Use at most ${max} characters.`))
    .optional()
    .transform((v) => (v ? v : null));

/** "on" (a checked checkbox), "true" or "1"; absent, "", "false", "off" or "0" = false. */
const checkbox = z
  .enum(["on", "true", "1", "yes", "", "false", "off", "0", "no"], "Must be a checkbox value.")
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1" || v === "yes");

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A same-site path ("/about?utm_source=x"), never another origin. */
export function isSafeLocalPath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\\s]/.test(value)) return false;
  try {
    return new URL(value, "http://internal.invalid").origin === "http://internal.invalid";
  } catch {
    return false;
  }
}

export const inspectionRequestSchema = z.strictObject(
  {
    firstName: personName(FORM_LIMITS.name),
    lastName: personName(FORM_LIMITS.name),
    email: z
      .string(REQUIRED)
      .max(FORM_LIMITS.email * 4)
      .transform(cleanLine)
      .pipe(
        z
          .string()
          .min(1, REQUIRED)
          .max(FORM_LIMITS.email, "This email address is too long.")
          .pipe(z.email("Enter a valid email address, like name@example.com.")),
      ),
    phone: z
      .string(REQUIRED)
      .max(FORM_LIMITS.phone * 4)
      .transform(cleanLine)
      .pipe(z.string().min(1, REQUIRED))
      .transform((v, ctx) => {
        const e164 = normalizeUsPhone(v);
        if (!e164) {
          ctx.addIssue({ code: "custom", message: "Enter a 10-digit US phone number, like (614) 555-0147." });
          return z.NEVER;
        }
        return e164;
      }),
    service: z
      .enum(["", ...SERVICE_VALUES], "Choose one of the listed services.")
      .optional()
      .transform((v) => (v ? v : null)),
    message: z
      .string()
      .max(FORM_LIMITS.message * 4, `Use at most ${FORM_LIMITS.message} characters.`)
      .transform(cleanMultiline)
      .pipe(z.string().max(FORM_LIMITS.message, `Use at most ${FORM_LIMITS.message} characters.`))
      .optional()
      .transform((v) => (v ? v : null)),
    hasInsuranceDocs: checkbox,
    insuranceCompany: optionalLine(FORM_LIMITS.insuranceCompany),
    claimNumber: optionalLine(FORM_LIMITS.claimNumber),
    dateOfLoss: z
      .string()
      .max(10, "Enter a date.")
      .optional()
      .transform((v) => (v ? v.trim() : null))
      .refine((v) => v === null || isIsoDate(v), "Enter a valid date.")
      .refine((v) => v === null || (v >= "1990-01-01" && v <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)), {
        message: "The date of loss cannot be in the future.",
      }),
    submissionKey: z
      .string("The form is missing its submission key; reload the page.")
      .regex(/^[A-Za-z0-9_-]{16,128}$/, "The form's submission key is invalid; reload the page."),
    formId: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,63}$/, "Unknown form.")
      .optional(),
    landingPath: z
      .string()
      .max(FORM_LIMITS.landingPath)
      .optional()
      .transform((v) => (v && isSafeLocalPath(v) ? v : null)),
    referrer: z
      .string()
      .max(FORM_LIMITS.referrer)
      .optional()
      .transform((v) => {
        if (!v) return null;
        try {
          const url = new URL(v);
          return url.protocol === "http:" || url.protocol === "https:" ? url.href.slice(0, FORM_LIMITS.referrer) : null;
        } catch {
          return null;
        }
      }),
    [HONEYPOT_FIELD]: z.string().max(2_000).optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field(s): ${issue.keys.join(", ")}` : undefined) },
);

export type InspectionRequestFields = z.input<typeof inspectionRequestSchema>;
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
  if (parsed.success && Object.keys(fieldErrors).length === 0) return { ok: true, data: parsed.data };
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
  body: z
    .string()
    .max(40_000)
    .transform(cleanMultiline)
    .pipe(z.string().min(1, "Write a note first.").max(5_000, "Use at most 5,000 characters.")),
});

export const updateInsuranceSchema = z.strictObject({
  intent: z.literal("update-insurance"),
  hasInsuranceDocs: checkbox,
  insuranceCompany: optionalLine(FORM_LIMITS.insuranceCompany),
  claimNumber: optionalLine(FORM_LIMITS.claimNumber),
  dateOfLoss: inspectionRequestSchema.shape.dateOfLoss,
});

/** Actions of the lead detail page. */
export const leadDetailActionSchema = z.discriminatedUnion("intent", [
  setContactedSchema.omit({ leadId: true }),
  setStatusSchema,
  addNoteSchema,
  updateInsuranceSchema,
]);

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
export const leadListQuerySchema = z.object({
  q: optionalParam(z.string().max(200).transform(cleanLine)).catch(undefined),
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
