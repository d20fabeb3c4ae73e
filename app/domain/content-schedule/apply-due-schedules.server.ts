import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { recordAudit } from "~/domain/accounts/audit.server";
import { recordBaseline, recordVersion } from "~/domain/content-history/record-version.server";
import { emitContentChange } from "~/lib/content-changes.server";
import { logger } from "~/lib/logger.server";
import { SCHEDULE_KINDS, SCHEDULE_TEXT, type ScheduleKind } from "./schedule";
import { SCHEDULE_TARGETS } from "./targets.server";

/**
 * The scheduled publishing job's work (ADR 029): every item whose publish or unpublish time has come is
 * published / unpublished through its own use case, in one transaction per item that also clears the
 * time, writes the audit entry (no actor: `details.by` = "schedule") and the item's new version (by
 * "Scheduled publishing"). The row is locked with SKIP LOCKED and the time cleared in that transaction,
 * so however many ticks run at once, on however many instances, each change is made once. The page
 * caches follow: this instance's at once, the others' through the content tables' NOTIFY trigger
 * (migration 0001), which fires on the update.
 *
 * Publish is applied before unpublish (both due: published, then unpublished). Publish makes a draft or
 * archived item published; unpublish makes a published item a draft (spec 2 §4), and leaves any other.
 */
export interface DueChange {
  kind: ScheduleKind;
  id: string;
  change: "publish" | "unpublish";
}

export async function applyDueSchedules(now = new Date()): Promise<DueChange[]> {
  const at = now.toISOString();
  const applied: DueChange[] = [];
  for (const kind of SCHEDULE_KINDS) {
    const target = SCHEDULE_TARGETS[kind];
    const { rows: due } = await db().execute<{ id: string }>(
      sql`select id from ${sql.identifier(target.table)}
          where publish_at <= ${at}::timestamptz or unpublish_at <= ${at}::timestamptz
          order by least(publish_at, unpublish_at), id limit 500`,
    );
    for (const { id } of due) {
      try {
        applied.push(...(await applyOne(kind, id, at)));
      } catch (error) {
        // One item failing (e.g. a rule its use case refuses) does not hold up the others; retried next tick.
        logger.error({ err: error, kind, id }, "scheduled publishing: could not apply the change");
      }
    }
  }
  if (applied.length > 0) {
    emitContentChange("*");
    logger.info({ applied }, "scheduled publishing applied");
  }
  return applied;
}

async function applyOne(kind: ScheduleKind, id: string, at: string): Promise<DueChange[]> {
  const target = SCHEDULE_TARGETS[kind];
  return db().transaction(async (tx) => {
    const { rows } = await tx.execute<{ status: string; publish_due: boolean; unpublish_due: boolean }>(
      sql`select status, coalesce(publish_at <= ${at}::timestamptz, false) as publish_due, coalesce(unpublish_at <= ${at}::timestamptz, false) as unpublish_due
          from ${sql.identifier(target.table)}
          where id = ${id} and (publish_at <= ${at}::timestamptz or unpublish_at <= ${at}::timestamptz)
          for update skip locked`,
    );
    const [row] = rows;
    // Applied meanwhile by another tick (or cancelled): nothing to do.
    if (!row) return [];
    await tx.execute(
      sql`update ${sql.identifier(target.table)}
          set publish_at = case when publish_at <= ${at}::timestamptz then null else publish_at end,
              unpublish_at = case when unpublish_at <= ${at}::timestamptz then null else unpublish_at end
          where id = ${id}`,
    );
    await recordBaseline(tx, kind, id);
    const made: DueChange[] = [];
    let status = row.status;
    for (const change of ["publish", "unpublish"] as const) {
      const due = change === "publish" ? row.publish_due : row.unpublish_due;
      if (!due) continue;
      const publish = change === "publish";
      if (publish ? status === "published" : status !== "published") continue;
      const outcome = await target.publish(tx, id, publish);
      if (!outcome.ok) throw new Error(`${target.audit}.${change} refused with ${outcome.status}`);
      await recordAudit(tx, {
        action: outcome.audit.action,
        actor: null,
        targetType: outcome.audit.targetType,
        targetId: outcome.audit.targetId,
        details: { ...outcome.audit.details, by: "schedule" },
      });
      status = publish ? "published" : "draft";
      made.push({ kind, id, change });
    }
    await recordVersion(tx, kind, id, { userId: null, label: SCHEDULE_TEXT.actor });
    return made;
  });
}
