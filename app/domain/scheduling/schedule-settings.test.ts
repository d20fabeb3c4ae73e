import { describe, expect, it } from "vitest";
import { addDayOffSchema, saveScheduleSchema, SCHEDULE_SCREEN_TEXT, scheduleActionSchema, slotLengthWords } from "./schedule-forms";
import { DEFAULT_SCHEDULE, parseDayOffForm, parseScheduleForm, SCHEDULE_TEXT, SLOT_LENGTHS } from "./schedule-settings";

/**
 * The schedule's staff forms (issue 31 item 3): the lead's parsers (./schedule-settings.ts) at their edges,
 * and the admin kit's schemas over them (./schedule-forms.ts), which the browser and the action share.
 */

/** The form as the screen posts it with the defaults: Monday to Friday 08:00-17:00, 2-hour slots. */
function defaultFields(): Record<string, string> {
  const fields: Record<string, string> = { bookingEnabled: "on", slotMinutes: "120", capacity: "1", leadTimeHours: "24", changeCutoffHours: "24" };
  DEFAULT_SCHEDULE.weekly.forEach((day, i) => {
    if (day.open) fields[`open-${i}`] = "on";
    fields[`start-${i}`] = day.start;
    fields[`end-${i}`] = day.end;
  });
  return fields;
}

function form(fields: Record<string, string | undefined>): FormData {
  const out = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) out.set(name, value);
  return out;
}

const parse = (changes: Record<string, string | undefined> = {}) => parseScheduleForm(form({ ...defaultFields(), ...changes }));

function errorsOf(result: ReturnType<typeof parseScheduleForm>): Record<string, string> {
  if (result.ok) throw new Error("expected a refusal");
  return result.fieldErrors;
}

