import { and, eq } from "drizzle-orm";
import { buffer } from "node:stream/consumers";
import { db } from "~/db/client.server";
import { leadAttachments } from "~/db/schema";
import { isMediaContentType } from "~/domain/media/media-types";
import { loadSharp, openImage } from "~/domain/media/probe-image.server";
import { StoredFileNotFoundError, uploadStorage } from "~/domain/storage/upload-storage.server";
import { logger } from "~/lib/logger.server";

/**
 * The pictures of an image a homeowner sent (issue 22: the portal's and the lead page's thumbnails, and a
 * copy to view it large, which a browser shows where it cannot show the original, a HEIC above all):
 * decoded once with the media library's `openImage` (HEIC included; turned upright by its EXIF
 * orientation), 480 and 1600 px wide (never enlarged), WebP without any metadata (a phone photo's EXIF, its
 * GPS position among it, stays in the original only), stored under keys derived from the attachment's.
 *
 * Idempotent (the `leads.attachment-thumbnail` job may run twice): only a row still `pending` is worked
 * on, the key is fixed, and the row is set `ready` (or `failed`) only while it is still `pending`. A file
 * no decoder reads (damaged, not what its first bytes say, beyond the pixel limit) or that is missing from
 * the storage is `failed`: the lead page then shows its icon, and the download still works. Errors of the
 * storage itself are thrown: the job is retried.
 */

export const THUMBNAIL_WIDTH = 480;
export const VIEW_WIDTH = 1600;
export const PICTURE_CONTENT_TYPE = "image/webp";

/** The two pictures of an image: the thumbnail, and the copy to view it large. */
export type AttachmentPicture = "thumbnail" | "view";

/** The thumbnail's storage key: the attachment's with a suffix (`leads/2026/11/<uuid>-thumb480`). */
export function thumbnailKeyOf(storageKey: string): string {
  return `${storageKey}-thumb${THUMBNAIL_WIDTH}`;
}

/** The large copy's storage key (`leads/2026/11/<uuid>-view1600`). */
export function viewKeyOf(storageKey: string): string {
  return `${storageKey}-view${VIEW_WIDTH}`;
}

export type ThumbnailResult = "ready" | "failed" | "skipped";

/** Both WebP pictures of an image's bytes, from one decode; throws when the image cannot be decoded. */
async function renderPictures(bytes: Buffer, contentType: string): Promise<Record<AttachmentPicture, Buffer>> {
  if (!isMediaContentType(contentType)) throw new Error(`not an image type: ${contentType}`);
  const image = await openImage(bytes, contentType);
  const { data, info } = await image.resize({ width: VIEW_WIDTH, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  const sharp = await loadSharp();
  const view = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [large, small] = await Promise.all([
    view.clone().webp({ quality: 78, effort: 4 }).toBuffer(),
    view.clone().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 72, effort: 4 }).toBuffer(),
  ]);
  return { view: large, thumbnail: small };
}

export async function makeAttachmentThumbnail(attachmentId: string): Promise<ThumbnailResult> {
  const [row] = await db()
    .select({ storageKey: leadAttachments.storageKey, contentType: leadAttachments.contentType, status: leadAttachments.thumbnailStatus })
    .from(leadAttachments)
    .where(eq(leadAttachments.id, attachmentId));
  if (!row || row.status !== "pending") return "skipped";
  if (!row.contentType.startsWith("image/") || !isMediaContentType(row.contentType)) {
    // A PDF (or a type no decoder here reads) never gets a thumbnail.
    await setStatus(attachmentId, { thumbnailStatus: "none" });
    return "skipped";
  }
  const storage = uploadStorage();
  let bytes: Buffer;
  try {
    bytes = await buffer((await storage.get(row.storageKey)).stream);
  } catch (error) {
    if (!(error instanceof StoredFileNotFoundError)) throw error;
    logger.error({ attachmentId }, "attachment thumbnail: the file is missing from the upload storage");
    await setStatus(attachmentId, { thumbnailStatus: "failed" });
    return "failed";
  }
  let pictures: Record<AttachmentPicture, Buffer>;
  try {
    pictures = await renderPictures(bytes, row.contentType);
  } catch (error) {
    logger.warn({ attachmentId, contentType: row.contentType, bytes: bytes.byteLength, reason: (error as Error).message }, "attachment thumbnail: the image could not be decoded");
    await setStatus(attachmentId, { thumbnailStatus: "failed" });
    return "failed";
  }
  const key = thumbnailKeyOf(row.storageKey);
  const viewKey = viewKeyOf(row.storageKey);
  await storage.put(viewKey, pictures.view, { contentType: PICTURE_CONTENT_TYPE });
  await storage.put(key, pictures.thumbnail, { contentType: PICTURE_CONTENT_TYPE });
  const updated = await setStatus(attachmentId, { thumbnailStatus: "ready", thumbnailKey: key });
  if (!updated) {
    // Deleted (with its lead) meanwhile: nothing points at the pictures.
    await Promise.all([storage.delete(key).catch(() => {}), storage.delete(viewKey).catch(() => {})]);
    return "skipped";
  }
  logger.info(
    { attachmentId, bytes: pictures.thumbnail.byteLength, viewBytes: pictures.view.byteLength, originalBytes: bytes.byteLength },
    "attachment pictures made",
  );
  return "ready";
}

/** Sets the row's thumbnail columns while it is still pending; false when it no longer is (or is gone). */
async function setStatus(attachmentId: string, values: { thumbnailStatus: "ready" | "failed" | "none"; thumbnailKey?: string }): Promise<boolean> {
  const rows = await db()
    .update(leadAttachments)
    .set(values)
    .where(and(eq(leadAttachments.id, attachmentId), eq(leadAttachments.thumbnailStatus, "pending")))
    .returning({ id: leadAttachments.id });
  return rows.length > 0;
}
