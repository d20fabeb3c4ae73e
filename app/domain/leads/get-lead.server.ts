import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { leadAttachments, leadNotes, leads, users, type Lead, type LeadNoteKind } from "~/db/schema";

/** One lead with everything the detail page shows: every field, the attachments and the timeline. */

interface LeadTimelineEntry {
  id: string;
  kind: LeadNoteKind;
  body: string;
  createdAt: Date;
  authorName: string | null;
}

interface LeadAttachmentInfo {
  id: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
  /** pending | ready | failed | none (a PDF): the thumbnail route serves it when ready. */
  thumbnailStatus: "pending" | "ready" | "failed" | "none";
  /** Sent with the inspection request, or added from the customer portal afterwards. */
  addedFrom: "request" | "portal" | "proposal";
  /** Who added it from the portal ("Jane D'Arcy"); null for a request's file, or once that account is deleted. */
  addedByName: string | null;
}

/** The lead's one review request (issue 22 item 6): when and by whom, or null when none was sent. */
interface LeadReviewRequest {
  sentAt: Date;
  sentByName: string | null;
}

export interface LeadDetail {
  lead: Omit<Lead, "submissionKey">;
  attachments: LeadAttachmentInfo[];
  timeline: LeadTimelineEntry[];
  reviewRequest: LeadReviewRequest | null;
}

/** "Jane D'Arcy" from a user's name columns, else their email; null without a user. */
function personName(user: { firstName: string | null; lastName: string | null; email: string | null }): string | null {
  if (!user.email) return null;
  return `${user.firstName ?? ""} ${user.lastName ?? ""}`.trim() || user.email;
}

const uploader = alias(users, "uploader");

export async function getLead(leadId: string): Promise<LeadDetail | null> {
  const [row] = await db().select().from(leads).where(eq(leads.id, leadId));
  if (!row) return null;
  const [attachments, notes, reviewer] = await Promise.all([
    db()
      .select({
        id: leadAttachments.id,
        originalName: leadAttachments.originalName,
        contentType: leadAttachments.contentType,
        sizeBytes: leadAttachments.sizeBytes,
        createdAt: leadAttachments.createdAt,
        thumbnailStatus: leadAttachments.thumbnailStatus,
        addedFrom: leadAttachments.addedFrom,
        uploaderFirstName: uploader.firstName,
        uploaderLastName: uploader.lastName,
        uploaderEmail: uploader.email,
      })
      .from(leadAttachments)
      .leftJoin(uploader, eq(uploader.id, leadAttachments.uploadedByUserId))
      .where(eq(leadAttachments.leadId, leadId))
      .orderBy(asc(leadAttachments.createdAt), asc(leadAttachments.id)),
    db()
      .select({
        id: leadNotes.id,
        kind: leadNotes.kind,
        body: leadNotes.body,
        createdAt: leadNotes.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(leadNotes)
      .leftJoin(users, eq(users.id, leadNotes.authorUserId))
      .where(eq(leadNotes.leadId, leadId))
      .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id)),
    row.reviewRequestedBy
      ? db().select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, row.reviewRequestedBy))
      : Promise.resolve([]),
  ]);
  const { submissionKey: _key, ...lead } = row;
  return {
    lead,
    attachments: attachments.map(({ uploaderFirstName, uploaderLastName, uploaderEmail, ...a }) => ({
      ...a,
      addedByName: personName({ firstName: uploaderFirstName, lastName: uploaderLastName, email: uploaderEmail }),
    })),
    reviewRequest: row.reviewRequestedAt ? { sentAt: row.reviewRequestedAt, sentByName: reviewer[0] ? personName(reviewer[0]) : null } : null,
    timeline: notes.map((n) => ({
      id: n.id,
      kind: n.kind,
      body: n.body,
      createdAt: n.createdAt,
      authorName: n.email ? `${n.firstName ?? ""} ${n.lastName ?? ""}`.trim() || n.email : null,
    })),
  };
}
