import { and, asc, gte, isNotNull, lte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import type { AppointmentStatus } from "~/domain/leads/appointments/appointment-window";
import { loadBookedWindows, loadDaysOff, loadScheduleSettings, type DayOff } from "./load-schedule.server";
import { SCHEDULE_OVERVIEW_DAYS, WEEKDAY_NAMES, minutesOf, type ScheduleSettings } from "./schedule-settings";
import { addDays, companyNow, scheduleSlots } from "./slots";

/**
 * What /admin/schedule shows (issue 31 item 3): the schedule's settings, the days off to come, and the
 * coming SCHEDULE_OVERVIEW_DAYS days from today (Eastern Time), each open, closed or a day off (with its
 * note), each open day's slots with how many are booked and how many places are left (the booking's own
 * count: ./slots.ts over loadBookedWindows), and the homeowners booked in each slot. An appointment that
 * falls in no slot (on a closed day or a day off, or outside the hours: staff set their times freely on
 * the lead page) is listed under its day, so nothing booked is out of sight.
 */

export interface OverviewBooking {
  leadId: string;
  name: string;
  /** "HH:MM" */
  start: string;
  end: string;
  status: AppointmentStatus;
  bookedOnline: boolean;
}

export interface OverviewSlot {
  start: string;
  end: string;
  booked: number;
  places: number;
  bookings: OverviewBooking[];
}

export interface OverviewDay {
  /** "YYYY-MM-DD" */
  date: string;
  weekday: (typeof WEEKDAY_NAMES)[number];
  kind: "open" | "closed" | "day_off";
  /** The day off's note. */
  note: string | null;
  /** The opening hours of an open day. */
  hours: { start: string; end: string } | null;
  slots: OverviewSlot[];
  /** Appointments that overlap none of the day's slots. */
  outside: OverviewBooking[];
}

export interface ScheduleOverview {
  settings: ScheduleSettings;
  /** Days off from today on, soonest first. */
  daysOff: DayOff[];
  today: string;
  days: OverviewDay[];
}

function overlaps(a: { start: string; end: string }, b: { start: string; end: string }): boolean {
  return minutesOf(a.start) < minutesOf(b.end) && minutesOf(a.end) > minutesOf(b.start);
}

export async function scheduleOverview({ now = new Date() }: { now?: Date } = {}): Promise<ScheduleOverview> {
  const today = companyNow(now).day;
  const last = addDays(today, SCHEDULE_OVERVIEW_DAYS - 1);
  const [settings, daysOff, booked, appointments] = await Promise.all([
    loadScheduleSettings(),
    loadDaysOff(today),
    loadBookedWindows({ from: today, to: last }),
    db()
      .select({
        leadId: leads.id,
        firstName: leads.firstName,
        lastName: leads.lastName,
        date: leads.appointmentDate,
        start: leads.appointmentStart,
        end: leads.appointmentEnd,
        status: leads.appointmentStatus,
        bookedOnline: leads.appointmentBookedOnline,
      })
      .from(leads)
      .where(and(isNotNull(leads.appointmentDate), gte(leads.appointmentDate, today), lte(leads.appointmentDate, last)))
      .orderBy(asc(leads.appointmentDate), asc(leads.appointmentStart), asc(leads.lastName), asc(leads.firstName)),
  ]);
  const offNotes = new Map(daysOff.map((d) => [d.day, d.note]));
  const slots = scheduleSlots({ settings, daysOff: new Set(offNotes.keys()), booked, now, days: SCHEDULE_OVERVIEW_DAYS });
  const bookingsOn = new Map<string, OverviewBooking[]>();
  for (const a of appointments) {
    if (!a.date || !a.start || !a.end || !a.status) continue;
    const list = bookingsOn.get(a.date) ?? [];
    list.push({ leadId: a.leadId, name: `${a.firstName} ${a.lastName}`, start: a.start.slice(0, 5), end: a.end.slice(0, 5), status: a.status, bookedOnline: a.bookedOnline });
    bookingsOn.set(a.date, list);
  }

  const days: OverviewDay[] = [];
  for (let i = 0; i < SCHEDULE_OVERVIEW_DAYS; i += 1) {
    const date = addDays(today, i);
    const weekdayIndex = new Date(`${date}T00:00:00Z`).getUTCDay();
    const hours = settings.weekly[weekdayIndex];
    const bookings = bookingsOn.get(date) ?? [];
    const daySlots: OverviewSlot[] = slots
      .filter((s) => s.date === date)
      .map((s) => ({ start: s.start, end: s.end, booked: s.booked, places: s.places, bookings: bookings.filter((b) => overlaps(b, s)) }));
    const kind = offNotes.has(date) ? "day_off" : hours?.open ? "open" : "closed";
    days.push({
      date,
      weekday: WEEKDAY_NAMES[weekdayIndex]!,
      kind,
      note: offNotes.get(date) ?? null,
      hours: kind === "open" && hours ? { start: hours.start, end: hours.end } : null,
      slots: daySlots,
      outside: bookings.filter((b) => !daySlots.some((s) => overlaps(b, s))),
    });
  }
  return { settings, daysOff, today, days };
}
