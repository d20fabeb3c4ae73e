import { desc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { mediaAssets } from "~/db/schema";
import type { AdminMediaAsset } from "./types";
import { mediaUses } from "./where-used.server";

/** Every library image, newest first, with where each is used. */
export async function listMediaForAdmin(): Promise<AdminMediaAsset[]> {
  const rows = await db()
    .select({
      id: mediaAssets.id,
      originalName: mediaAssets.originalName,
      contentType: mediaAssets.contentType,
      byteSize: mediaAssets.byteSize,
      width: mediaAssets.width,
      height: mediaAssets.height,
      altText: mediaAssets.altText,
      focalX: mediaAssets.focalX,
      focalY: mediaAssets.focalY,
      status: mediaAssets.status,
      failureMessage: mediaAssets.failureMessage,
      variants: mediaAssets.variants,
      variantBytes: mediaAssets.variantBytes,
      createdAt: mediaAssets.createdAt,
    })
    .from(mediaAssets)
    .orderBy(desc(mediaAssets.createdAt), desc(mediaAssets.id))
    .limit(2000);
  const uses = await mediaUses(rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), uses: uses.get(row.id) ?? [] }));
}
