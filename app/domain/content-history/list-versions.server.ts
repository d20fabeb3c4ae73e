import { and, desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contentVersions } from "~/db/schema";
import { imageNames } from "~/domain/media/image-names.server";
import { HISTORY_IMAGE_FIELD, HISTORY_RETENTION, type HistoryKind, type ItemHistory } from "./kinds";

/** An item's versions, newest first (at most HISTORY_RETENTION are kept), and the library images they name. */
export async function listVersions(kind: HistoryKind, itemId: string): Promise<ItemHistory> {
  const rows = await db()
    .select({
      id: contentVersions.id,
      number: contentVersions.number,
      createdAt: contentVersions.createdAt,
      actorLabel: contentVersions.actorLabel,
      values: contentVersions.values,
    })
    .from(contentVersions)
    .where(and(eq(contentVersions.kind, kind), eq(contentVersions.itemId, itemId)))
    .orderBy(desc(contentVersions.number))
    .limit(HISTORY_RETENTION);
  const images = await imageNames(rows.map((row) => row.values[HISTORY_IMAGE_FIELD] ?? "").filter(Boolean));
  return { versions: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), images };
}
