/**
 * Values, labels and texts of the leads domain that both the server and the
 * browser need (no server code, no database schema import: admin pages ship
 * this to the browser). options.test.ts checks the value lists against the
 * database schema (app/db/schema/leads.ts).
 */

/** Service options of the inspection form (spec 1 §3). "" = not chosen. */
export const SERVICE_OPTIONS = [
  { value: "roof-replacement", label: "Full Roof Replacement" },
  { value: "roof-repair", label: "Roof Repairs" },
  { value: "storm-restoration", label: "Storm Restoration" },
  { value: "insurance-claim", label: "Insurance Claims Support" },
  { value: "siding-gutters", label: "Residential Siding/Gutters" },
  { value: "inspection", label: "Free Inspection" },
] as const;

export type ServiceValue = (typeof SERVICE_OPTIONS)[number]["value"];
export const SERVICE_VALUES = SERVICE_OPTIONS.map((o) => o.value) as readonly ServiceValue[];

export function serviceLabel(value: string | null | undefined): string {
  return SERVICE_OPTIONS.find((o) => o.value === value)?.label ?? "Not specified";
}

/** The pipeline of a lead (beyond the spec; "contacted" stays consistent: see pipeline.ts). */
export const PIPELINE_STATUS_OPTIONS = [
  { value: "new", label: "New" },
  { value: "contacted", label: "Contacted" },
  { value: "inspection_scheduled", label: "Inspection scheduled" },
  { value: "inspected", label: "Inspected" },
  { value: "estimate_sent", label: "Estimate sent" },
  { value: "won", label: "Won" },
  { value: "completed", label: "Completed" },
  { value: "lost", label: "Lost" },
] as const;

export type PipelineStatus = (typeof PIPELINE_STATUS_OPTIONS)[number]["value"];
export const PIPELINE_STATUSES = PIPELINE_STATUS_OPTIONS.map((o) => o.value) as readonly PipelineStatus[];

export function pipelineLabel(value: string): string {
  return PIPELINE_STATUS_OPTIONS.find((o) => o.value === value)?.label ?? value;
}

/**
 * The status a homeowner sees in the portal (issue 22 item 2), in plain words, for each pipeline status.
 * "new" and "contacted" are both "Received" to them; "lost" is "Closed".
 */
const CUSTOMER_STATUS_WORDS = {
  new: "Received",
  contacted: "Received",
  inspection_scheduled: "Inspection scheduled",
  inspected: "Inspected",
  estimate_sent: "Estimate sent",
  won: "Job scheduled",
  completed: "Completed",
  lost: "Closed",
} as const satisfies Record<PipelineStatus, string>;

/** The homeowner's steps, in order, as the portal shows their progress ("Closed" is not a step). */
export const CUSTOMER_STEPS = ["Received", "Inspection scheduled", "Inspected", "Estimate sent", "Job scheduled", "Completed"] as const;

export function customerStatusWords(value: string): string {
  return Object.hasOwn(CUSTOMER_STATUS_WORDS, value) ? CUSTOMER_STATUS_WORDS[value as PipelineStatus] : "Received";
}

/** Stages at which a job is done and the review request may be sent (issue 22 item 6). */
export const REVIEW_REQUEST_STATUSES: readonly PipelineStatus[] = ["won", "completed"];

const MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * Upload limits of the public form (QUALITY S20): the server reads with them, the form says them, and
 * its script (app/enhance/inspection-form.js) gets them from the form's `data-max-*` attributes.
 */
export const UPLOAD_LIMITS = {
  maxFiles: 10,
  maxFileBytes: MAX_FILE_BYTES,
  /** The size limit as the form writes it ("10 MB"). */
  maxFileSizeText: `${Math.floor(MAX_FILE_BYTES / 1024 / 1024)} MB`,
} as const;

/** Field limits of the public form (the table's LEAD_LIMITS are the same or looser). */
export const FORM_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  message: 5_000,
  insuranceCompany: 200,
  claimNumber: 100,
  submissionKey: 128,
  landingPath: 2_000,
  referrer: 2_000,
  addressStreet: 200,
  addressCity: 100,
} as const;

/** The property address's messages (issue 31 item 1). */
export const ADDRESS_TEXT = {
  street: "Enter the street address, like 1200 Veterans Way.",
  city: "Enter the city.",
  zip: "Enter a 5-digit ZIP code, like 43017.",
  /** The portal, once the appointment is confirmed: the address goes through the office. */
  locked: "Your appointment is confirmed for this address. To change it, write to us below.",
} as const;

/** US state codes (and DC), for the property address's state select. */
export const US_STATE_CODES = [
  "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO",
  "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY",
] as const;

/** "1200 Veterans Way, Dublin, OH 43017", or null when the lead has no address. */
export function formatAddress(a: { addressStreet: string | null; addressCity: string | null; addressState: string | null; addressZip: string | null }): string | null {
  if (!a.addressStreet) return null;
  return `${a.addressStreet}, ${a.addressCity ?? ""}, ${a.addressState ?? ""} ${a.addressZip ?? ""}`.replace(/\s+/g, " ").trim();
}

/** Exact texts of spec 1 §4, §5 and §8, plus the messages this product adds. */
export const INSPECTION_TEXT = {
  missingTitle: "Missing Information",
  missingText: "Please fill out all required fields.",
  submitting: "Submitting...",
  successTitle: "Request Submitted!",
  successText: "We'll be in touch with you shortly.",
  failureTitle: "Something went wrong",
  failureText: "Unable to submit your request. Please try again later.",
  invalidTitle: "Please check the form",
  invalidText: "Some of the details need your attention.",
  tooLargeTitle: "File too large",
  tooLargeText: `Each file must be ${UPLOAD_LIMITS.maxFileSizeText} or smaller, and at most ${UPLOAD_LIMITS.maxFiles} files can be attached.`,
  unsupportedTitle: "File type not supported",
  unsupportedText: "Only PDF, JPEG, PNG, HEIC and WebP files can be attached.",
  rateLimitedTitle: "Too many requests",
  rateLimitedText: "You've sent several requests in a short time. Please wait a minute and try again.",
  uploadTitle: "Upload insurance documents or photos",
  uploadHint: "Drag and drop or click to browse",
} as const;

export const LEADS_TEXT = {
  loading: "Loading leads...",
  empty: "No leads found. When customers submit the contact form, they will appear here.",
  emptyFiltered: "No leads match these filters.",
  loadFailed: "Failed to load leads. Please try again later.",
  updateFailed: "Failed to update lead status. Please try again.",
} as const;

/** "+16145550147" -> "(614) 555-0147"; anything else as it is. */
export function formatPhone(e164: string): string {
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164;
}

/** "2.4 MB", "830 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
