import { BOOKING_HORIZON_DAYS } from "./schedule-settings";
import { loadBookedWindows, loadDaysOff, loadScheduleSettings } from "./load-schedule.server";
import { addDays, companyNow, openSlots, type Slot } from "./slots";

/**
 * The slots a homeowner may book now (issue 31 item 3): the next `limit` free ones within the booking
 * horizon, by the schedule, its days off and what is booked. Three small reads in parallel.
 */
export async function findOpenSlots(input: { limit?: number; now?: Date; exceptLeadId?: string } = {}): Promise<Slot[]> {
  const now = input.now ?? new Date();
  const today = companyNow(now).day;
  const to = addDays(today, BOOKING_HORIZON_DAYS);
  const [settings, daysOff, booked] = await Promise.all([
    loadScheduleSettings(),
    loadDaysOff(today),
    loadBookedWindows({ from: today, to, ...(input.exceptLeadId ? { exceptLeadId: input.exceptLeadId } : {}) }),
  ]);
  return openSlots({
    settings,
    daysOff: new Set(daysOff.map((d) => d.day)),
    booked,
    now,
    days: BOOKING_HORIZON_DAYS,
    ...(input.limit !== undefined ? { limit: input.limit } : {}),
  });
}
