import { eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { mediaAssets } from "~/db/schema";
import { uploadStorage } from "~/domain/storage/upload-storage.server";
import type { AdminChange } from "~/lib/admin-action.server";
import { logger } from "~/lib/logger.server";
import { MEDIA_TEXT, mediaVariantKey } from "./constants";
import { describeUses, mediaUsesOf } from "./where-used.server";

/**
 * Deletes a library image that nothing uses; one in use is refused with
 * where it is used (409). The row is locked first: a content save choosing
 * this image at the same moment waits for it (its foreign key check) and
 * then fails, or this delete sees its use. The files go once the delete has
 * committed.
 */
export async function deleteMedia(tx: DbTransaction, input: { id: string }): Promise<AdminChange> {
  const [asset] = await tx.select().from(mediaAssets).where(eq(mediaAssets.id, input.id)).for("update");
  if (!asset) return { ok: false, status: 404, message: MEDIA_TEXT.notFound };
  const uses = await mediaUsesOf(asset.id, tx);
  if (uses.length > 0) {
    return { ok: false, status: 409, message: MEDIA_TEXT.inUse, detail: `Used by: ${describeUses(uses)}. Choose another image there first.` };
  }
  await tx.delete(mediaAssets).where(eq(mediaAssets.id, asset.id));
  const keys = [asset.originalKey, ...asset.variants.map((variant) => mediaVariantKey(asset.id, variant))];
  return {
    ok: true,
    message: MEDIA_TEXT.deleted,
    audit: { action: "media.delete", targetType: "media_asset", targetId: asset.id, details: { name: asset.originalName } },
    afterCommit: async () => {
      const storage = uploadStorage();
      const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
      const failed = results.filter((r) => r.status === "rejected").length;
      if (failed > 0) logger.warn({ assetId: asset.id, failed }, "media delete: some files could not be deleted");
    },
  };
}
