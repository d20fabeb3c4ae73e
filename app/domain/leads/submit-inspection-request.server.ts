import crypto from "node:crypto";
import net from "node:net";
import { and, desc, eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { emailOutbox, leadAttachments, leads, type NewLead } from "~/db/schema";
import { db } from "~/db/client.server";
import { dispatchQueuedEmail, outboxRows } from "~/domain/email/queue-email.server";
import { discardUploads, type StagedUpload } from "~/domain/storage/read-form-with-files.server";
import { newStorageKey, uploadStorage } from "~/domain/storage/upload-storage.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { logger } from "~/lib/logger.server";
import { sendAttachmentThumbnails } from "./attachment-thumbnail.job.server";
import { leadAlertEmail, leadAlertRecipient, leadConfirmationEmail, type LeadEmailInput } from "./lead-emails.server";
import type { InspectionRequest } from "./schemas";
import type { LeadEstimateRecord } from "~/db/schema";
import { bookingConfirmationEmail } from "./appointments/appointment-emails.server";
import { appointmentWords, type AppointmentWindow } from "./appointments/appointment-window";
import { portalEmailContext } from "./messages/message-emails.server";
import { formatAddress } from "./options";
import { bookForNewRequest } from "~/domain/scheduling/book-for-new-request.server";
import { bookingLink } from "~/domain/scheduling/booking-link.server";

/**
 * Stores an inspection request (spec 1 §3) in ONE transaction: the lead, its
 * attachment rows, its two emails in the outbox (ADR 006: a mail outage never
 * loses or fails a lead; their send jobs are dispatched after the commit). The staged files are moved under generated keys
 * inside that transaction and deleted again if it does not commit.
 *
 * A keyed post without files whose key is new (the usual case) is that same
 * transaction as ONE statement (`insertNewLeadWithEmails`: one round trip,
 * QUALITY P5); any other post, or a key already used, takes the explicit
 * transaction below.
 *
 * Idempotent by submission key (QUALITY R1, R2, S21): `insert ... on conflict
 * (submission_key) do nothing`, then read back. A retry or double click with
 * the same key and the same details answers with the existing lead and
 * stores nothing more. The same key with DIFFERENT details (a page restored
 * by the back button and filled in again) is a new request: it is stored
 * under a key derived from the original and the details, so it is kept, and
 * its own retries are still deduplicated.
 */

export interface SubmitInspectionInput {
  request: InspectionRequest;
  files: readonly StagedUpload[];
  clientIp: string | null;
  userAgent: string | null;
  /** Public origin for the link in the team alert. */
  origin: string;
  /** The address's ZIP is outside the service area of Site Configuration: the lead is flagged. */
  outsideServiceArea?: boolean;
  /** The /estimate figures the request came with, priced again on the server (issue 31 item 4). */
  estimate?: LeadEstimateRecord | null;
  /** The clock (tests). */
  now?: Date;
}

export interface SubmitInspectionResult {
  leadId: string;
  /** True when this key (with these details) was already stored: nothing new was written. */
  duplicate: boolean;
  attachments: number;
  /** The inspection booked with the request (a chosen slot), when there was one and this post stored it. */
  booking?: AppointmentWindow;
}

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
type UtmKey = (typeof UTM_KEYS)[number];

/** utm_* parameters of the page the form was on. */
function utmOf(landingPath: string | null): Record<UtmKey, string | null> {
  const params = landingPath ? new URL(landingPath, "http://internal.invalid").searchParams : new URLSearchParams();
  const utm = {} as Record<UtmKey, string | null>;
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    utm[key] = value ? value.slice(0, 200) : null;
  }
  return utm;
}

type LeadValues = Omit<NewLead, "submissionKey">;

function leadValues(input: SubmitInspectionInput): LeadValues {
  const r = input.request;
  const utm = utmOf(r.landingPath);
  const insurance = r.hasInsuranceDocs;
  return {
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    service: r.service,
    message: r.message,
    addressStreet: r.addressStreet,
    addressCity: r.addressCity,
    addressState: r.addressState,
    addressZip: r.addressZip,
    outsideServiceArea: input.outsideServiceArea ?? false,
    estimate: input.estimate ?? null,
    hasInsuranceDocs: insurance,
    // The claim fields belong to the insurance part of the form: ignored when it was unticked.
    insuranceCompany: insurance ? r.insuranceCompany : null,
    claimNumber: insurance ? r.claimNumber : null,
    dateOfLoss: insurance ? r.dateOfLoss : null,
    referrer: r.referrer,
    landingPath: r.landingPath ? r.landingPath.split("?")[0]!.slice(0, 500) : null,
    utmSource: utm.utm_source,
    utmMedium: utm.utm_medium,
    utmCampaign: utm.utm_campaign,
    utmTerm: utm.utm_term,
    utmContent: utm.utm_content,
    clientIp: input.clientIp && net.isIP(input.clientIp) ? input.clientIp : null,
    userAgent: input.userAgent ? input.userAgent.slice(0, 512) : null,
  };
}

