import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Readable } from "node:stream";
import { db } from "~/db/client.server";
import { leadAttachments } from "~/db/schema";
import { StoredFileNotFoundError, uploadStorage } from "~/domain/storage/upload-storage.server";
import { logger } from "~/lib/logger.server";
import { type AttachmentPicture, PICTURE_CONTENT_TYPE, viewKeyOf } from "./make-attachment-thumbnail.server";

/**
 * A picture of a lead's image (WebP, no metadata): the 480 px thumbnail or the 1600 px copy to view it
 * large, found only by the pair (lead id, attachment id) like the file itself (QUALITY S12). null when
 * there is no such pair, the pictures are not made (pending, failed, a PDF) or the file is gone. The
 * caller has checked who may see the lead.
 */
export async function openLeadAttachmentPicture(
  leadId: string,
  attachmentId: string,
  picture: AttachmentPicture,
): Promise<{ contentType: string; size: number; stream: Readable } | null> {
  const [row] = await db()
    .select({ storageKey: leadAttachments.storageKey, thumbnailKey: leadAttachments.thumbnailKey, status: leadAttachments.thumbnailStatus })
    .from(leadAttachments)
    .where(and(eq(leadAttachments.id, attachmentId), eq(leadAttachments.leadId, leadId)));
  if (!row || row.status !== "ready" || !row.thumbnailKey) return null;
  try {
    const file = await uploadStorage().get(picture === "thumbnail" ? row.thumbnailKey : viewKeyOf(row.storageKey));
    return { contentType: PICTURE_CONTENT_TYPE, size: file.size, stream: file.stream };
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) {
      logger.error({ leadId, attachmentId, picture }, "a picture of a lead attachment is missing from the upload storage");
      return null;
    }
    throw error;
  }
}

const uuid = z.uuid();

/** The same from a route's raw ids: null for a malformed one too. */
export function openLeadAttachmentPictureByRouteIds(
  leadId: string | undefined,
  attachmentId: string | undefined,
  picture: AttachmentPicture,
): ReturnType<typeof openLeadAttachmentPicture> {
  const lead = uuid.safeParse(leadId);
  const attachment = uuid.safeParse(attachmentId);
  return lead.success && attachment.success ? openLeadAttachmentPicture(lead.data, attachment.data, picture) : Promise.resolve(null);
}
