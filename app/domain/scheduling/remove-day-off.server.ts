import { eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { scheduleDaysOff } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { SCHEDULE_TEXT } from "./schedule-settings";

/** Staff remove a day off (issue 31 item 3): the day's slots are offered again. A day that is not off is 404. */
export async function removeDayOff(tx: DbTransaction, day: string): Promise<AdminChange> {
  const [row] = await tx.delete(scheduleDaysOff).where(eq(scheduleDaysOff.day, day)).returning({ day: scheduleDaysOff.day, note: scheduleDaysOff.note });
  if (!row) return { ok: false, status: 404 };
  return { ok: true, message: SCHEDULE_TEXT.dayOffRemoved, audit: { action: "schedule.day_off.remove", targetType: "schedule_day_off", targetId: row.day, details: { note: row.note } } };
}
