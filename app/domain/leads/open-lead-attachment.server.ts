import { and, eq } from "drizzle-orm";
import type { Readable } from "node:stream";
import { db } from "~/db/client.server";
import { leadAttachments } from "~/db/schema";
import { safeDownloadName } from "~/domain/storage/file-types";
import { StoredFileNotFoundError, uploadStorage } from "~/domain/storage/upload-storage.server";
import { logger } from "~/lib/logger.server";

/**
 * A lead's attachment for download: found only by the pair (lead id,
 * attachment id), so a guessed or swapped id never reaches another lead's
 * file (QUALITY S12). null when there is no such pair or the file is gone.
 */
export async function openLeadAttachment(
  leadId: string,
  attachmentId: string,
): Promise<{ fileName: string; contentType: string; size: number; stream: Readable } | null> {
  const [row] = await db()
    .select({ storageKey: leadAttachments.storageKey, originalName: leadAttachments.originalName, contentType: leadAttachments.contentType })
    .from(leadAttachments)
    .where(and(eq(leadAttachments.id, attachmentId), eq(leadAttachments.leadId, leadId)));
  if (!row) return null;
  try {
    const file = await uploadStorage().get(row.storageKey);
    return { fileName: safeDownloadName(row.originalName, row.contentType), contentType: row.contentType, size: file.size, stream: file.stream };
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) {
      logger.error({ leadId, attachmentId }, "a lead attachment's file is missing from the upload storage");
      return null;
    }
    throw error;
  }
}
