import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { auditLog, contentVersions } from "~/db/schema";
import { imageNames } from "~/domain/media/image-names.server";
import { BASELINE_ACTOR_LABEL, HISTORY_IMAGE_FIELD, HISTORY_RETENTION, type HistoryKind, type ItemHistory } from "./kinds";

/**
 * Which of an item's versions a Restore made, and from which version: the restore's audit entry (action
 * "... .restore", details.restoredVersion) is written in the same transaction as the version it makes, so
 * both carry that transaction's now(), compared in the database to the microsecond. Version id -> number.
 */
async function restoredFrom(kind: HistoryKind, itemId: string): Promise<Map<string, number>> {
  const { rows } = await db().execute<{ id: string; restored: string }>(sql`
    select v.id, a.details->>'restoredVersion' as restored
    from ${contentVersions} v
    join ${auditLog} a on a.occurred_at = v.created_at and a.target_id = v.item_id and a.action like '%.restore' and a.outcome = 'success'
    where v.kind = ${kind} and v.item_id = ${itemId} and a.details ? 'restoredVersion'`);
  const out = new Map<string, number>();
  for (const row of rows) {
    const number = Number(row.restored);
    if (Number.isInteger(number)) out.set(row.id, number);
  }
  return out;
}

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
  const restores = await restoredFrom(kind, itemId);
  return {
    versions: rows.map((row) => {
      const createdAt = row.createdAt.toISOString();
      return { ...row, createdAt, baseline: row.actorLabel === BASELINE_ACTOR_LABEL, restoredFrom: restores.get(row.id) ?? null };
    }),
    images,
  };
}
