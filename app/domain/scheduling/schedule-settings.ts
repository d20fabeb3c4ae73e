import { z } from "zod";

/**
 * The office's inspection availability (issue 31 item 3, ADR 053): which weekdays are open and their
 * hours (Eastern Time wall clock), how long a slot is, how many inspections can run at once, how soon a
 * homeowner may book (business hours from now) and until when they may move or cancel. Browser-safe: the
 * staff form and the server share the schema and the defaults. No stored row means these defaults.
 */

interface WeekdayHours {
  open: boolean;
  /** "HH:MM" */
  start: string;
  end: string;
}

export interface ScheduleSettings {
  bookingEnabled: boolean;
  /** Seven entries, Sunday first (Date.getUTCDay order). */
  weekly: WeekdayHours[];
  slotMinutes: number;
  capacity: number;
  leadTimeHours: number;
  changeCutoffHours: number;
}

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export const DEFAULT_SCHEDULE: ScheduleSettings = {
  bookingEnabled: true,
  weekly: WEEKDAY_NAMES.map((_, day) => ({ open: day >= 1 && day <= 5, start: "08:00", end: "17:00" })),
  slotMinutes: 120,
  capacity: 1,
  leadTimeHours: 24,
  changeCutoffHours: 24,
};

/** The choices of the slot length (minutes). */
export const SLOT_LENGTHS = [30, 60, 90, 120, 150, 180, 240] as const;

/** How far ahead the forms offer slots (days) and staff see the bookings (the schedule's two weeks). */
export const BOOKING_HORIZON_DAYS = 28;
export const SCHEDULE_OVERVIEW_DAYS = 14;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const SCHEDULE_TEXT = {
  hours: "Enter the hours as 24-hour times, like 08:00 and 17:00.",
  endAfterStart: "The day must end after it starts.",
  slotFits: "The day is shorter than one slot.",
  noOpenDay: "Open at least one day, or turn online booking off.",
  slotLength: "Choose one of the listed slot lengths.",
  capacity: "Enter a number of inspections from 1 to 20.",
  leadTime: "Enter a number of hours from 0 to 336.",
  cutoff: "Enter a number of hours from 0 to 336.",
  dayOff: "Enter a date, like 2026-12-24.",
  dayOffPast: "The day has already passed.",
  note: "Use at most 200 characters.",
  saved: "The schedule is saved.",
  dayOffAdded: "The day off is added.",
  dayOffRemoved: "The day off is removed.",
} as const;

export function minutesOf(time: string): number {
  const [h = "0", m = "0"] = time.split(":");
  return Number(h) * 60 + Number(m);
}

const checkbox = z
  .enum(["on", "true", ""])
  .optional()
  .transform((v) => v === "on" || v === "true");

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .refine((v) => v >= min && v <= max, message);

/** The staff form: `open-0`..`open-6`, `start-0`.., `end-0`.., and the numbers. */
export function parseScheduleForm(form: FormData): { ok: true; value: ScheduleSettings } | { ok: false; fieldErrors: Record<string, string> } {
  const fieldErrors: Record<string, string> = {};
  const weekly: WeekdayHours[] = [];
  const slot = z.coerce.number().int().safeParse(form.get("slotMinutes"));
  const slotMinutes = slot.success && (SLOT_LENGTHS as readonly number[]).includes(slot.data) ? slot.data : null;
  if (slotMinutes === null) fieldErrors.slotMinutes = SCHEDULE_TEXT.slotLength;
  for (let day = 0; day < 7; day += 1) {
    const open = checkbox.safeParse(form.get(`open-${day}`) ?? undefined);
    const start = String(form.get(`start-${day}`) ?? "").trim();
    const end = String(form.get(`end-${day}`) ?? "").trim();
    const isOpen = open.success && open.data;
    if (isOpen) {
      if (!HHMM.test(start)) fieldErrors[`start-${day}`] = SCHEDULE_TEXT.hours;
      else if (!HHMM.test(end)) fieldErrors[`end-${day}`] = SCHEDULE_TEXT.hours;
      else if (minutesOf(end) <= minutesOf(start)) fieldErrors[`end-${day}`] = SCHEDULE_TEXT.endAfterStart;
      else if (slotMinutes !== null && minutesOf(end) - minutesOf(start) < slotMinutes) fieldErrors[`end-${day}`] = SCHEDULE_TEXT.slotFits;
    }
    // A closed day keeps its hours (when they are times), so opening it again brings them back.
    weekly.push({
      open: isOpen,
      start: HHMM.test(start) ? start : (DEFAULT_SCHEDULE.weekly[day]?.start ?? "08:00"),
      end: HHMM.test(end) ? end : (DEFAULT_SCHEDULE.weekly[day]?.end ?? "17:00"),
    });
  }
  const bookingEnabled = checkbox.safeParse(form.get("bookingEnabled") ?? undefined);
  const enabled = bookingEnabled.success && bookingEnabled.data;
  if (enabled && !weekly.some((d) => d.open)) fieldErrors["open-1"] = SCHEDULE_TEXT.noOpenDay;
  const capacity = wholeNumber(1, 20, SCHEDULE_TEXT.capacity).safeParse(String(form.get("capacity") ?? ""));
  if (!capacity.success) fieldErrors.capacity = SCHEDULE_TEXT.capacity;
  const leadTime = wholeNumber(0, 336, SCHEDULE_TEXT.leadTime).safeParse(String(form.get("leadTimeHours") ?? ""));
  if (!leadTime.success) fieldErrors.leadTimeHours = SCHEDULE_TEXT.leadTime;
  const cutoff = wholeNumber(0, 336, SCHEDULE_TEXT.cutoff).safeParse(String(form.get("changeCutoffHours") ?? ""));
  if (!cutoff.success) fieldErrors.changeCutoffHours = SCHEDULE_TEXT.cutoff;
  if (Object.keys(fieldErrors).length > 0 || !capacity.success || !leadTime.success || !cutoff.success || slotMinutes === null) {
    return { ok: false, fieldErrors };
  }
  return {
    ok: true,
    value: { bookingEnabled: enabled, weekly, slotMinutes, capacity: capacity.data, leadTimeHours: leadTime.data, changeCutoffHours: cutoff.data },
  };
}

/** A day off: a date and an optional note. */
export function parseDayOffForm(form: FormData, today: string): { ok: true; day: string; note: string | null } | { ok: false; fieldErrors: Record<string, string> } {
  const day = String(form.get("day") ?? "").trim();
  const note = String(form.get("note") ?? "").trim().replace(/\s+/g, " ");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
    return { ok: false, fieldErrors: { day: SCHEDULE_TEXT.dayOff } };
  }
  if (day < today) return { ok: false, fieldErrors: { day: SCHEDULE_TEXT.dayOffPast } };
  // eslint-disable-next-line no-control-regex
  if (note.length > 200 || /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(note)) return { ok: false, fieldErrors: { note: SCHEDULE_TEXT.note } };
  return { ok: true, day, note: note || null };
}
