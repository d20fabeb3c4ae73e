import crypto from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { isConnectionError, noteDatabaseError } from "~/db/availability.server";
import { db } from "~/db/client.server";
import { emailOutbox, leadAttachments, leads } from "~/db/schema";
import type { SessionUser } from "~/domain/accounts/session.server";
import { dispatchQueuedEmail, outboxRows, type OutgoingEmail } from "~/domain/email/queue-email.server";
import { renderEmail } from "~/domain/email/templates/render-email.server";
import { findCustomerLeadId } from "~/domain/portal/customer-leads.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { ATTACHMENT_TYPES, type UploadContentType } from "~/domain/storage/file-types";
import { discardUploads, readFormWithFiles, UploadError, type FormReadLimits, type StagedUpload } from "~/domain/storage/read-form-with-files.server";
import { newStorageKey, uploadStorage } from "~/domain/storage/upload-storage.server";
import { currentRequestId, logger } from "~/lib/logger.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { sendAttachmentThumbnails } from "../attachment-thumbnail.job.server";
import { leadAlertRecipient } from "../lead-emails.server";
import { formatBytes, UPLOAD_LIMITS } from "../options";
import { recordLeadEvent } from "../record-lead-event.server";
import { ADD_FILES_FIELD, ADD_FILES_INTENT, ADD_FILES_TEXT, MAX_FILES_PER_REQUEST, type AddFilesOutcome } from "./add-files-texts";

/**
 * A homeowner adds photos and documents to one of their requests from the portal (issue 22 item 3),
 * through the inspection form's upload path: the multipart body is streamed with the same limits
 * (`UPLOAD_LIMITS`: 10 files of at most 10 MB) and the same types (`ATTACHMENT_TYPES`: PDF, JPEG, PNG,
 * HEIC, WebP by extension AND magic bytes), files go to the staging area, and any refusal discards them
 * (413 too large / too many, 415 not a type we take, 400 malformed or nothing chosen).
 *
 * Then ONE transaction (the lead locked): the attachment rows (`added_from` portal, `uploaded_by_user_id` the customer;
 * images `pending` their thumbnail, PDFs `none`), a line in the lead's timeline ("Jane D'Arcy added 2
 * files from the portal.") with its audit entry `lead.files.add`, and an email to the office (the lead
 * alert address) with a link to the lead; the staged files are moved under their keys last. After the
 * commit: the email's send job and the thumbnails' jobs.
 *
 * The caller ran requireCustomer; the lead is checked to be the customer's here too (404 otherwise,
 * before the body is read).
 */

const READ_LIMITS: FormReadLimits<UploadContentType> = {
  fileFields: [ADD_FILES_FIELD],
  maxFiles: UPLOAD_LIMITS.maxFiles,
  maxFileBytes: UPLOAD_LIMITS.maxFileBytes,
  maxFields: 4,
  maxFieldBytes: 1024,
  types: ATTACHMENT_TYPES,
};

function outcome(status: AddFilesOutcome["status"], title: string, message: string, extra: Partial<AddFilesOutcome> = {}): AddFilesOutcome {
  return { ok: status === 200, intent: ADD_FILES_INTENT, status, title, message, fieldErrors: {}, added: 0, ...extra };
}

const filesError = (message: string) => ({ fieldErrors: { [ADD_FILES_FIELD]: message } });

/** A refusal while reading, in the inspection form's words (the file field says what is wrong with the files). */
function uploadRefusal(error: UploadError): AddFilesOutcome {
  if (error.status === 413) {
    const detail = error.code === "file_too_large" || error.code === "too_many_files" ? error.message : ADD_FILES_TEXT.tooLargeText;
    return outcome(413, ADD_FILES_TEXT.tooLargeTitle, ADD_FILES_TEXT.tooLargeText, filesError(detail));
  }
  if (error.status === 415 && error.code === "unsupported_file_type") {
    return outcome(415, ADD_FILES_TEXT.unsupportedTitle, ADD_FILES_TEXT.unsupportedText, filesError(ADD_FILES_TEXT.unsupportedText));
  }
  const fieldErrors = error.code === "empty_file" || error.code === "unexpected_file" ? filesError(error.message) : {};
  return outcome(error.status, ADD_FILES_TEXT.failureTitle, error.message, { fieldErrors });
}

function serverFailure(error: unknown): AddFilesOutcome {
  noteDatabaseError(error);
  const unavailable = isConnectionError(error);
  logger.error({ err: error }, unavailable ? "adding files from the portal failed: database unavailable" : "adding files from the portal failed");
  return outcome(unavailable ? 503 : 500, ADD_FILES_TEXT.failureTitle, ADD_FILES_TEXT.failureText, { reference: currentRequestId() });
}

/** The customer as staff read them: "Jane D'Arcy", or their email when they gave no name. */
function displayName(actor: Pick<SessionUser, "firstName" | "lastName" | "email">): string {
  return `${actor.firstName ?? ""} ${actor.lastName ?? ""}`.replace(/\s+/g, " ").trim() || actor.email;
}

function filesPhrase(n: number): string {
  return n === 1 ? "1 file" : `${n} files`;
}

