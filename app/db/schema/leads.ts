import { sql } from "drizzle-orm";
import { boolean, check, date, index, inet, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * Inspection requests from the public forms (spec 1 §3), plus what the lead
 * workspace needs: pipeline status, attribution, attachments and notes.
 */

/** Values of the form's service selector (spec 1 §3). NULL in the table = not chosen. */
export const LEAD_SERVICE_VALUES = [
  "roof-replacement",
  "roof-repair",
  "storm-restoration",
  "insurance-claim",
  "siding-gutters",
  "inspection",
] as const;
export type LeadService = (typeof LEAD_SERVICE_VALUES)[number];

export const LEAD_PIPELINE_STATUSES = [
  "new",
  "contacted",
  "inspection_scheduled",
  "estimate_sent",
  "won",
  "lost",
] as const;
export type LeadPipelineStatus = (typeof LEAD_PIPELINE_STATUSES)[number];

/** Upper bounds the table enforces; form validation should be the same or stricter. */
export const LEAD_LIMITS = {
  name: 200,
  email: 320,
  phone: 50,
  message: 10_000,
  submissionKey: 200,
} as const;

export const leads = pgTable(
  "leads",
  {
    id: uuid().primaryKey().defaultRandom(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    service: text().$type<LeadService>(),
    message: text(),
    hasInsuranceDocs: boolean().notNull().default(false),
    contacted: boolean().notNull().default(false),
    pipelineStatus: text().$type<LeadPipelineStatus>().notNull().default("new"),
    /** Idempotency key sent with the form: a double submit creates one lead. */
    submissionKey: text().notNull().unique("leads_submission_key_key"),
    insuranceCompany: text(),
    claimNumber: text(),
    dateOfLoss: date({ mode: "string" }),
    referrer: text(),
    utmSource: text(),
    utmMedium: text(),
    utmCampaign: text(),
    utmTerm: text(),
    utmContent: text(),
    landingPath: text(),
    clientIp: inet(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "leads_service_check",
      sql`${t.service} is null or ${t.service} in ('roof-replacement', 'roof-repair', 'storm-restoration', 'insurance-claim', 'siding-gutters', 'inspection')`,
    ),
    check(
      "leads_pipeline_status_check",
      sql`${t.pipelineStatus} in ('new', 'contacted', 'inspection_scheduled', 'estimate_sent', 'won', 'lost')`,
    ),
    check("leads_first_name_check", sql`char_length(${t.firstName}) between 1 and ${sql.raw(String(LEAD_LIMITS.name))}`),
    check("leads_last_name_check", sql`char_length(${t.lastName}) between 1 and ${sql.raw(String(LEAD_LIMITS.name))}`),
    check("leads_email_check", sql`char_length(${t.email}) between 3 and ${sql.raw(String(LEAD_LIMITS.email))}`),
    check("leads_phone_check", sql`char_length(${t.phone}) between 1 and ${sql.raw(String(LEAD_LIMITS.phone))}`),
    check(
      "leads_message_check",
      sql`${t.message} is null or char_length(${t.message}) <= ${sql.raw(String(LEAD_LIMITS.message))}`,
    ),
    check(
      "leads_submission_key_check",
      sql`char_length(${t.submissionKey}) between 1 and ${sql.raw(String(LEAD_LIMITS.submissionKey))}`,
    ),
    // "Contacted" agrees with the pipeline (app/domain/leads/pipeline.ts): a new lead was not
    // contacted, a lead further down the pipeline was; a lost lead may have been either.
    check(
      "leads_contacted_status_check",
      sql`(${t.pipelineStatus} = 'new' and not ${t.contacted}) or ${t.pipelineStatus} = 'lost' or (${t.pipelineStatus} not in ('new', 'lost') and ${t.contacted})`,
    ),
    index("leads_created_idx").on(t.createdAt.desc().nullsFirst()),
    index("leads_pipeline_status_idx").on(t.pipelineStatus, t.createdAt.desc().nullsFirst()),
    index("leads_service_idx").on(t.service),
  ],
);

export const leadAttachments = pgTable(
  "lead_attachments",
  {
    id: uuid().primaryKey().defaultRandom(),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** Generated name in the upload store; never the client's file name. */
    storageKey: text().notNull().unique("lead_attachments_storage_key_key"),
    originalName: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    /** Lowercase hex SHA-256 of the stored bytes. */
    sha256: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("lead_attachments_size_check", sql`${t.sizeBytes} > 0`),
    check("lead_attachments_sha256_check", sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    index("lead_attachments_lead_idx").on(t.leadId, t.createdAt),
  ],
);

/** `note`: written by staff; `event`: recorded by the app (status, contacted or insurance changes). */
export const LEAD_NOTE_KINDS = ["note", "event"] as const;
export type LeadNoteKind = (typeof LEAD_NOTE_KINDS)[number];

export const leadNotes = pgTable(
  "lead_notes",
  {
    id: uuid().primaryKey().defaultRandom(),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    authorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    kind: text().$type<LeadNoteKind>().notNull().default("note"),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("lead_notes_body_check", sql`char_length(${t.body}) between 1 and 10000`),
    check("lead_notes_kind_check", sql`${t.kind} in ('note', 'event')`),
    index("lead_notes_lead_created_idx").on(t.leadId, t.createdAt),
  ],
);

/**
 * Fixed-window counters of the public form's per-client rate limit
 * (app/domain/leads/rate-limit.server.ts): one row per client and window size,
 * so the limit holds across instances and restarts.
 */
export const leadRateLimits = pgTable(
  "lead_rate_limits",
  {
    /** `<window>:<client address>`, e.g. `m:203.0.113.7`. */
    bucket: text().primaryKey(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull(),
  },
  (t) => [index("lead_rate_limits_window_idx").on(t.windowStart)],
);

export type Lead = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;
export type LeadAttachment = typeof leadAttachments.$inferSelect;
export type NewLeadAttachment = typeof leadAttachments.$inferInsert;
export type LeadNote = typeof leadNotes.$inferSelect;
