import { sql } from "drizzle-orm";
import { boolean, check, date, index, inet, integer, jsonb, pgTable, text, time, timestamp, uuid } from "drizzle-orm/pg-core";
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
  "inspected",
  "estimate_sent",
  "won",
  "completed",
  "lost",
] as const;
export type LeadPipelineStatus = (typeof LEAD_PIPELINE_STATUSES)[number];

/** proposed: set by staff; confirmed: by the homeowner; change_requested: the homeowner asked for another time. */
export const APPOINTMENT_STATUSES = ["proposed", "confirmed", "change_requested"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Upper bounds the table enforces; form validation should be the same or stricter. */
export const LEAD_LIMITS = {
  name: 200,
  email: 320,
  phone: 50,
  message: 10_000,
  submissionKey: 200,
} as const;

/**
 * The /estimate figures a request carries (issue 31 item 4): what the homeowner entered and the ranges the
 * server computed from the price book at that moment (integer cents), kept as they were shown. Written by
 * app/domain/estimate/ (which checks it with a zod schema when it is read back: estimate/record.ts).
 */
export interface LeadEstimateRecord {
  /** What the homeowner entered: the ZIP, the footprint (sq ft) or the roof's squares (the other null), stories, steepness, material. */
  inputs: { zip: string; footprintSqFt: number | null; squares: number | null; stories: number; steepness: string; material: string };
  /** The roof area the ranges were priced on, in squares (100 sq ft; at most two decimals). */
  squares: number;
  /** Good, better, best (fewer when the price book has fewer shingle lines): the shingle line priced and the range. */
  tiers: Array<{ key: string; label: string; product: string; lowCents: number; highCents: number }>;
  /** When the server computed it (ISO 8601). */
  computedAt: string;
}

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
    /** The property's address (issue 31 item 1): optional on a plain request; all of street, city and ZIP when given. */
    addressStreet: text(),
    addressCity: text(),
    /** Two-letter US state code. */
    addressState: text(),
    /** "43017" or "43017-1234". */
    addressZip: text(),
    /** The ZIP was outside the service area of Site Configuration when the request came in (issue 31 item 2). */
    outsideServiceArea: boolean().notNull().default(false),
    /** The homeowner's portal account (issue 22): set by an invitation or a verified sign-up with this email. */
    customerUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** The inspection appointment, as Eastern Time wall-clock values (a date and a window). */
    appointmentDate: date({ mode: "string" }),
    appointmentStart: time(),
    appointmentEnd: time(),
    appointmentStatus: text().$type<AppointmentStatus>(),
    /** The calendar invitation's SEQUENCE: one more each time the appointment changes. */
    appointmentSequence: integer().notNull().default(0),
    appointmentReminderSentAt: timestamp({ withTimezone: true }),
    /** The homeowner chose the slot on the site (issue 31 item 3), rather than staff setting the time. */
    appointmentBookedOnline: boolean().notNull().default(false),
    /** The instant price range the homeowner saw at /estimate when the request came from it (issue 31 item 4). */
    estimate: jsonb().$type<LeadEstimateRecord>(),
    /** The one review request email of this lead (issue 22 item 6). */
    reviewRequestedAt: timestamp({ withTimezone: true }),
    reviewRequestedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    /** Until when each side has read the request's messages (the unread counts). */
    staffReadAt: timestamp({ withTimezone: true }),
    customerReadAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "leads_appointment_check",
      sql`(${t.appointmentDate} is null and ${t.appointmentStart} is null and ${t.appointmentEnd} is null and ${t.appointmentStatus} is null) or (${t.appointmentDate} is not null and ${t.appointmentStart} is not null and ${t.appointmentEnd} is not null and ${t.appointmentStart} < ${t.appointmentEnd} and ${t.appointmentStatus} in ('proposed', 'confirmed', 'change_requested'))`,
    ),
    check(
      "leads_service_check",
      sql`${t.service} is null or ${t.service} in ('roof-replacement', 'roof-repair', 'storm-restoration', 'insurance-claim', 'siding-gutters', 'inspection')`,
    ),
    check(
      "leads_pipeline_status_check",
      sql`${t.pipelineStatus} in ('new', 'contacted', 'inspection_scheduled', 'inspected', 'estimate_sent', 'won', 'completed', 'lost')`,
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
    check(
      "leads_address_check",
      sql`(${t.addressStreet} is null or char_length(${t.addressStreet}) between 1 and 200) and (${t.addressCity} is null or char_length(${t.addressCity}) between 1 and 100) and (${t.addressState} is null or ${t.addressState} ~ '^[A-Z]{2}$') and (${t.addressZip} is null or ${t.addressZip} ~ '^[0-9]{5}(-[0-9]{4})?$')`,
    ),
    index("leads_created_idx").on(t.createdAt.desc().nullsFirst()),
    index("leads_pipeline_status_idx").on(t.pipelineStatus, t.createdAt.desc().nullsFirst()),
    index("leads_service_idx").on(t.service),
    index("leads_customer_user_idx").on(t.customerUserId),
    index("leads_email_lower_idx").on(sql`lower(${t.email})`),
    index("leads_appointment_date_idx").on(t.appointmentDate),
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
    /** Where the file came from: the inspection form's request, the customer portal afterwards, or a proposal's PDF. */
    addedFrom: text().$type<"request" | "portal" | "proposal">().notNull().default("request"),
    /** Who added the file from the portal (null for a request's files, and once that account is deleted). */
    uploadedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** A small WebP of an image (the portal's and the lead page's thumbnails); null until made, or for a PDF. */
    thumbnailKey: text(),
    /** pending: an image waiting for its thumbnail; ready; failed (could not be decoded); none (a PDF). */
    thumbnailStatus: text().$type<"pending" | "ready" | "failed" | "none">().notNull().default("none"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("lead_attachments_added_from_check", sql`${t.addedFrom} in ('request', 'portal', 'proposal')`),
    check("lead_attachments_thumbnail_status_check", sql`${t.thumbnailStatus} in ('pending', 'ready', 'failed', 'none')`),
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

/** A message between the homeowner and the office about one request (issue 22 item 4). Plain text. */
export const LEAD_MESSAGE_AUTHORS = ["customer", "staff"] as const;
export type LeadMessageAuthor = (typeof LEAD_MESSAGE_AUTHORS)[number];
export const LEAD_MESSAGE_MAX_LENGTH = 5_000;

export const leadMessages = pgTable(
  "lead_messages",
  {
    id: uuid().primaryKey().defaultRandom(),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** Which side wrote it: the homeowner (from the portal) or the office (from the lead page). */
    author: text().$type<LeadMessageAuthor>().notNull(),
    authorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("lead_messages_author_check", sql`${t.author} in ('customer', 'staff')`),
    check("lead_messages_body_check", sql`char_length(${t.body}) between 1 and ${sql.raw(String(LEAD_MESSAGE_MAX_LENGTH))}`),
    index("lead_messages_lead_created_idx").on(t.leadId, t.createdAt),
  ],
);

/**
 * What a one-time account link is for (ADR 046): confirming the address given at sign-up, or a portal
 * invitation staff sent for a lead. Either way whoever opens it proves they read that mailbox, and
 * chooses the account's password in the same step.
 */
export const ACCOUNT_LINK_PURPOSES = ["confirm-email", "portal-invitation"] as const;
export type AccountLinkPurpose = (typeof ACCOUNT_LINK_PURPOSES)[number];

/**
 * One-time links to an account (issue 22 item 1, issue 29 item 1): only the SHA-256 of the token is
 * stored; a link works once (used_at) and until expires_at. A portal invitation names its lead.
 */
export const accountLinks = pgTable(
  "account_links",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text().$type<AccountLinkPurpose>().notNull(),
    leadId: uuid().references(() => leads.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique("account_links_token_hash_key"),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("account_links_purpose_check", sql`${t.purpose} in ('confirm-email', 'portal-invitation')`),
    check("account_links_invitation_lead_check", sql`${t.purpose} <> 'portal-invitation' or ${t.leadId} is not null`),
    check("account_links_token_hash_check", sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    index("account_links_lead_idx").on(t.leadId, t.createdAt),
    index("account_links_user_idx").on(t.userId, t.purpose),
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
export type LeadMessage = typeof leadMessages.$inferSelect;
export type AccountLink = typeof accountLinks.$inferSelect;
