import { z } from "zod";
import { companyToday, isAppointmentTime } from "~/domain/leads/appointments/appointment-window";
import { TEXT_ERRORS } from "~/lib/text-fields";
import { parseDayOffForm, parseScheduleForm, SCHEDULE_TEXT, type ScheduleSettings } from "./schedule-settings";

/**
 * /admin/schedule (issue 31 item 3): the screen's forms as the admin kit's schemas (one per intent, shared
 * by the browser and the action, app/lib/admin-action.server.ts), over the lead's parsers of
 * ./schedule-settings.ts, and the screen's own texts. Browser-safe.
 */

export const SCHEDULE_SCREEN_TEXT = {
  title: "Schedule",
  loading: "Loading schedule...",
  loadFailed: "Failed to load schedule. Please try again.",
  saveFailed: "Failed to save schedule",
  addDayOffFailed: "Failed to add day off",
  removeDayOffFailed: "Failed to remove day off",
  dayOffExists: "That day is already a day off.",
  hoursRange: "Choose a time from 6:00 AM to 9:00 PM, on the hour or the half hour.",
} as const;

/** The names the staff form posts: `open-0`..`open-6`, `start-0`.., `end-0`.. (0 is Sunday), and the rest. */
const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** A checkbox or switch: "on" when ticked, absent when not; anything else is refused, never read as off. */
const flag = z.enum(["on", "true", ""], TEXT_ERRORS.choice).optional();
const time = z.string().max(10, SCHEDULE_TEXT.hours).optional();
const short = (message: string) => z.string().max(12, message).optional();

const scheduleFields = z.strictObject({
  intent: z.literal("save-schedule"),
  bookingEnabled: flag,
  ...Object.fromEntries(DAYS.flatMap((day) => [[`open-${day}`, flag], [`start-${day}`, time], [`end-${day}`, time]])),
  slotMinutes: short(SCHEDULE_TEXT.slotLength),
  capacity: short(SCHEDULE_TEXT.capacity),
  leadTimeHours: short(SCHEDULE_TEXT.leadTime),
  changeCutoffHours: short(SCHEDULE_TEXT.cutoff),
});

function formOf(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (name !== "intent" && typeof value === "string") form.set(name, value);
  return form;
}

/**
 * An open day's hours are also appointment times (06:00 to 21:00 on the half hour, as the lead page sets
 * them): a slot is then always a window the lead page can show and change, and never meets the hour a
 * daylight-saving change skips or repeats (the appointment emails' instants need it to exist).
 */
function appointmentHourErrors(fields: Record<string, unknown>, already: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const day of DAYS) {
    if (fields[`open-${day}`] !== "on" && fields[`open-${day}`] !== "true") continue;
    for (const name of [`start-${day}`, `end-${day}`]) {
      const value = String(fields[name] ?? "").trim();
      if (!already[`start-${day}`] && !already[`end-${day}`] && !isAppointmentTime(value)) {
        out[name] = SCHEDULE_SCREEN_TEXT.hoursRange;
        break;
      }
    }
  }
  return out;
}

export const saveScheduleSchema = scheduleFields.transform((fields, ctx): { intent: "save-schedule"; settings: ScheduleSettings } => {
  const parsed = parseScheduleForm(formOf(fields));
  const parseErrors = parsed.ok ? {} : parsed.fieldErrors;
  const errors = { ...parseErrors, ...appointmentHourErrors(fields, parseErrors) };
  if (!parsed.ok || Object.keys(errors).length > 0) {
    for (const [name, message] of Object.entries(errors)) ctx.addIssue({ code: "custom", path: [name], message });
    return z.NEVER;
  }
  return { intent: "save-schedule", settings: parsed.value };
});

/** A day off from today on (the company's today, Eastern Time), with an optional note. */
export const addDayOffSchema = z
  .strictObject({
    intent: z.literal("add-day-off"),
    day: z.string().max(40, SCHEDULE_TEXT.dayOff),
    note: z.string().max(1000, SCHEDULE_TEXT.note).optional(),
  })
  .transform((fields, ctx): { intent: "add-day-off"; day: string; note: string | null } => {
    const parsed = parseDayOffForm(formOf(fields), companyToday());
    if (!parsed.ok) {
      for (const [name, message] of Object.entries(parsed.fieldErrors)) ctx.addIssue({ code: "custom", path: [name], message });
      return z.NEVER;
    }
    return { intent: "add-day-off", day: parsed.day, note: parsed.note };
  });

/** "YYYY-MM-DD" naming a day of the calendar (not "2026-02-30"). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const removeDayOffSchema = z.strictObject({
  intent: z.literal("remove-day-off"),
  day: z.string().max(10, SCHEDULE_TEXT.dayOff).refine(isCalendarDay, SCHEDULE_TEXT.dayOff),
});

export const scheduleActionSchema = z.discriminatedUnion("intent", [saveScheduleSchema, addDayOffSchema, removeDayOffSchema]);

/** "2 hours", "1 hour 30 minutes", "30 minutes": a slot length in words. */
export function slotLengthWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [hours > 0 ? `${hours} ${hours === 1 ? "hour" : "hours"}` : "", rest > 0 ? `${rest} minutes` : ""].filter(Boolean);
  return parts.join(" ");
}
