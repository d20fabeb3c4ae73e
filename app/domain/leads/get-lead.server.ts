import { asc, eq } from "drizzle-orm";
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
}

export interface LeadDetail {
  lead: Omit<Lead, "submissionKey">;
  attachments: LeadAttachmentInfo[];
  timeline: LeadTimelineEntry[];
}

export async function getLead(leadId: string): Promise<LeadDetail | null> {
  const [row] = await db().select().from(leads).where(eq(leads.id, leadId));
  if (!row) return null;
  const [attachments, notes] = await Promise.all([
    db()
      .select({
        id: leadAttachments.id,
        originalName: leadAttachments.originalName,
        contentType: leadAttachments.contentType,
        sizeBytes: leadAttachments.sizeBytes,
        createdAt: leadAttachments.createdAt,
      })
      .from(leadAttachments)
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
  ]);
  const { submissionKey: _key, ...lead } = row;
  return {
    lead,
    attachments,
    timeline: notes.map((n) => ({
      id: n.id,
      kind: n.kind,
      body: n.body,
      createdAt: n.createdAt,
      authorName: n.email ? `${n.firstName ?? ""} ${n.lastName ?? ""}`.trim() || n.email : null,
    })),
  };
}
