import { and, eq, gte, isNotNull, lte, ne } from "drizzle-orm";
import { db, type DbExecutor } from "~/db/client.server";
import { inspectionSchedule, leads, scheduleDaysOff } from "~/db/schema";
import { DEFAULT_SCHEDULE, type ScheduleSettings } from "./schedule-settings";
import type { BookedWindow } from "./slots";

/**
 * Reads of the schedule (issue 31 item 3): its settings (the defaults until staff save), its days off from
 * a day on, and the appointments booked in a range of days. Each takes the executor, so a booking reads them
 * in its own transaction, after its lock.
 */

export async function loadScheduleSettings(executor: DbExecutor = db()): Promise<ScheduleSettings> {
  const [row] = await executor.select().from(inspectionSchedule).where(eq(inspectionSchedule.id, 1));
  if (!row) return DEFAULT_SCHEDULE;
  return {
    bookingEnabled: row.bookingEnabled,
    weekly: DEFAULT_SCHEDULE.weekly.map((fallback, day) => row.weekly[day] ?? fallback),
    slotMinutes: row.slotMinutes,
    capacity: row.capacity,
    leadTimeHours: row.leadTimeHours,
    changeCutoffHours: row.changeCutoffHours,
  };
}

export interface DayOff {
  day: string;
  note: string | null;
}

export async function loadDaysOff(from: string, executor: DbExecutor = db()): Promise<DayOff[]> {
  return executor
    .select({ day: scheduleDaysOff.day, note: scheduleDaysOff.note })
    .from(scheduleDaysOff)
    .where(gte(scheduleDaysOff.day, from))
    .orderBy(scheduleDaysOff.day);
}

/** The appointments on the days `from`..`to` (inclusive) of leads not lost, all but `exceptLeadId` (a booking being moved). */
export async function loadBookedWindows(
  range: { from: string; to: string; exceptLeadId?: string },
  executor: DbExecutor = db(),
): Promise<BookedWindow[]> {
  const rows = await executor
    .select({ date: leads.appointmentDate, start: leads.appointmentStart, end: leads.appointmentEnd })
    .from(leads)
    .where(
      and(
        isNotNull(leads.appointmentDate),
        // A lost lead's appointment holds no place (marking a lead lost does not clear it).
        ne(leads.pipelineStatus, "lost"),
        gte(leads.appointmentDate, range.from),
        lte(leads.appointmentDate, range.to),
        range.exceptLeadId ? ne(leads.id, range.exceptLeadId) : undefined,
      ),
    );
  return rows.flatMap((r) => (r.date && r.start && r.end ? [{ date: r.date, start: r.start.slice(0, 5), end: r.end.slice(0, 5) }] : []));
}
