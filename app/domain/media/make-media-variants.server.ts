import { and, eq } from "drizzle-orm";
import { buffer } from "node:stream/consumers";
import { db } from "~/db/client.server";
import { mediaAssets } from "~/db/schema";
import { uploadStorage } from "~/domain/storage/upload-storage.server";
import { logger } from "~/lib/logger.server";
import { mediaVariantKey, VARIANT_CONTENT_TYPE } from "./constants";
import { isMediaContentType } from "./media-types";
import { ImageProbeError, probeImage } from "./probe-image.server";
import { renderVariants, VariantRenderError } from "./render-variants.server";

/**
 * Makes the variants of one uploaded image (the `media.make-variants` job)
 * and marks it ready, or failed with a message staff can act on when the
 * file cannot be decoded (a damaged or truncated photo passes the upload's
 * header check but not this) or its stored content type is not one the
 * library accepts (the column is text; the type is never guessed at).
 * Idempotent: only an image still "processing" is worked on, variants are
 * written under fixed keys, and the status is set only if it is still
 * "processing". Storage errors are thrown: the job is retried.
 */
export async function makeMediaVariants(assetId: string): Promise<"ready" | "failed" | "skipped"> {
  const [asset] = await db().select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
  if (!asset || asset.status !== "processing") return "skipped";
  const { contentType } = asset;
  if (!isMediaContentType(contentType)) {
    logger.error({ assetId, contentType }, "media variants: the stored content type is not one the media library accepts");
    return markFailed(asset.id, `unknown content type ${JSON.stringify(contentType)}`);
  }
  const storage = uploadStorage();
  const original = await storage.get(asset.originalKey);
  const bytes = await buffer(original.stream);
  try {
    const { hasAlpha } = await probeImage(bytes, contentType);
    const variants = await renderVariants({
      bytes,
      contentType,
      width: asset.width,
      hasAlpha,
      store: (variant, data) => storage.put(mediaVariantKey(asset.id, variant), data, { contentType: VARIANT_CONTENT_TYPE[variant.format] }),
    });
    const total = variants.reduce((sum, v) => sum + v.bytes, 0);
    await db()
      .update(mediaAssets)
      .set({ status: "ready", variants, variantBytes: total, failureMessage: null, updatedAt: new Date() })
      .where(and(eq(mediaAssets.id, asset.id), eq(mediaAssets.status, "processing")));
    logger.info({ assetId, variants: variants.length, bytes: total, originalBytes: asset.byteSize }, "media variants made");
    return "ready";
  } catch (error) {
    if (!(error instanceof VariantRenderError) && !(error instanceof ImageProbeError)) throw error;
    logger.warn({ assetId, reason: error.message }, "media variants: the image could not be decoded");
    return markFailed(asset.id, error.message);
  }
}

/** Marks the image failed (if it is still "processing"), with the reason in its message. */
async function markFailed(assetId: string, reason: string): Promise<"failed"> {
  await db()
    .update(mediaAssets)
    .set({ status: "failed", failureMessage: failureText(reason), updatedAt: new Date() })
    .where(and(eq(mediaAssets.id, assetId), eq(mediaAssets.status, "processing")));
  return "failed";
}

/** What staff read on the image's card: what to do, and the decoder's own words for whoever digs further. */
function failureText(reason: string): string {
  const detail = reason.replace(/\s+/g, " ").trim().slice(0, 160);
  return `This image could not be processed: the file is damaged or incomplete. Upload it again or choose another photo.${detail ? ` (${detail})` : ""}`;
}
