import { COMPANY_TIME_ZONE, fromZonedLocal, toZonedLocal } from "~/lib/zoned-time";

/**
 * An inspection appointment is a calendar day and a window of Eastern Time wall-clock times (issue 22
 * item 5), stored as they are (`appointment_date`, `appointment_start`, `appointment_end`). This file
 * holds what the browser and the server share: the choices of the form, the words the pages and emails
 * use, and the instants a window is (for the calendar invitation). Browser-safe (no schema import: the
 * tests check these values against app/db/schema/leads.ts).
 */

/** proposed: set by staff; confirmed: by the homeowner; change_requested: the homeowner asked for another time. */
export const APPOINTMENT_STATUS_VALUES = ["proposed", "confirmed", "change_requested"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUS_VALUES)[number];

/** The first start and the last end of a window, and the step between the choices ("HH:MM"). */
const APPOINTMENT_EARLIEST = "06:00";
const APPOINTMENT_LATEST = "21:00";
const APPOINTMENT_STEP_MINUTES = 30;

/** How the forms and the texts name the zone of the times. */
export const APPOINTMENT_ZONE_WORDS = "Eastern Time";

function minutesOf(time: string): number {
  const [h = "0", m = "0"] = time.split(":");
  return Number(h) * 60 + Number(m);
}

function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** "HH:MM" from a stored "HH:MM:SS" (or "HH:MM"). */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}

/** "9:00 AM" for "09:00" or "09:00:00". */
export function timeWords(time: string): string {
  const minutes = minutesOf(time);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/** Every time a window may start or end, from 06:00 to 21:00 every 30 minutes, with its words. */
const APPOINTMENT_TIMES: ReadonlyArray<{ value: string; label: string }> = (() => {
  const out: Array<{ value: string; label: string }> = [];
  for (let t = minutesOf(APPOINTMENT_EARLIEST); t <= minutesOf(APPOINTMENT_LATEST); t += APPOINTMENT_STEP_MINUTES) {
    out.push({ value: timeOf(t), label: timeWords(timeOf(t)) });
  }
  return out;
})();

/** The choices of "From" (all but the last time) and "To" (all but the first). */
export const APPOINTMENT_START_TIMES = APPOINTMENT_TIMES.slice(0, -1);
export const APPOINTMENT_END_TIMES = APPOINTMENT_TIMES.slice(1);

/** True for "HH:MM" between 06:00 and 21:00 on a 30-minute step. */
export function isAppointmentTime(value: string): boolean {
  return APPOINTMENT_TIMES.some((t) => t.value === value);
}

/** Today's date in Eastern Time, "YYYY-MM-DD". */
export function companyToday(now: Date = new Date()): string {
  return toZonedLocal(now, COMPANY_TIME_ZONE).slice(0, 10);
}

/** The calendar day after `day` ("YYYY-MM-DD"). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

const DAY_WORDS = new Intl.DateTimeFormat("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "Tuesday, December 1, 2026" for "2026-12-01". */
function dayWords(day: string): string {
  return DAY_WORDS.format(new Date(`${day}T00:00:00Z`));
}

export interface AppointmentWindow {
  /** "YYYY-MM-DD" */
  date: string;
  /** "HH:MM" or "HH:MM:SS", Eastern Time. */
  start: string;
  end: string;
}

/** "Tuesday, December 1, 2026, 9:00 AM – 11:00 AM Eastern Time" (an en dash, as the portal's list writes it). */
export function appointmentWords(window: AppointmentWindow): string {
  return `${dayWords(window.date)}, ${timeWords(window.start)} – ${timeWords(window.end)} ${APPOINTMENT_ZONE_WORDS}`;
}

/** The UTC instants the window starts and ends (Eastern Time, daylight saving time applied). */
export function appointmentInstants(window: AppointmentWindow): { start: Date; end: Date } {
  const start = fromZonedLocal(`${window.date}T${shortTime(window.start)}`);
  const end = fromZonedLocal(`${window.date}T${shortTime(window.end)}`);
  // 06:00-21:00 never falls in the hour the clocks skip (2 AM), so both exist.
  if (!start || !end) throw new Error(`not a time in ${COMPANY_TIME_ZONE}: ${window.date} ${window.start}-${window.end}`);
  return { start, end };
}

/** What the homeowner answered, as staff read it. */
export const APPOINTMENT_STATUS_WORDS: Record<AppointmentStatus, string> = {
  proposed: "Waiting for the homeowner to confirm",
  confirmed: "Confirmed by the homeowner",
  change_requested: "The homeowner asked for another time",
};

/** What the homeowner's answer is, as the homeowner reads it in the portal. */
export const CUSTOMER_APPOINTMENT_STATUS_WORDS: Record<AppointmentStatus, string> = {
  proposed: "Please confirm this time, or ask for another one.",
  confirmed: "You confirmed this appointment. See you then!",
  change_requested: "You asked for another time. We will get back to you with a new one.",
};
