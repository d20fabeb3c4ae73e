import { sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import type { AdminActionContext, AdminChange } from "~/lib/admin-action.server";
import { fromZonedLocal } from "~/lib/zoned-time";
import { SCHEDULE_TEXT, type CancelScheduleInput, type SetScheduleInput } from "./schedule";
import { SCHEDULE_TARGETS } from "./targets.server";

/**
 * Schedule / Cancel schedule of an item (ADR 029). The times arrive in company time (the schema checked
 * they exist there) and are stored as UTC instants; a time not in the future is refused (422), since the
 * schedule would fire at once. Setting a schedule replaces the item's previous one. Audited as
 * `<kind>.schedule` / `<kind>.unschedule` with the instants (UTC).
 */
async function setSchedule(tx: DbTransaction, input: Omit<SetScheduleInput, "intent">, now = new Date()): Promise<AdminChange> {
  const target = SCHEDULE_TARGETS[input.kind];
  const publishAt = input.publishAt ? fromZonedLocal(input.publishAt) : null;
  const unpublishAt = input.unpublishAt ? fromZonedLocal(input.unpublishAt) : null;
  const fieldErrors: Record<string, string> = {};
  if (publishAt && publishAt <= now) fieldErrors.publishAt = SCHEDULE_TEXT.inThePast;
  if (unpublishAt && unpublishAt <= now) fieldErrors.unpublishAt = SCHEDULE_TEXT.inThePast;
  if (Object.keys(fieldErrors).length > 0) return { ok: false, status: 422, fieldErrors };

  const { rows } = await tx.execute<{ name: string }>(
    sql`update ${sql.identifier(target.table)} set publish_at = ${publishAt?.toISOString() ?? null}::timestamptz, unpublish_at = ${unpublishAt?.toISOString() ?? null}::timestamptz
        where id = ${input.id} returning ${sql.identifier(target.nameColumn)} as name`,
  );
  const [row] = rows;
  if (!row) return { ok: false, status: 404 };
  return {
    ok: true,
    message: SCHEDULE_TEXT.saved,
    audit: {
      action: `${target.audit}.schedule`,
      targetType: target.targetType,
      targetId: input.id,
      details: { title: row.name, publishAt: publishAt?.toISOString() ?? null, unpublishAt: unpublishAt?.toISOString() ?? null },
    },
  };
}

async function cancelSchedule(tx: DbTransaction, input: Omit<CancelScheduleInput, "intent">): Promise<AdminChange> {
  const target = SCHEDULE_TARGETS[input.kind];
  const { rows } = await tx.execute<{ name: string }>(
    sql`update ${sql.identifier(target.table)} set publish_at = null, unpublish_at = null where id = ${input.id} returning ${sql.identifier(target.nameColumn)} as name`,
  );
  const [row] = rows;
  if (!row) return { ok: false, status: 404 };
  return {
    ok: true,
    message: SCHEDULE_TEXT.cancelled,
    audit: { action: `${target.audit}.unschedule`, targetType: target.targetType, targetId: input.id, details: { title: row.name } },
  };
}

/** The `set-schedule` and `cancel-schedule` intents of a screen's adminAction (with their schemas in the route's). */
export const setScheduleIntent = {
  failure: SCHEDULE_TEXT.saveFailed,
  run: (input: SetScheduleInput, ctx: AdminActionContext) => setSchedule(ctx.tx, input),
};
export const cancelScheduleIntent = {
  failure: SCHEDULE_TEXT.cancelFailed,
  run: (input: CancelScheduleInput, ctx: AdminActionContext) => cancelSchedule(ctx.tx, input),
};
