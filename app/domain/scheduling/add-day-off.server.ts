import { and, count, eq, isNotNull } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { leads, scheduleDaysOff } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { SCHEDULE_SCREEN_TEXT } from "./schedule-forms";
import { SCHEDULE_TEXT } from "./schedule-settings";

/**
 * Staff add a day off (issue 31 item 3): no slot is offered that day from then on. Inspections already
 * booked on it stay booked (the overview lists them under the day off, to be moved from their leads); the
 * audit entry (`schedule.day_off.add`) says how many there were. A day that is already off is refused
 * with a message under the date, and nothing changes.
 */
export async function addDayOff(tx: DbTransaction, input: { day: string; note: string | null }, actor: { id: string }): Promise<AdminChange> {
  const [row] = await tx
    .insert(scheduleDaysOff)
    .values({ day: input.day, note: input.note, createdBy: actor.id })
    .onConflictDoNothing({ target: scheduleDaysOff.day })
    .returning({ day: scheduleDaysOff.day });
  if (!row) return { ok: false, status: 409, fieldErrors: { day: SCHEDULE_SCREEN_TEXT.dayOffExists } };
  const [booked] = await tx
    .select({ n: count() })
    .from(leads)
    .where(and(isNotNull(leads.appointmentDate), eq(leads.appointmentDate, input.day)));
  return {
    ok: true,
    message: SCHEDULE_TEXT.dayOffAdded,
    audit: { action: "schedule.day_off.add", targetType: "schedule_day_off", targetId: row.day, details: { note: input.note, bookedThatDay: booked?.n ?? 0 } },
  };
}
