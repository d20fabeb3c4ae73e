import { and, eq } from "drizzle-orm";
import type { Readable } from "node:stream";
import { db } from "~/db/client.server";
import { leadAttachments } from "~/db/schema";
import { StoredFileNotFoundError, uploadStorage } from "~/domain/storage/upload-storage.server";
import { logger } from "~/lib/logger.server";
import { THUMBNAIL_CONTENT_TYPE } from "./make-attachment-thumbnail.server";

/**
 * The thumbnail of a lead's image (a WebP, 480 px wide, no metadata), found only by the pair (lead id,
 * attachment id) like the file itself (QUALITY S12). null when there is no such pair, the thumbnail is
 * not made (pending, failed, a PDF) or its file is gone. The caller has checked who may see the lead.
 */
export async function openLeadAttachmentThumbnail(
  leadId: string,
  attachmentId: string,
): Promise<{ contentType: string; size: number; stream: Readable } | null> {
  const [row] = await db()
    .select({ thumbnailKey: leadAttachments.thumbnailKey, status: leadAttachments.thumbnailStatus })
    .from(leadAttachments)
    .where(and(eq(leadAttachments.id, attachmentId), eq(leadAttachments.leadId, leadId)));
  if (!row || row.status !== "ready" || !row.thumbnailKey) return null;
  try {
    const file = await uploadStorage().get(row.thumbnailKey);
    return { contentType: THUMBNAIL_CONTENT_TYPE, size: file.size, stream: file.stream };
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) {
      logger.error({ leadId, attachmentId }, "a lead attachment's thumbnail is missing from the upload storage");
      return null;
    }
    throw error;
  }
}