const FINGERPRINT_FIELDS = ["firstName", "lastName", "email", "phone", "service", "message"] as const;

function fingerprint(values: Pick<LeadValues, (typeof FINGERPRINT_FIELDS)[number]>): string {
  const text = JSON.stringify(FINGERPRINT_FIELDS.map((f) => values[f] ?? null));
  return crypto.createHash("sha256").update(text).digest("base64url").slice(0, 22);
}

/** How long a post without JavaScript counts as the same request as an earlier one with the same details. */
const NO_SCRIPT_REPEAT_WINDOW = "10 minutes";

/**
 * A post without a submission key (the form without JavaScript, ADR 030): the same details within the
 * last 10 minutes are the same request (a double click, a reload that posts again); else a new lead under
 * a key made of its details and a random part. The details' advisory lock makes two concurrent posts of
 * the same details wait for each other, so they store one lead.
 */
async function insertLeadWithoutKey(tx: DbTransaction, values: LeadValues) {
  const prefix = `nojs.${fingerprint(values)}.`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${prefix}, 0))`);
  const [existing] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(sql`starts_with(${leads.submissionKey}, ${prefix})`, sql`${leads.createdAt} > now() - ${NO_SCRIPT_REPEAT_WINDOW}::interval`))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  if (existing) return { leadId: existing.id, duplicate: true };
  return insertLead(tx, values, `${prefix}${crypto.randomBytes(9).toString("base64url")}`);
}

/** Inserts the lead unless its key exists; returns the new id, or the existing lead's id and whether its details match. */
async function insertLead(tx: DbTransaction, values: LeadValues, submissionKey: string): Promise<{ leadId: string; duplicate: boolean }> {
  let key = submissionKey;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [inserted] = await tx
      .insert(leads)
      .values({ ...values, submissionKey: key })
      .onConflictDoNothing({ target: leads.submissionKey })
      .returning({ id: leads.id });
    if (inserted) return { leadId: inserted.id, duplicate: false };
    const [existing] = await tx
      .select({
        id: leads.id,
        firstName: leads.firstName,
        lastName: leads.lastName,
        email: leads.email,
        phone: leads.phone,
        service: leads.service,
        message: leads.message,
      })
      .from(leads)
      .where(eq(leads.submissionKey, key));
    if (!existing) continue; // deleted in between: try again
    if (fingerprint(existing) === fingerprint(values)) return { leadId: existing.id, duplicate: true };
    // Same key, other details: a new request. Its own key is derived, so its retries dedupe too.
    key = `${submissionKey}.${fingerprint(values)}`;
  }
  throw new Error("could not store the lead under its submission key");
}

/**
 * The common case in ONE statement (one round trip, one implicit transaction): a keyed post without
 * files whose key is new. The lead and its outbox rows are written by one INSERT ... WITH, the rows
 * only if the lead was inserted. Returns false when the key exists: the caller then takes the full
 * transaction, which tells a retry from a new request under an old key.
 */
async function insertNewLeadWithEmails(
  values: LeadValues & { id: string },
  submissionKey: string,
  emails: ReturnType<typeof outboxRows>,
): Promise<boolean> {
  const leadInsert = db()
    .insert(leads)
    .values({ ...values, submissionKey })
    .onConflictDoNothing({ target: leads.submissionKey })
    .returning({ id: leads.id });
  const outboxValues = sql.join(
    emails.map(
      (e) =>
        sql`(${e.id}::uuid, ${e.toAddress}, ${e.replyTo}, ${e.subject}, ${e.textBody}, ${e.htmlBody}, ${e.kind}, ${e.relatedId}, ${JSON.stringify(e.metadata)}::jsonb)`,
    ),
    sql`, `,
  );
  const result = await db().execute<{ lead_id: string | null }>(sql`
    with new_lead as ${leadInsert},
    outbox as (
      insert into ${emailOutbox} (id, to_address, reply_to, subject, text_body, html_body, kind, related_id, metadata)
      select v.* from (values ${outboxValues}) as v(id, to_address, reply_to, subject, text_body, html_body, kind, related_id, metadata)
      where exists (select 1 from new_lead)
      returning 1
    )
    select (select id from new_lead) as lead_id, (select count(*) from outbox)::int as emails
  `);
  return result.rows[0]?.lead_id === values.id;
}

export async function submitInspectionRequest(input: SubmitInspectionInput): Promise<SubmitInspectionResult> {
  const storage = uploadStorage();
  const values = leadValues(input);
  // Files only belong to a request that says it has insurance documents.
  const files = values.hasInsuranceDocs ? input.files : [];
  const unused = values.hasInsuranceDocs ? [] : [...input.files];
  const movedKeys: string[] = [];
  // Read before the transaction (both cached): never ask the pool for a second connection while holding one.
  const [settings, recipient] = await Promise.all([getPublicSiteSettings(), leadAlertRecipient()]);
  // Everything that needs no database is made before the transaction, so the connection is held only for
  // the statements: the new lead's id, its attachment rows and its two emails (used only if it is new).
  const newLeadId = crypto.randomUUID();
  const rows = files.map((file) => ({
    id: crypto.randomUUID(),
    leadId: newLeadId,
    storageKey: newStorageKey("leads"),
    originalName: file.originalName.slice(0, 255),
    contentType: file.contentType,
    sizeBytes: file.size,
    sha256: file.sha256,
    // Images get their thumbnail from the `leads.attachment-thumbnail` job, sent after the commit.
    thumbnailStatus: file.contentType.startsWith("image/") ? ("pending" as const) : ("none" as const),
  }));
  const emailInput: LeadEmailInput = {
    lead: {
      id: newLeadId,
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone,
      service: values.service ?? null,
      message: values.message ?? null,
      hasInsuranceDocs: values.hasInsuranceDocs ?? false,
      insuranceCompany: values.insuranceCompany ?? null,
      claimNumber: values.claimNumber ?? null,
      dateOfLoss: values.dateOfLoss ?? null,
      referrer: values.referrer ?? null,
      landingPath: values.landingPath ?? null,
      utmSource: values.utmSource ?? null,
      utmMedium: values.utmMedium ?? null,
      utmCampaign: values.utmCampaign ?? null,
    },
    attachments: rows,
    settings,
    origin: input.origin,
  };
  const emails = outboxRows([...(recipient ? [leadAlertEmail(recipient, emailInput)] : []), leadConfirmationEmail(emailInput)]);
  const key = input.request.submissionKey;
  const slotKey = input.request.slot;
  // A booking's confirmation is the booking's email (its calendar invitation and change link), made in the transaction.
  const bookingContext = slotKey ? await portalEmailContext() : null;
  try {
    const queued: string[] = [];
    const fast = key && !slotKey && files.length === 0 && (await insertNewLeadWithEmails({ ...values, id: newLeadId }, key, emails));
    if (fast) queued.push(...emails.map((e) => e.id));
    const result: SubmitInspectionResult = fast
      ? { leadId: newLeadId, duplicate: false, attachments: 0 }
      : await db().transaction(async (tx): Promise<SubmitInspectionResult> => {
          const withId = { ...values, id: newLeadId };
          const { leadId, duplicate } = key ? await insertLead(tx, withId, key) : await insertLeadWithoutKey(tx, withId);
          if (duplicate) {
            unused.push(...files);
            return { leadId, duplicate, attachments: 0 };
          }
          if (rows.length > 0) await tx.insert(leadAttachments).values(rows);
          let toSend = emails;
          let booking: AppointmentWindow | undefined;
          if (slotKey && bookingContext) {
            // Throws SlotUnavailableError when the place is gone: all of this rolls back.
            const booked = await bookForNewRequest(tx, { leadId, email: values.email, slotKey, request: null, ...(input.now ? { now: input.now } : {}) });
            booking = booked.window;
            const link = { ...bookingLink(leadId, booked.sequence), cutoffHours: booked.changeCutoffHours };
            const lead = { id: leadId, firstName: values.firstName, lastName: values.lastName, email: values.email, accountEmail: null, address: formatAddress({ addressStreet: values.addressStreet ?? null, addressCity: values.addressCity ?? null, addressState: values.addressState ?? null, addressZip: values.addressZip ?? null }) };
            toSend = outboxRows([
              ...(recipient ? [leadAlertEmail(recipient, { ...emailInput, booking: appointmentWords(booked.window) })] : []),
              bookingConfirmationEmail(bookingContext, lead, booked.window, booked.sequence, link, "booked"),
            ]);
          }
          // Both emails in one statement, in this transaction (the outbox, ADR 006).
          await tx.insert(emailOutbox).values(toSend);
          queued.push(...toSend.map((e) => e.id));

          // Last step before COMMIT: the files appear under their keys only for a lead that is stored.
          for (const [index, file] of files.entries()) {
            const storageKey = rows[index]!.storageKey;
            await file.staged.commit(storageKey, { contentType: file.contentType });
            movedKeys.push(storageKey);
          }
          return { leadId, duplicate, attachments: rows.length, ...(booking ? { booking } : {}) };
        });
    if (!result.duplicate && !recipient) {
      logger.error({ leadId: result.leadId }, "no lead alert address (settings lead_alert_email / email): the team alert was not queued");
    }
    // After the commit, in the background: the answer does not wait for the job queue (the outbox rows
    // are committed; if this fails or the process stops first, the email sweep sends them: ADR 006).
    if (queued.length > 0) void dispatchQueuedEmail(queued).catch(() => {});
    if (result.attachments > 0) void sendAttachmentThumbnails(rows.filter((r) => r.thumbnailStatus === "pending").map((r) => r.id));
    if (!result.duplicate) logger.info({ leadId: result.leadId, attachments: result.attachments }, "inspection request stored");
    else logger.info({ leadId: result.leadId }, "inspection request retried: already stored");
    return result;
  } catch (error) {
    // The transaction rolled back: no row points at these files.
    await Promise.all(movedKeys.map((key) => storage.delete(key).catch(() => {})));
    await discardUploads(files);
    throw error;
  } finally {
    await discardUploads(unused);
  }
}
