import { toZonedLocal } from "~/lib/zoned-time";
import { minutesOf, type ScheduleSettings } from "./schedule-settings";

/**
 * The inspection slots of the schedule (issue 31 item 3, ADR 053), pure and browser-safe: every slot is a
 * day and an Eastern Time wall-clock window; its places are the schedule's capacity less the appointments
 * that overlap it. A slot is offered when its day is open (not a day off), it starts no sooner than the
 * lead time (counted in open hours from now) and it has a free place.
 *
 * Wall-clock arithmetic on purpose: opening hours are wall-clock hours, so a daylight-saving change does
 * not move them, and 06:00-21:00 never meets the skipped or repeated hour.
 */

export interface Slot {
  /** "YYYY-MM-DD" */
  date: string;
  /** "HH:MM" */
  start: string;
  end: string;
}

export interface SlotWithPlaces extends Slot {
  places: number;
  booked: number;
}

/** The first start and the last end an appointment may have, in minutes (06:00 and 21:00). */
const APPOINTMENT_DAY = { from: 6 * 60, to: 21 * 60 };

/** A booked appointment, for counting: its day and window ("HH:MM" or "HH:MM:SS"). */
export interface BookedWindow {
  date: string;
  start: string;
  end: string;
}

/** "2026-12-01T09:00": how a slot travels in forms, links and JSON. */
export function slotKey(slot: Slot): string {
  return `${slot.date}T${slot.start}`;
}

const SLOT_KEY = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

export function parseSlotKey(value: string): { date: string; start: string } | null {
  const match = SLOT_KEY.exec(value);
  if (!match) return null;
  const [, date = "", start = ""] = match;
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) return null;
  const minutes = minutesOf(start);
  if (minutes >= 24 * 60 || Number(start.slice(3)) >= 60) return null;
  return { date, start };
}

function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The day's opening hours in minutes, or null when closed (weekday closed or a day off). */
function openHours(settings: ScheduleSettings, daysOff: ReadonlySet<string>, day: string): { from: number; to: number } | null {
  if (daysOff.has(day)) return null;
  const hours = settings.weekly[weekdayOf(day)];
  if (!hours?.open) return null;
  // Within the times an appointment may have (06:00-21:00, as the lead page sets them), whatever the stored
  // row says: a slot then never meets the hour a daylight-saving change skips (its instants must exist).
  const from = Math.max(minutesOf(hours.start), APPOINTMENT_DAY.from);
  const to = Math.min(minutesOf(hours.end), APPOINTMENT_DAY.to);
  return to > from ? { from, to } : null;
}

/** Every slot of a day by the schedule (before places and the lead time). */
export function slotsOfDay(settings: ScheduleSettings, daysOff: ReadonlySet<string>, day: string): Slot[] {
  const hours = openHours(settings, daysOff, day);
  if (!hours) return [];
  const out: Slot[] = [];
  for (let t = hours.from; t + settings.slotMinutes <= hours.to; t += settings.slotMinutes) {
    out.push({ date: day, start: timeOf(t), end: timeOf(t + settings.slotMinutes) });
  }
  return out;
}

/** The company's wall clock now: its day and minute of the day. */
export function companyNow(now: Date): { day: string; minute: number } {
  const local = toZonedLocal(now);
  return { day: local.slice(0, 10), minute: minutesOf(local.slice(11, 16)) };
}

/**
 * The earliest wall-clock moment a slot may start: `leadTimeHours` open hours after now (days off and
 * closed days do not count). With a lead time of 0, now. Looks a bounded number of days ahead.
 */
export function earliestStart(settings: ScheduleSettings, daysOff: ReadonlySet<string>, now: Date): { day: string; minute: number } {
  const current = companyNow(now);
  let remaining = settings.leadTimeHours * 60;
  if (remaining === 0) return current;
  for (let i = 0; i < 400; i += 1) {
    const day = addDays(current.day, i);
    const hours = openHours(settings, daysOff, day);
    if (!hours) continue;
    const from = i === 0 ? Math.max(hours.from, current.minute) : hours.from;
    if (from >= hours.to) continue;
    const available = hours.to - from;
    if (available >= remaining) return { day, minute: from + remaining };
    remaining -= available;
  }
  return { day: addDays(current.day, 400), minute: 0 };
}

/** How many of `booked` overlap the slot. */
export function bookedIn(slot: Slot, booked: readonly BookedWindow[]): number {
  const from = minutesOf(slot.start);
  const to = minutesOf(slot.end);
  let count = 0;
  for (const b of booked) {
    if (b.date === slot.date && minutesOf(b.start) < to && minutesOf(b.end) > from) count += 1;
  }
  return count;
}

/** True when the slot starts no sooner than the earliest moment. */
export function isSoonEnough(slot: Slot, earliest: { day: string; minute: number }): boolean {
  return slot.date > earliest.day || (slot.date === earliest.day && minutesOf(slot.start) >= earliest.minute);
}

/**
 * The slots from today for `days` days, each with its booked count and free places (staff's overview uses
 * all; the forms keep those that are offered: `openSlots`).
 */
export function scheduleSlots(input: {
  settings: ScheduleSettings;
  daysOff: ReadonlySet<string>;
  booked: readonly BookedWindow[];
  now: Date;
  days: number;
}): SlotWithPlaces[] {
  const today = companyNow(input.now).day;
  const out: SlotWithPlaces[] = [];
  for (let i = 0; i < input.days; i += 1) {
    for (const slot of slotsOfDay(input.settings, input.daysOff, addDays(today, i))) {
      const booked = bookedIn(slot, input.booked);
      out.push({ ...slot, booked, places: Math.max(0, input.settings.capacity - booked) });
    }
  }
  return out;
}

/** The slots a homeowner may book: open, soon enough, with a free place, at most `limit`. */
export function openSlots(input: {
  settings: ScheduleSettings;
  daysOff: ReadonlySet<string>;
  booked: readonly BookedWindow[];
  now: Date;
  days: number;
  limit?: number;
}): Slot[] {
  if (!input.settings.bookingEnabled) return [];
  const earliest = earliestStart(input.settings, input.daysOff, input.now);
  const out: Slot[] = [];
  for (const slot of scheduleSlots(input)) {
    if (slot.places > 0 && isSoonEnough(slot, earliest)) out.push({ date: slot.date, start: slot.start, end: slot.end });
    if (input.limit !== undefined && out.length >= input.limit) break;
  }
  return out;
}

/** The slot of the schedule that starts at `key`'s day and time, or null when the schedule has none there. */
export function scheduledSlot(settings: ScheduleSettings, daysOff: ReadonlySet<string>, key: { date: string; start: string }): Slot | null {
  return slotsOfDay(settings, daysOff, key.date).find((s) => s.start === key.start) ?? null;
}
