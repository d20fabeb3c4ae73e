import { and, desc, eq, ne } from "drizzle-orm";
import { db } from "~/db/client.server";
import { mediaAssets } from "~/db/schema";
import type { MediaImage } from "./constants";

/** The images a content form may choose (ready, with alt text), newest first, with their file names. */
export async function listMediaLibrary(): Promise<Array<MediaImage & { name: string }>> {
  const rows = await db()
    .select({
      id: mediaAssets.id,
      name: mediaAssets.originalName,
      width: mediaAssets.width,
      height: mediaAssets.height,
      alt: mediaAssets.altText,
      focalX: mediaAssets.focalX,
      focalY: mediaAssets.focalY,
      variants: mediaAssets.variants,
    })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.status, "ready"), ne(mediaAssets.altText, "")))
    .orderBy(desc(mediaAssets.createdAt), desc(mediaAssets.id))
    .limit(500);
  return rows;
}
