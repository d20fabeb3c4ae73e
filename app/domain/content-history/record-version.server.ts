import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { contentVersions } from "~/db/schema";
import { BASELINE_ACTOR_LABEL, HISTORY_RETENTION, type HistoryKind } from "./kinds";
import { snapshotItem } from "./snapshot.server";

/**
 * The one place a version is written (ADR 029). Called in the transaction of the change it records: by the
 * admin kit's adminAction for every intent that declares `history` (app/lib/admin-action.server.ts), and by
 * the publishing schedule. Never updates a version: it adds one and deletes those beyond the last
 * HISTORY_RETENTION of the item.
 */

/** Who a version is by: a staff member, or the system ("Scheduled publishing"). */
export interface VersionActor {
  userId: string | null;
  label: string;
}

export function staffActor(user: { id: string; name: string; email: string }): VersionActor {
  const name = user.name.trim();
  return { userId: user.id, label: name ? `${name} (${user.email})` : user.email };
}

/** One item's versions are written one at a time (two saves of one item never take the same number). */
async function lockItem(tx: DbTransaction, kind: HistoryKind, itemId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`content_versions:${kind}:${itemId}`}, 0))`);
}

async function latestVersion(tx: DbTransaction, kind: HistoryKind, itemId: string) {
  const [row] = await tx
    .select({ number: contentVersions.number, values: contentVersions.values })
    .from(contentVersions)
    .where(and(eq(contentVersions.kind, kind), eq(contentVersions.itemId, itemId)))
    .orderBy(desc(contentVersions.number))
    .limit(1);
  return row;
}

const sameValues = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if ((a[key] ?? "") !== (b[key] ?? "")) return false;
  return true;
};

/**
 * Before the first change of an item that has no history yet (content from before version history, or
 * from the seed): its current values become version 1, dated when it last changed, by "Before version
 * history", so the first edit can be undone too.
 */
export async function recordBaseline(tx: DbTransaction, kind: HistoryKind, itemId: string): Promise<void> {
  await lockItem(tx, kind, itemId);
  if (await latestVersion(tx, kind, itemId)) return;
  const snapshot = await snapshotItem(tx, kind, itemId);
  if (!snapshot) return;
  await tx.insert(contentVersions).values({
    kind,
    itemId,
    number: 1,
    values: snapshot.values,
    actorUserId: null,
    actorLabel: BASELINE_ACTOR_LABEL,
    createdAt: snapshot.updatedAt,
  });
}

/**
 * After a change: the item's values now become a new version, unless they equal the latest version's (a
 * save that changed nothing, or a change to what the form does not hold, like the order); the oldest
 * versions beyond the last HISTORY_RETENTION go. An item that is gone (deleted) loses its history.
 */
export async function recordVersion(
  tx: DbTransaction,
  kind: HistoryKind,
  itemId: string,
  actor: VersionActor,
): Promise<"recorded" | "unchanged" | "deleted"> {
  await lockItem(tx, kind, itemId);
  const snapshot = await snapshotItem(tx, kind, itemId);
  if (!snapshot) {
    await tx.delete(contentVersions).where(and(eq(contentVersions.kind, kind), eq(contentVersions.itemId, itemId)));
    return "deleted";
  }
  const latest = await latestVersion(tx, kind, itemId);
  if (latest && sameValues(latest.values, snapshot.values)) return "unchanged";
  const number = (latest?.number ?? 0) + 1;
  await tx.insert(contentVersions).values({ kind, itemId, number, values: snapshot.values, actorUserId: actor.userId, actorLabel: actor.label });
  await tx
    .delete(contentVersions)
    .where(and(eq(contentVersions.kind, kind), eq(contentVersions.itemId, itemId), lte(contentVersions.number, number - HISTORY_RETENTION)));
  return "recorded";
}