describe("parseScheduleForm", () => {
  it("reads the defaults back as the defaults", () => {
    expect(parse()).toEqual({ ok: true, value: DEFAULT_SCHEDULE });
  });

  it("reads a changed week, numbers with spaces around them, and booking turned off", () => {
    const result = parse({ "open-6": "on", "start-6": "09:30", "end-6": "13:30", "open-1": undefined, slotMinutes: "60", capacity: " 3 ", leadTimeHours: "0", changeCutoffHours: "336", bookingEnabled: undefined });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.bookingEnabled).toBe(false);
    expect(result.value.weekly[6]).toEqual({ open: true, start: "09:30", end: "13:30" });
    // Monday closed keeps its hours, so opening it again brings them back.
    expect(result.value.weekly[1]).toEqual({ open: false, start: "08:00", end: "17:00" });
    expect(result.value).toMatchObject({ slotMinutes: 60, capacity: 3, leadTimeHours: 0, changeCutoffHours: 336 });
  });

  it("accepts every listed slot length and nothing else", () => {
    for (const minutes of SLOT_LENGTHS) expect(parse({ slotMinutes: String(minutes) }).ok).toBe(true);
    for (const value of ["45", "0", "480", "", "two hours", undefined]) {
      expect(errorsOf(parse({ slotMinutes: value })).slotMinutes).toBe(SCHEDULE_TEXT.slotLength);
    }
  });

  it("refuses hours that are not 24-hour times, on open days only", () => {
    expect(errorsOf(parse({ "start-1": "8:00" }))).toEqual({ "start-1": SCHEDULE_TEXT.hours });
    expect(errorsOf(parse({ "end-2": "24:00" }))).toEqual({ "end-2": SCHEDULE_TEXT.hours });
    expect(errorsOf(parse({ "start-3": "" }))).toEqual({ "start-3": SCHEDULE_TEXT.hours });
    expect(errorsOf(parse({ "end-4": "5 PM" }))).toEqual({ "end-4": SCHEDULE_TEXT.hours });
    // A closed day's broken hours are not its business: they fall back to the defaults.
    const closed = parse({ "start-0": "nonsense", "end-0": "" });
    expect(closed.ok && closed.value.weekly[0]).toEqual({ open: false, start: "08:00", end: "17:00" });
  });

  it("refuses a day that ends before it starts, or is shorter than one slot", () => {
    expect(errorsOf(parse({ "start-5": "17:00", "end-5": "08:00" }))).toEqual({ "end-5": SCHEDULE_TEXT.endAfterStart });
    expect(errorsOf(parse({ "start-5": "10:00", "end-5": "10:00" }))).toEqual({ "end-5": SCHEDULE_TEXT.endAfterStart });
    expect(errorsOf(parse({ "start-5": "10:00", "end-5": "11:30" }))).toEqual({ "end-5": SCHEDULE_TEXT.slotFits });
    // Exactly one slot fits.
    expect(parse({ "start-5": "10:00", "end-5": "12:00" }).ok).toBe(true);
    // With no valid slot length, the day's length is not judged against it.
    expect(errorsOf(parse({ slotMinutes: "7", "start-5": "10:00", "end-5": "10:30" }))).toEqual({ slotMinutes: SCHEDULE_TEXT.slotLength });
  });

  it("needs an open day while booking is on, and not when it is off", () => {
    const closedWeek = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [`open-${d}`, undefined]));
    expect(errorsOf(parse(closedWeek))).toEqual({ "open-1": SCHEDULE_TEXT.noOpenDay });
    const off = parse({ ...closedWeek, bookingEnabled: undefined });
    expect(off.ok && off.value.weekly.every((d) => !d.open)).toBe(true);
  });

  it("refuses numbers out of range, with decimals, signs or words, one message per field", () => {
    for (const capacity of ["0", "21", "1.5", "-1", "two", "", "1e1"]) expect(errorsOf(parse({ capacity })).capacity).toBe(SCHEDULE_TEXT.capacity);
    for (const leadTimeHours of ["337", "-1", "2.5", "", "99999"]) expect(errorsOf(parse({ leadTimeHours })).leadTimeHours).toBe(SCHEDULE_TEXT.leadTime);
    for (const changeCutoffHours of ["337", "x", ""]) expect(errorsOf(parse({ changeCutoffHours })).changeCutoffHours).toBe(SCHEDULE_TEXT.cutoff);
    expect(parse({ capacity: "20", leadTimeHours: "336", changeCutoffHours: "0" }).ok).toBe(true);
    expect(Object.keys(errorsOf(parse({ capacity: "0", leadTimeHours: "x", changeCutoffHours: "", "end-1": "07:00" }))).sort()).toEqual([
      "capacity",
      "changeCutoffHours",
      "end-1",
      "leadTimeHours",
    ]);
  });
});

describe("parseDayOffForm", () => {
  const today = "2026-12-01";
  const dayOff = (day: string, note?: string) => parseDayOffForm(form({ day, note }), today);

  it("takes today or a later day, with a note or without", () => {
    expect(dayOff("2026-12-01")).toEqual({ ok: true, day: "2026-12-01", note: null });
    expect(dayOff(" 2026-12-24 ", "  Christmas\n\tEve  ")).toEqual({ ok: true, day: "2026-12-24", note: "Christmas Eve" });
    expect(dayOff("2027-01-01", "   ")).toEqual({ ok: true, day: "2027-01-01", note: null });
  });

  it("refuses what is not a day of the calendar, and a day gone by", () => {
    for (const day of ["", "2026-12-1", "12/24/2026", "2026-02-30", "2026-13-01", "2026-12-24T00:00", "tomorrow"]) {
      expect(dayOff(day)).toEqual({ ok: false, fieldErrors: { day: SCHEDULE_TEXT.dayOff } });
    }
    expect(dayOff("2026-11-30")).toEqual({ ok: false, fieldErrors: { day: SCHEDULE_TEXT.dayOffPast } });
  });

  it("refuses a note over 200 characters or with control or direction characters", () => {
    expect(dayOff("2026-12-24", "x".repeat(200)).ok).toBe(true);
    for (const note of ["x".repeat(201), "Eve\u0000", "Eve\u202e", "Eve\u2066x"]) {
      expect(dayOff("2026-12-24", note)).toEqual({ ok: false, fieldErrors: { note: SCHEDULE_TEXT.note } });
    }
  });
});

