import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leadAttachments } from "~/db/schema";
import type { ThumbnailStatus } from "./thumbnail-status";

/**
 * Where each of a lead's files stands with its thumbnail (pending, ready, failed, none for a PDF), oldest
 * first: what the portal's request page and the lead page ask every few seconds while a new photo's
 * thumbnail is being made (issue 31 item 5), instead of reloading the whole page. The caller has checked
 * that the lead may be seen (staff, or the customer's own request).
 */
export async function listThumbnailStatuses(leadId: string): Promise<Array<{ id: string; thumbnailStatus: ThumbnailStatus }>> {
  return db()
    .select({ id: leadAttachments.id, thumbnailStatus: leadAttachments.thumbnailStatus })
    .from(leadAttachments)
    .where(eq(leadAttachments.leadId, leadId))
    .orderBy(asc(leadAttachments.createdAt), asc(leadAttachments.id));
}
