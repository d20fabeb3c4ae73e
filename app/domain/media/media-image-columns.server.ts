import { and, eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { mediaAssets } from "~/db/schema";
import { MEDIA_TEXT } from "./constants";

/**
 * For the content lists that show a library photo: the columns to select
 * from `media_assets` (left-joined on the item's `image_media_id`), which
 * `usableImage()` (constants.ts) turns into the image to draw, or null.
 */
export const mediaImageColumns = {
  id: mediaAssets.id,
  width: mediaAssets.width,
  height: mediaAssets.height,
  altText: mediaAssets.altText,
  focalX: mediaAssets.focalX,
  focalY: mediaAssets.focalY,
  status: mediaAssets.status,
  variants: mediaAssets.variants,
};

/**
 * A content save may only choose an image that is ready and has alt text (the picker offers no other;
 * this is the server's rule). Null when fine, else the field error to answer with.
 */
export async function checkUsableMedia(tx: DbTransaction, mediaId: string | null): Promise<{ imageMediaId: string } | null> {
  if (!mediaId) return null;
  const [asset] = await tx
    .select({ altText: mediaAssets.altText })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.id, mediaId), eq(mediaAssets.status, "ready")));
  if (!asset || asset.altText.trim() === "") return { imageMediaId: MEDIA_TEXT.notUsable };
  return null;
}
