import { describe, expect, it } from "vitest";
import { fromZonedLocal } from "~/lib/zoned-time";
import { DEFAULT_SCHEDULE, parseDayOffForm, parseScheduleForm, type ScheduleSettings } from "./schedule-settings";
import { bookedIn, earliestStart, openSlots, parseSlotKey, scheduledSlot, scheduleSlots, slotsOfDay } from "./slots";

/** An Eastern Time wall-clock moment as the instant it is. */
const at = (local: string) => fromZonedLocal(local)!;

const weekdays: ScheduleSettings = { ...DEFAULT_SCHEDULE, slotMinutes: 120, capacity: 2, leadTimeHours: 0 };
const none = new Set<string>();

describe("the schedule's slots", () => {
  it("cuts an open day into slots that fit, and none on a closed day or a day off", () => {
    // 2026-12-01 is a Tuesday; 2026-12-05 a Saturday.
    expect(slotsOfDay(weekdays, none, "2026-12-01")).toEqual([
      { date: "2026-12-01", start: "08:00", end: "10:00" },
      { date: "2026-12-01", start: "10:00", end: "12:00" },
      { date: "2026-12-01", start: "12:00", end: "14:00" },
      { date: "2026-12-01", start: "14:00", end: "16:00" },
    ]);
    expect(slotsOfDay(weekdays, none, "2026-12-05")).toEqual([]);
    expect(slotsOfDay(weekdays, new Set(["2026-12-01"]), "2026-12-01")).toEqual([]);
  });

  it("counts the places an appointment takes by overlap, staff's odd windows included", () => {
    const slot = { date: "2026-12-01", start: "10:00", end: "12:00" };
    expect(bookedIn(slot, [{ date: "2026-12-01", start: "11:30", end: "13:00" }])).toBe(1);
    expect(bookedIn(slot, [{ date: "2026-12-01", start: "12:00", end: "13:00" }])).toBe(0);
    expect(bookedIn(slot, [{ date: "2026-12-02", start: "10:00", end: "12:00" }])).toBe(0);
  });

  it("offers only slots with a free place", () => {
    const booked = [
      { date: "2026-12-01", start: "08:00", end: "10:00" },
      { date: "2026-12-01", start: "08:00", end: "10:00" },
      { date: "2026-12-01", start: "10:00", end: "12:00" },
    ];
    const slots = openSlots({ settings: weekdays, daysOff: none, booked, now: at("2026-12-01T07:00"), days: 1 });
    expect(slots.map((s) => s.start)).toEqual(["10:00", "12:00", "14:00"]);
    const overview = scheduleSlots({ settings: weekdays, daysOff: none, booked, now: at("2026-12-01T07:00"), days: 1 });
    expect(overview.map((s) => [s.start, s.booked, s.places])).toEqual([
      ["08:00", 2, 0],
      ["10:00", 1, 1],
      ["12:00", 0, 2],
      ["14:00", 0, 2],
    ]);
  });

  it("counts the lead time in open hours: a Friday afternoon request with 24 business hours books Wednesday", () => {
    const settings = { ...weekdays, leadTimeHours: 24 };
    // Friday 2026-12-04 15:00: 2 h left on Friday, 9 on Monday, 9 on Tuesday (20), 4 more on Wednesday.
    expect(earliestStart(settings, none, at("2026-12-04T15:00"))).toEqual({ day: "2026-12-09", minute: 12 * 60 });
    // A day off on the Tuesday pushes it a day.
    expect(earliestStart(settings, new Set(["2026-12-08"]), at("2026-12-04T15:00"))).toEqual({ day: "2026-12-10", minute: 12 * 60 });
    const first = openSlots({ settings, daysOff: none, booked: [], now: at("2026-12-04T15:00"), days: 10, limit: 1 });
    expect(first).toEqual([{ date: "2026-12-09", start: "12:00", end: "14:00" }]);
  });

  it("offers nothing when online booking is off, and nothing already started with no lead time", () => {
    expect(openSlots({ settings: { ...weekdays, bookingEnabled: false }, daysOff: none, booked: [], now: at("2026-12-01T07:00"), days: 5 })).toEqual([]);
    const today = openSlots({ settings: weekdays, daysOff: none, booked: [], now: at("2026-12-01T10:30"), days: 1 });
    expect(today.map((s) => s.start)).toEqual(["12:00", "14:00"]);
  });

  it("works on wall-clock hours across the daylight-saving change", () => {
    // 2026-11-01 (Sunday) the clocks go back; Monday's slots are the same wall-clock hours.
    expect(slotsOfDay(weekdays, none, "2026-11-02")[0]).toEqual({ date: "2026-11-02", start: "08:00", end: "10:00" });
    const slots = openSlots({ settings: weekdays, daysOff: none, booked: [], now: at("2026-10-30T16:30"), days: 5, limit: 1 });
    expect(slots).toEqual([{ date: "2026-11-02", start: "08:00", end: "10:00" }]);
  });

  it("keeps slots within 06:00-21:00 whatever the stored hours, so none meets the skipped hour of a daylight-saving change", () => {
    const allDay = { ...weekdays, weekly: weekdays.weekly.map(() => ({ open: true, start: "00:00", end: "23:30" })) };
    // 2027-03-14, a Sunday: the clocks skip 02:00-03:00.
    const slots = slotsOfDay(allDay, none, "2027-03-14");
    expect(slots[0]).toEqual({ date: "2027-03-14", start: "06:00", end: "08:00" });
    expect(slots.at(-1)).toEqual({ date: "2027-03-14", start: "18:00", end: "20:00" });
  });

  it("reads a slot's key strictly", () => {
    expect(parseSlotKey("2026-12-01T09:00")).toEqual({ date: "2026-12-01", start: "09:00" });
    for (const bad of ["2026-02-30T09:00", "2026-12-01T24:00", "2026-12-01T09:60", "2026-12-01 09:00", "", "2026-12-01T09:00Z"]) {
      expect(parseSlotKey(bad)).toBeNull();
    }
    expect(scheduledSlot(weekdays, none, { date: "2026-12-01", start: "09:00" })).toBeNull();
    expect(scheduledSlot(weekdays, none, { date: "2026-12-01", start: "10:00" })).toEqual({ date: "2026-12-01", start: "10:00", end: "12:00" });
  });
});

