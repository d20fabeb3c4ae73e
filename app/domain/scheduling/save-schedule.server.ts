import { sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { inspectionSchedule } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { SCHEDULE_TEXT, type ScheduleSettings } from "./schedule-settings";

/**
 * Staff save the inspection schedule (issue 31 item 3, /admin/schedule): the one settings row (id 1) is
 * written or replaced, with who saved it. The admin kit writes the `schedule.update` audit entry, with the
 * values saved, in the same transaction (app/lib/admin-action.server.ts). A booking reads the settings
 * after its day's lock, so it sees either the old schedule or the new one, whole.
 */
export async function saveSchedule(tx: DbTransaction, settings: ScheduleSettings, actor: { id: string }): Promise<AdminChange> {
  const values = {
    bookingEnabled: settings.bookingEnabled,
    weekly: settings.weekly.map((day) => ({ open: day.open, start: day.start, end: day.end })),
    slotMinutes: settings.slotMinutes,
    capacity: settings.capacity,
    leadTimeHours: settings.leadTimeHours,
    changeCutoffHours: settings.changeCutoffHours,
    updatedBy: actor.id,
  };
  await tx
    .insert(inspectionSchedule)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: inspectionSchedule.id, set: { ...values, updatedAt: sql`now()` } });
  const { updatedBy: _, ...details } = values;
  return { ok: true, message: SCHEDULE_TEXT.saved, audit: { action: "schedule.update", targetType: "inspection_schedule", targetId: "1", details } };
}