function filesAddedEmail(input: {
  to: string;
  leadId: string;
  customer: string;
  replyTo: string;
  files: ReadonlyArray<{ originalName: string; sizeBytes: number }>;
  businessName: string;
}): OutgoingEmail {
  const origin = siteOrigin();
  return {
    to: input.to,
    replyTo: input.replyTo,
    kind: "lead.files-added",
    relatedId: input.leadId,
    ...renderEmail({
      title: `${input.customer} added ${filesPhrase(input.files.length)} to their request`,
      paragraphs: [
        `${input.customer} added ${filesPhrase(input.files.length)} to their inspection request from the customer portal:`,
        input.files.map((f) => `- ${f.originalName} (${formatBytes(f.sizeBytes)})`).join("\n"),
      ],
      action: { label: "Open the lead", url: `${origin}/admin/leads/${input.leadId}` },
      footerNote: "You receive this because your address is set to get new-lead alerts.",
      brand: { name: input.businessName, url: origin },
    }),
  };
}

export async function addCustomerFiles(input: { request: Request; leadId: string; actor: SessionUser }): Promise<AddFilesOutcome> {
  const { request, leadId, actor } = input;
  try {
    if (!(await findCustomerLeadId(actor, leadId))) return outcome(404, ADD_FILES_TEXT.failureTitle, ADD_FILES_TEXT.notFound);
  } catch (error) {
    return serverFailure(error);
  }

  let files: StagedUpload[] = [];
  let fields: Map<string, string[]>;
  try {
    ({ fields, files } = await readFormWithFiles(request, uploadStorage(), READ_LIMITS));
  } catch (error) {
    if (error instanceof UploadError) {
      logger.info({ status: error.status, code: error.code, leadId }, "portal files refused while reading");
      return uploadRefusal(error);
    }
    return serverFailure(error);
  }

  const storage = uploadStorage();
  const movedKeys: string[] = [];
  try {
    if (fields.get("intent")?.[0] !== ADD_FILES_INTENT) return outcome(400, ADD_FILES_TEXT.failureTitle, ADD_FILES_TEXT.failureText);
    if (files.length === 0) return outcome(400, ADD_FILES_TEXT.failureTitle, ADD_FILES_TEXT.noFiles, filesError(ADD_FILES_TEXT.noFiles));

    // Read before the transaction (both cached): never ask the pool for a second connection while holding one.
    const [recipient, settings] = await Promise.all([leadAlertRecipient(), getPublicSiteSettings()]);
    const customer = displayName(actor);
    const rows = files.map((file) => ({
      id: crypto.randomUUID(),
      leadId,
      storageKey: newStorageKey("leads"),
      originalName: file.originalName.slice(0, 255),
      contentType: file.contentType,
      sizeBytes: file.size,
      sha256: file.sha256,
      addedFrom: "portal" as const,
      uploadedByUserId: actor.id,
      thumbnailStatus: file.contentType.startsWith("image/") ? ("pending" as const) : ("none" as const),
    }));
    const emails = recipient
      ? outboxRows([filesAddedEmail({ to: recipient, leadId, customer, replyTo: actor.email, files: rows, businessName: settings.businessName })])
      : [];

    const stored = await db().transaction(async (tx) => {
      const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).for("update");
      if (!lead) return "not_found" as const;
      const [held] = await tx.select({ n: count() }).from(leadAttachments).where(eq(leadAttachments.leadId, leadId));
      if ((held?.n ?? 0) + rows.length > MAX_FILES_PER_REQUEST) return "full" as const;
      await tx.insert(leadAttachments).values(rows);
      await tx.update(leads).set({ updatedAt: sql`now()` }).where(eq(leads.id, leadId));
      await recordLeadEvent(tx, {
        leadId,
        actor,
        request,
        action: "lead.files.add",
        timeline: `${customer} added ${filesPhrase(rows.length)} from the portal.`,
        details: { count: rows.length, attachmentIds: rows.map((r) => r.id), bytes: rows.reduce((sum, r) => sum + r.sizeBytes, 0) },
      });
      if (emails.length > 0) await tx.insert(emailOutbox).values(emails);
      // Last step before COMMIT: the files appear under their keys only for rows that are stored.
      for (const [index, file] of files.entries()) {
        const key = rows[index]!.storageKey;
        await file.staged.commit(key, { contentType: file.contentType });
        movedKeys.push(key);
      }
      return "stored" as const;
    });
    if (stored === "not_found") return outcome(404, ADD_FILES_TEXT.failureTitle, ADD_FILES_TEXT.notFound);
    if (stored === "full") return outcome(413, ADD_FILES_TEXT.tooLargeTitle, ADD_FILES_TEXT.requestFull, filesError(ADD_FILES_TEXT.requestFull));

    if (!recipient) logger.error({ leadId }, "no lead alert address (settings lead_alert_email / email): the files-added email was not queued");
    // After the commit, in the background: the answer does not wait for the job queue (the sweeps catch up).
    if (emails.length > 0) void dispatchQueuedEmail(emails.map((e) => e.id)).catch(() => {});
    void sendAttachmentThumbnails(rows.filter((r) => r.thumbnailStatus === "pending").map((r) => r.id));
    logger.info({ leadId, files: rows.length }, "files added from the portal");
    return outcome(200, ADD_FILES_TEXT.addedTitle, ADD_FILES_TEXT.added(rows.length), { added: rows.length });
  } catch (error) {
    // The transaction rolled back: no row points at these files.
    await Promise.all(movedKeys.map((key) => storage.delete(key).catch(() => {})));
    return serverFailure(error);
  } finally {
    // A no-op for the files that were committed.
    await discardUploads(files);
  }
}
