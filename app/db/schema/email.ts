import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Every email the application sends is first written here (the outbox), in
 * the same transaction as the change that caused it, then delivered by the
 * `email.send` background job. Without SMTP settings a message stays here with
 * status `stored`, readable by staff.
 */
export const EMAIL_STATUSES = ["queued", "sending", "sent", "stored", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export interface EmailAttachment {
  filename: string;
  contentType: string;
  /** The attachment's text (UTF-8), or its bytes in base64 when `encoding` says so. */
  content: string;
  encoding?: "base64";
}

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid().primaryKey().defaultRandom(),
    toAddress: text().notNull(),
    replyTo: text(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /** What caused the message, e.g. `lead.alert`, `auth.verify-email`. */
    kind: text().notNull(),
    /** Optional link to the record that caused it (a lead id, a user id...). */
    relatedId: text(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Small text attachments sent with the message (a calendar invitation's .ics). */
    attachments: jsonb().$type<EmailAttachment[]>().notNull().default([]),
    /**
     * The message's one-time secret (a link's token), sealed with a key derived from the auth secret,
     * which is never in the database or a backup; the bodies hold a placeholder where it goes. Put in
     * at delivery and set to null once the message is sent, stored or given up (ADR 046).
     */
    sealedSecret: text(),
    /** When the bodies and attachments were blanked after the retention period (OUTBOX_BODY_RETENTION_DAYS). */
    bodiesPurgedAt: timestamp({ withTimezone: true }),
    status: text().$type<EmailStatus>().notNull().default("queued"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    providerMessageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("email_outbox_status_check", sql`${t.status} in ('queued', 'sending', 'sent', 'stored', 'failed')`),
    check("email_outbox_attempts_check", sql`${t.attempts} >= 0`),
    index("email_outbox_status_created_idx").on(t.status, t.createdAt),
    index("email_outbox_created_idx").on(t.createdAt),
  ],
);