describe("the screen's schemas", () => {
  it("save-schedule: the parser's settings, or its messages by field", () => {
    expect(saveScheduleSchema.parse({ intent: "save-schedule", ...defaultFields() })).toEqual({ intent: "save-schedule", settings: DEFAULT_SCHEDULE });
    const refused = saveScheduleSchema.safeParse({ intent: "save-schedule", ...defaultFields(), capacity: "0", "end-3": "06:00" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["end-3", SCHEDULE_TEXT.endAfterStart],
      ["capacity", SCHEDULE_TEXT.capacity],
    ]);
  });

  it("save-schedule: an unknown field, a checkbox value that is not on, or an oversize value is refused", () => {
    expect(saveScheduleSchema.safeParse({ intent: "save-schedule", ...defaultFields(), "open-7": "on" }).success).toBe(false);
    expect(saveScheduleSchema.safeParse({ intent: "save-schedule", ...defaultFields(), "open-2": "yes" }).success).toBe(false);
    expect(saveScheduleSchema.safeParse({ intent: "save-schedule", ...defaultFields(), "start-2": "08:00".repeat(10) }).error?.issues[0]).toMatchObject({
      path: ["start-2"],
      message: SCHEDULE_TEXT.hours,
    });
  });

  it("save-schedule: an open day's hours are appointment times, 06:00 to 21:00 on the half hour", () => {
    const issues = (changes: Record<string, string>) =>
      saveScheduleSchema.safeParse({ intent: "save-schedule", ...defaultFields(), ...changes }).error?.issues.map((i) => [i.path[0], i.message]);
    expect(issues({ "start-1": "05:30" })).toEqual([["start-1", SCHEDULE_SCREEN_TEXT.hoursRange]]);
    expect(issues({ "end-2": "21:30" })).toEqual([["end-2", SCHEDULE_SCREEN_TEXT.hoursRange]]);
    expect(issues({ "start-3": "08:15" })).toEqual([["start-3", SCHEDULE_SCREEN_TEXT.hoursRange]]);
    // The night a daylight-saving change skips (02:00-02:59) is outside them.
    expect(issues({ "open-0": "on", "start-0": "00:00", "end-0": "23:30" })).toEqual([["start-0", SCHEDULE_SCREEN_TEXT.hoursRange]]);
    // The parser's own message first; a closed day's hours are not judged.
    expect(issues({ "start-4": "18:00", "end-4": "05:00" })).toEqual([["end-4", SCHEDULE_TEXT.endAfterStart]]);
    expect(saveScheduleSchema.safeParse({ intent: "save-schedule", ...defaultFields(), "start-6": "00:00", "end-6": "23:30" }).success).toBe(true);
    expect(saveScheduleSchema.safeParse({ intent: "save-schedule", ...defaultFields(), "start-1": "06:00", "end-1": "21:00" }).success).toBe(true);
  });

  it("add-day-off judges the day against the company's today", () => {
    expect(addDayOffSchema.safeParse({ intent: "add-day-off", day: "2000-01-01", note: "" }).error?.issues[0]?.message).toBe(SCHEDULE_TEXT.dayOffPast);
    expect(addDayOffSchema.parse({ intent: "add-day-off", day: "2999-12-24", note: "Far" })).toEqual({ intent: "add-day-off", day: "2999-12-24", note: "Far" });
  });

  it("remove-day-off takes a day of the calendar only", () => {
    expect(scheduleActionSchema.safeParse({ intent: "remove-day-off", day: "2026-12-24" }).success).toBe(true);
    for (const day of ["2026-02-30", "2026-12-24'", "", "x".repeat(50)]) {
      expect(scheduleActionSchema.safeParse({ intent: "remove-day-off", day }).success).toBe(false);
    }
  });

  it("names slot lengths in words", () => {
    expect(SLOT_LENGTHS.map(slotLengthWords)).toEqual(["30 minutes", "1 hour", "1 hour 30 minutes", "2 hours", "2 hours 30 minutes", "3 hours", "4 hours"]);
  });
});
