import { asc, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, inspectionSchedule, leads, scheduleDaysOff } from "~/db/schema";
import { action, loader } from "~/routes/admin/schedule";
import { freshAdminSession, postAdminAction } from "../../../tests/support/admin-action";
import { createSession, createUser } from "../../../tests/support/factories";
import { loadDaysOff, loadScheduleSettings } from "./load-schedule.server";
import { SCHEDULE_SCREEN_TEXT } from "./schedule-forms";
import { scheduleOverview } from "./schedule-overview.server";
import { DEFAULT_SCHEDULE, SCHEDULE_TEXT } from "./schedule-settings";

/**
 * /admin/schedule's intents through the kit's adminAction as the route runs them (guard, parse, use case
 * and audit entry in one transaction, the texts of SCHEDULE_TEXT), and the two weeks' overview read from
 * leads with appointments, on this file's PostgreSQL database.
 */

let cookie = "";
beforeEach(async () => {
  cookie = await freshAdminSession();
});

const post = (fields: Record<string, string>, as = cookie) => postAdminAction(action, "/admin/schedule", as, fields, { ip: "203.0.113.31" });

/** Monday to Friday 08:00-12:00 and Saturday 09:00-11:00, 2-hour slots, two at once. */
const WEEK = {
  intent: "save-schedule",
  bookingEnabled: "on",
  ...Object.fromEntries([1, 2, 3, 4, 5].flatMap((d) => [[`open-${d}`, "on"], [`start-${d}`, "08:00"], [`end-${d}`, "12:00"]])),
  "open-6": "on",
  "start-6": "09:00",
  "end-6": "11:00",
  "start-0": "08:00",
  "end-0": "17:00",
  slotMinutes: "120",
  capacity: "2",
  leadTimeHours: "12",
  changeCutoffHours: "48",
};

const scheduleAudit = () => db().select().from(auditLog).where(like(auditLog.action, "schedule.%")).orderBy(asc(auditLog.occurredAt));