describe("the schedule's forms", () => {
  function form(values: Record<string, string>): FormData {
    const data = new FormData();
    for (const [k, v] of Object.entries(values)) data.set(k, v);
    return data;
  }
  const base = { bookingEnabled: "on", slotMinutes: "120", capacity: "2", leadTimeHours: "24", changeCutoffHours: "12", "open-1": "on", "start-1": "08:00", "end-1": "17:00" };

  it("takes a valid week and keeps a closed day's hours", () => {
    const parsed = parseScheduleForm(form({ ...base, "start-2": "09:00", "end-2": "15:00" }));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.weekly[1]).toEqual({ open: true, start: "08:00", end: "17:00" });
    expect(parsed.value.weekly[2]).toEqual({ open: false, start: "09:00", end: "15:00" });
    expect(parsed.value).toMatchObject({ capacity: 2, leadTimeHours: 24, changeCutoffHours: 12, slotMinutes: 120, bookingEnabled: true });
  });

  it("refuses an end before the start, a day shorter than a slot, no open day, and numbers out of range", () => {
    const bad = parseScheduleForm(form({ ...base, "end-1": "07:00", capacity: "0", leadTimeHours: "-1", slotMinutes: "45" }));
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.fieldErrors).toMatchObject({
      capacity: "Enter a number of inspections from 1 to 20.",
      leadTimeHours: "Enter a number of hours from 0 to 336.",
      slotMinutes: "Choose one of the listed slot lengths.",
    });
    const short = parseScheduleForm(form({ ...base, "end-1": "09:00" }));
    expect(!short.ok && short.fieldErrors["end-1"]).toBe("The day is shorter than one slot.");
    const closed = parseScheduleForm(form({ ...base, "open-1": "" }));
    expect(!closed.ok && closed.fieldErrors["open-1"]).toBe("Open at least one day, or turn online booking off.");
  });

  it("takes a day off from today on, with a short note", () => {
    expect(parseDayOffForm(form({ day: "2026-12-24", note: "Christmas Eve" }), "2026-12-01")).toEqual({ ok: true, day: "2026-12-24", note: "Christmas Eve" });
    expect(parseDayOffForm(form({ day: "2026-11-30" }), "2026-12-01")).toEqual({ ok: false, fieldErrors: { day: "The day has already passed." } });
    expect(parseDayOffForm(form({ day: "2026-02-30" }), "2026-01-01")).toEqual({ ok: false, fieldErrors: { day: "Enter a date, like 2026-12-24." } });
  });
});
