import { inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { mediaAssets } from "~/db/schema";
import { recordId } from "~/lib/text-fields";

/**
 * How a person recognises library images by id: the file name, and the alt text when it has one
 * ("roof-after.jpg — New roof on a brick colonial"). Ids of images no longer in the library are absent.
 */
export async function imageNames(ids: Iterable<string>): Promise<Record<string, string>> {
  const wanted = [...new Set(ids)].filter((id) => recordId.safeParse(id).success);
  if (wanted.length === 0) return {};
  const rows = await db()
    .select({ id: mediaAssets.id, name: mediaAssets.originalName, alt: mediaAssets.altText })
    .from(mediaAssets)
    .where(inArray(mediaAssets.id, wanted));
  return Object.fromEntries(rows.map((row) => [row.id, row.alt ? `${row.name} — ${row.alt}` : row.name]));
}