async function newLead(firstName: string, lastName: string, appointment?: { date: string; start: string; end: string; status?: "proposed" | "confirmed" | "change_requested"; online?: boolean }) {
  const [row] = await db()
    .insert(leads)
    .values({
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@example.com`,
      phone: "+16145550147",
      submissionKey: `schedule-${crypto.randomUUID()}`,
      ...(appointment
        ? {
            appointmentDate: appointment.date,
            appointmentStart: appointment.start,
            appointmentEnd: appointment.end,
            appointmentStatus: appointment.status ?? "proposed",
            appointmentBookedOnline: appointment.online ?? false,
          }
        : {}),
    })
    .returning({ id: leads.id });
  return row!.id;
}

describe("saving the schedule", () => {
  it("writes the one row with who saved it, and the schedule.update audit entry; a second save replaces it", async () => {
    expect(await loadScheduleSettings()).toEqual(DEFAULT_SCHEDULE);
    const { status, body } = await post(WEEK);
    expect(status).toBe(200);
    expect(body.toast).toEqual({ variant: "success", title: "Success", text: SCHEDULE_TEXT.saved });

    const settings = await loadScheduleSettings();
    expect(settings).toMatchObject({ bookingEnabled: true, slotMinutes: 120, capacity: 2, leadTimeHours: 12, changeCutoffHours: 48 });
    expect(settings.weekly.map((d) => (d.open ? `${d.start}-${d.end}` : "closed"))).toEqual([
      "closed",
      "08:00-12:00",
      "08:00-12:00",
      "08:00-12:00",
      "08:00-12:00",
      "08:00-12:00",
      "09:00-11:00",
    ]);
    const rows = await db().select().from(inspectionSchedule);
    expect(rows).toHaveLength(1);
    const [entry] = await scheduleAudit();
    expect(entry).toMatchObject({ action: "schedule.update", targetType: "inspection_schedule", targetId: "1", ipAddress: "203.0.113.31" });
    expect(rows[0]!.updatedBy).toBe(entry!.actorUserId);
    expect(entry!.details).toMatchObject({ capacity: 2, slotMinutes: 120, bookingEnabled: true, changeCutoffHours: 48 });

    const off = await post({ ...WEEK, bookingEnabled: "", capacity: "3" });
    expect(off.status).toBe(200);
    expect(await loadScheduleSettings()).toMatchObject({ bookingEnabled: false, capacity: 3 });
    expect(await db().select().from(inspectionSchedule)).toHaveLength(1);
    expect((await scheduleAudit()).map((e) => e.action)).toEqual(["schedule.update", "schedule.update"]);
  });

  it("refuses invalid values with SCHEDULE_TEXT's message under each field, and writes nothing", async () => {
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ "end-2": "07:00" }, { "end-2": SCHEDULE_TEXT.endAfterStart }],
      [{ "end-3": "09:00" }, { "end-3": SCHEDULE_TEXT.slotFits }],
      [{ "start-4": "9am" }, { "start-4": SCHEDULE_TEXT.hours }],
      [{ slotMinutes: "45" }, { slotMinutes: SCHEDULE_TEXT.slotLength }],
      [{ "start-1": "05:00", "end-5": "22:00" }, { "start-1": SCHEDULE_SCREEN_TEXT.hoursRange, "end-5": SCHEDULE_SCREEN_TEXT.hoursRange }],
      [{ capacity: "0", leadTimeHours: "337", changeCutoffHours: "-1" }, { capacity: SCHEDULE_TEXT.capacity, leadTimeHours: SCHEDULE_TEXT.leadTime, changeCutoffHours: SCHEDULE_TEXT.cutoff }],
      [Object.fromEntries([1, 2, 3, 4, 5, 6].map((d) => [`open-${d}`, ""])), { "open-1": SCHEDULE_TEXT.noOpenDay }],
    ];
    for (const [changes, fieldErrors] of cases) {
      const { status, body } = await post({ ...WEEK, ...changes });
      expect(status, JSON.stringify(changes)).toBe(400);
      expect(body.fieldErrors).toEqual(fieldErrors);
      expect(body.toast.text).toBe(SCHEDULE_SCREEN_TEXT.saveFailed);
    }
    // Not a form the screen sends: an unknown field, a checkbox that says something else than on.
    expect((await post({ ...WEEK, "open-9": "on" })).status).toBe(400);
    expect((await post({ ...WEEK, "open-2": "yes" })).status).toBe(400);
    expect(await db().select().from(inspectionSchedule)).toEqual([]);
    expect(await scheduleAudit()).toEqual([]);
  });

  it("is for admins only: a customer is sent away and nothing is written", async () => {
    const customer = await createUser({ kind: "customer" });
    const { cookie: customerCookie } = await createSession(customer);
    const request = new Request("http://app.test/admin/schedule", {
      method: "POST",
      headers: { cookie: customerCookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(WEEK),
    });
    const thrown = await Promise.resolve(action({ request, params: {}, context: {} } as never)).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/portal");
    const loaded = await Promise.resolve(loader({ request: new Request("http://app.test/admin/schedule", { headers: { cookie: customerCookie } }), params: {}, context: {} } as never)).catch(
      (error: unknown) => error,
    );
    expect(loaded).toBeInstanceOf(Response);
    expect(await db().select().from(inspectionSchedule)).toEqual([]);
  });
});

describe("days off", () => {
  it("adds one with its note, refuses it twice and a day gone by, removes it, each audited", async () => {
    const added = await post({ intent: "add-day-off", day: "2099-12-24", note: "  Christmas   Eve " });
    expect(added.status).toBe(200);
    expect(added.body.toast.text).toBe(SCHEDULE_TEXT.dayOffAdded);
    expect(await loadDaysOff("2000-01-01")).toEqual([{ day: "2099-12-24", note: "Christmas Eve" }]);

    const again = await post({ intent: "add-day-off", day: "2099-12-24", note: "" });
    expect(again.status).toBe(409);
    expect(again.body.fieldErrors).toEqual({ day: SCHEDULE_SCREEN_TEXT.dayOffExists });
    expect(await loadDaysOff("2000-01-01")).toEqual([{ day: "2099-12-24", note: "Christmas Eve" }]);

    const past = await post({ intent: "add-day-off", day: "2020-01-01", note: "" });
    expect(past.status).toBe(400);
    expect(past.body.fieldErrors).toEqual({ day: SCHEDULE_TEXT.dayOffPast });
    const badDate = await post({ intent: "add-day-off", day: "2099-02-30", note: "" });
    expect(badDate.body.fieldErrors).toEqual({ day: SCHEDULE_TEXT.dayOff });
    const longNote = await post({ intent: "add-day-off", day: "2099-12-25", note: "x".repeat(201) });
    expect(longNote.body.fieldErrors).toEqual({ note: SCHEDULE_TEXT.note });

    const removed = await post({ intent: "remove-day-off", day: "2099-12-24" });
    expect(removed.status).toBe(200);
    expect(removed.body.toast.text).toBe(SCHEDULE_TEXT.dayOffRemoved);
    expect(await db().select().from(scheduleDaysOff)).toEqual([]);
    expect((await post({ intent: "remove-day-off", day: "2099-12-24" })).status).toBe(404);
    expect((await post({ intent: "remove-day-off", day: "2099-02-30" })).status).toBe(400);

    const audit = await scheduleAudit();
    expect(audit.map((e) => [e.action, e.targetId])).toEqual([
      ["schedule.day_off.add", "2099-12-24"],
      ["schedule.day_off.remove", "2099-12-24"],
    ]);
    expect(audit[0]!.details).toEqual({ note: "Christmas Eve", bookedThatDay: 0 });
  });

  it("records how many inspections were already booked on the day", async () => {
    await newLead("Dora", "Early", { date: "2099-07-01", start: "08:00", end: "10:00" });
    await newLead("Eli", "Early", { date: "2099-07-01", start: "10:00", end: "12:00" });
    expect((await post({ intent: "add-day-off", day: "2099-07-01", note: "" })).status).toBe(200);
    const [entry] = await scheduleAudit();
    expect(entry!.details).toEqual({ note: null, bookedThatDay: 2 });
  });
});

describe("the two weeks' overview", () => {
  // Monday June 3, 2030, 9 AM Eastern (EDT).
  const NOW = new Date("2030-06-03T13:00:00Z");

  it("shows each day open, closed or off, each slot's count and places, and who is booked where", async () => {
    expect((await post(WEEK)).status).toBe(200);
    expect((await post({ intent: "add-day-off", day: "2030-06-05", note: "Crew training" })).status).toBe(200);
    const ada = await newLead("Ada", "Lovelace", { date: "2030-06-03", start: "08:00", end: "10:00", status: "confirmed", online: true });
    const ben = await newLead("Ben", "Franklin", { date: "2030-06-03", start: "08:00", end: "10:00" });
    const cy = await newLead("Cy", "Spanning", { date: "2030-06-04", start: "09:00", end: "11:00", status: "change_requested" });
    const dee = await newLead("Dee", "Dayoff", { date: "2030-06-05", start: "10:00", end: "12:00" });
    const eve = await newLead("Eve", "Sunday", { date: "2030-06-09", start: "10:00", end: "11:00" });
    const fay = await newLead("Fay", "Afternoon", { date: "2030-06-03", start: "13:00", end: "14:00" });
    await newLead("Gus", "Later", { date: "2030-06-17", start: "08:00", end: "10:00" });
    await newLead("Hal", "Before", { date: "2030-06-02", start: "08:00", end: "10:00" });
    await newLead("Ida", "Unbooked");

    const overview = await scheduleOverview({ now: NOW });
    expect(overview.today).toBe("2030-06-03");
    expect(overview.daysOff).toEqual([{ day: "2030-06-05", note: "Crew training" }]);
    expect(overview.days).toHaveLength(14);
    expect(overview.days.map((d) => `${d.date} ${d.weekday} ${d.kind}`)).toEqual([
      "2030-06-03 Monday open",
      "2030-06-04 Tuesday open",
      "2030-06-05 Wednesday day_off",
      "2030-06-06 Thursday open",
      "2030-06-07 Friday open",
      "2030-06-08 Saturday open",
      "2030-06-09 Sunday closed",
      "2030-06-10 Monday open",
      "2030-06-11 Tuesday open",
      "2030-06-12 Wednesday open",
      "2030-06-13 Thursday open",
      "2030-06-14 Friday open",
      "2030-06-15 Saturday open",
      "2030-06-16 Sunday closed",
    ]);
    const [monday, tuesday, wednesday, , , saturday, sunday] = overview.days;

    expect(monday!.hours).toEqual({ start: "08:00", end: "12:00" });
    expect(monday!.slots.map((s) => [s.start, s.end, s.booked, s.places, s.bookings.map((b) => b.name)])).toEqual([
      ["08:00", "10:00", 2, 0, ["Ben Franklin", "Ada Lovelace"]],
      ["10:00", "12:00", 0, 2, []],
    ]);
    expect(monday!.slots[0]!.bookings.find((b) => b.leadId === ada)).toEqual({
      leadId: ada,
      name: "Ada Lovelace",
      start: "08:00",
      end: "10:00",
      status: "confirmed",
      bookedOnline: true,
    });
    expect(monday!.slots[0]!.bookings.find((b) => b.leadId === ben)).toMatchObject({ status: "proposed", bookedOnline: false });
    expect(monday!.outside.map((b) => [b.leadId, b.start, b.end])).toEqual([[fay, "13:00", "14:00"]]);

    // An appointment across two slots takes a place in each.
    expect(tuesday!.slots.map((s) => [s.start, s.booked, s.places, s.bookings.map((b) => b.leadId)])).toEqual([
      ["08:00", 1, 1, [cy]],
      ["10:00", 1, 1, [cy]],
    ]);
    expect(wednesday).toMatchObject({ kind: "day_off", note: "Crew training", hours: null, slots: [] });
    expect(wednesday!.outside.map((b) => b.leadId)).toEqual([dee]);
    expect(saturday!.slots.map((s) => `${s.start}-${s.end}`)).toEqual(["09:00-11:00"]);
    expect(sunday).toMatchObject({ kind: "closed", hours: null, slots: [] });
    expect(sunday!.outside.map((b) => b.leadId)).toEqual([eve]);
    const everyone = overview.days.flatMap((d) => [...d.slots.flatMap((s) => s.bookings), ...d.outside].map((b) => b.name));
    expect(everyone).not.toContain("Gus Later");
    expect(everyone).not.toContain("Hal Before");
    expect(everyone).not.toContain("Ida Unbooked");
  });

  it("with no saved schedule shows the defaults' week, from the company's today (Eastern Time)", async () => {
    // 11:30 PM on Sunday June 2 in Ohio is already Monday in UTC.
    const overview = await scheduleOverview({ now: new Date("2030-06-03T03:30:00Z") });
    expect(overview.today).toBe("2030-06-02");
    expect(overview.settings).toEqual(DEFAULT_SCHEDULE);
    expect(overview.days[0]).toMatchObject({ date: "2030-06-02", kind: "closed" });
    expect(overview.days[1]!.slots.map((s) => s.start)).toEqual(["08:00", "10:00", "12:00", "14:00"]);
    expect(overview.days[1]!.slots.every((s) => s.booked === 0 && s.places === 1)).toBe(true);
  });
});
