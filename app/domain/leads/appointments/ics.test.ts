import { describe, expect, it } from "vitest";
import { APPOINTMENT_STATUSES } from "~/db/schema/leads";
import {
  APPOINTMENT_END_TIMES,
  APPOINTMENT_START_TIMES,
  APPOINTMENT_STATUS_VALUES,
  appointmentInstants,
  appointmentWords,
  companyToday,
  isAppointmentTime,
  nextDay,
} from "./appointment-window";
import { appointmentUid, buildIcs, escapeText, foldLine, type CalendarEvent } from "./ics";
import { appointmentDateProblem, setAppointmentSchema } from "./schemas";

/** The calendar invitation (RFC 5545) and the appointment's window, without a database. */

function event(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  const { start, end } = appointmentInstants({ date: "2026-12-01", start: "09:00", end: "11:00" });
  return {
    method: "REQUEST",
    status: "TENTATIVE",
    uid: appointmentUid("0b7e5c1e-1111-4222-8333-944444444444", "roofing.test"),
    sequence: 1,
    start,
    end,
    stamp: new Date("2026-11-20T15:04:05.678Z"),
    summary: "Roof inspection by Buckeye Valor Roofing",
    description: "Confirm it: https://roofing.test/portal/requests/1",
    url: "https://roofing.test/portal/requests/1",
    organizer: { name: "Buckeye Valor Roofing", email: "office@roofing.test" },
    attendee: { name: "Siobhán O'Brien-Zoë", email: "siobhan@example.com" },
    ...overrides,
  };
}

/** The content lines of `ics`, unfolded (RFC 5545 §3.1). */
function unfolded(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, "").split("\r\n").slice(0, -1);
}

function property(ics: string, name: string): string | undefined {
  return unfolded(ics).find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
}

describe("the appointment's window (Eastern Time)", () => {
  it("says the appointment in words", () => {
    expect(appointmentWords({ date: "2026-12-01", start: "09:00:00", end: "11:00:00" })).toBe(
      "Tuesday, December 1, 2026, 9:00 AM – 11:00 AM Eastern Time",
    );
    expect(appointmentWords({ date: "2026-07-04", start: "12:30", end: "13:00" })).toBe("Saturday, July 4, 2026, 12:30 PM – 1:00 PM Eastern Time");
  });

  it("offers 30-minute steps from 06:00 to 21:00", () => {
    expect(APPOINTMENT_START_TIMES[0]).toEqual({ value: "06:00", label: "6:00 AM" });
    expect(APPOINTMENT_START_TIMES.at(-1)).toEqual({ value: "20:30", label: "8:30 PM" });
    expect(APPOINTMENT_END_TIMES[0]?.value).toBe("06:30");
    expect(APPOINTMENT_END_TIMES.at(-1)).toEqual({ value: "21:00", label: "9:00 PM" });
    for (const bad of ["05:30", "21:30", "09:15", "9:00", "", "24:00"]) expect(isAppointmentTime(bad), bad).toBe(false);
  });

  it("turns the wall clock into UTC on both sides of each daylight saving time change", () => {
    const utc = (date: string, start: string) => appointmentInstants({ date, start, end: "21:00" }).start.toISOString();
    // Clocks go forward on Sunday, March 8, 2026 and back on Sunday, November 1, 2026.
    expect(utc("2026-03-07", "09:00")).toBe("2026-03-07T14:00:00.000Z");
    expect(utc("2026-03-08", "09:00")).toBe("2026-03-08T13:00:00.000Z");
    expect(utc("2026-10-31", "09:00")).toBe("2026-10-31T13:00:00.000Z");
    expect(utc("2026-11-01", "09:00")).toBe("2026-11-01T14:00:00.000Z");
    expect(utc("2026-11-01", "06:00")).toBe("2026-11-01T11:00:00.000Z");
  });

  it("knows today and tomorrow in Eastern Time, not UTC", () => {
    // 02:30 UTC on Dec 2 is still Dec 1 (9:30 PM) in Ohio.
    expect(companyToday(new Date("2026-12-02T02:30:00Z"))).toBe("2026-12-01");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
  });

  it("refuses a date in the past, a window that ends before it starts, and times off the list", () => {
    expect(appointmentDateProblem("2026-11-30", "2026-12-01")).toMatch(/today or a later date/);
    expect(appointmentDateProblem("2026-12-01", "2026-12-01")).toBeNull();
    expect(appointmentDateProblem("2026-02-30", "2026-01-01")).toMatch(/February 2026 has no 30th/);
    expect(appointmentDateProblem("2028-12-01", "2026-12-01")).toMatch(/within the next year/);
    const future = nextDay(companyToday());
    const parse = (start: string, end: string) => setAppointmentSchema.safeParse({ intent: "set-appointment", date: future, start, end });
    expect(parse("09:00", "11:00").success).toBe(true);
    const reversed = parse("11:00", "09:00");
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]?.path).toEqual(["end"]);
    expect(parse("09:00", "09:00").success).toBe(false);
    expect(parse("09:15", "11:00").success).toBe(false);
    expect(parse("05:30", "07:00").success).toBe(false);
  });

  it("uses the table's appointment statuses", () => {
    expect([...APPOINTMENT_STATUS_VALUES]).toEqual([...APPOINTMENT_STATUSES]);
  });
});

describe("the calendar invitation (.ics)", () => {
  it("is an iTIP REQUEST with a stable UID, a SEQUENCE and UTC times", () => {
    const ics = buildIcs(event());
    const lines = unfolded(ics);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(property(ics, "METHOD")).toBe("METHOD:REQUEST");
    expect(property(ics, "UID")).toBe("UID:lead-0b7e5c1e-1111-4222-8333-944444444444@roofing.test");
    expect(property(ics, "SEQUENCE")).toBe("SEQUENCE:1");
    expect(property(ics, "DTSTART")).toBe("DTSTART:20261201T140000Z");
    expect(property(ics, "DTEND")).toBe("DTEND:20261201T160000Z");
    expect(property(ics, "DTSTAMP")).toBe("DTSTAMP:20261120T150405Z");
    expect(property(ics, "ORGANIZER")).toBe("ORGANIZER;CN=Buckeye Valor Roofing:mailto:office@roofing.test");
    // Until the homeowner confirms the time, the event is tentative; then confirmed (issue 31 item 5).
    expect(property(ics, "STATUS")).toBe("STATUS:TENTATIVE");
    expect(property(buildIcs(event({ status: "CONFIRMED", sequence: 2 })), "STATUS")).toBe("STATUS:CONFIRMED");
    // The same lead and host: the same UID, whatever else changes.
    expect(buildIcs(event({ sequence: 2 }))).toContain("UID:lead-0b7e5c1e");
  });

  it("is at UTC-4 the day before the clocks go back (Nov 1, 2026) and at UTC-5 on that day", () => {
    const onTheDay = appointmentInstants({ date: "2026-11-01", start: "06:00", end: "07:30" });
    const before = appointmentInstants({ date: "2026-10-31", start: "06:00", end: "07:30" });
    expect(property(buildIcs(event(onTheDay)), "DTSTART")).toBe("DTSTART:20261101T110000Z");
    expect(property(buildIcs(event(before)), "DTSTART")).toBe("DTSTART:20261031T100000Z");
    expect(property(buildIcs(event(before)), "DTEND")).toBe("DTEND:20261031T113000Z");
  });

  it("ends every line with CRLF and folds at 75 octets without splitting a character", () => {
    const ics = buildIcs(
      event({ description: `Zoë's roof, the garage; and the shed — ${"é".repeat(80)} 🏠 ${"x".repeat(100)}\nSecond line` }),
    );
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of ics.split("\r\n")) {
      expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
      // A folded line never starts or ends inside a UTF-8 sequence: it is valid UTF-8 on its own.
      expect(Buffer.from(Buffer.from(line, "utf8").toString("utf8"), "utf8").equals(Buffer.from(line, "utf8"))).toBe(true);
      expect(line).not.toContain("\uFFFD");
    }
    expect(property(ics, "DESCRIPTION")).toBe(
      `DESCRIPTION:Zoë's roof\\, the garage\\; and the shed — ${"é".repeat(80)} 🏠 ${"x".repeat(100)}\\nSecond line`,
    );
  });

  it("escapes text and quotes a name with a comma, keeping an apostrophe and non-ASCII letters", () => {
    expect(escapeText("a\\b;c,d\r\ne\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
    const ics = buildIcs(event({ attendee: { name: `Siobhán O'Brien, "Zoë"`, email: "siobhan@example.com" } }));
    expect(property(ics, "ATTENDEE")).toBe(`ATTENDEE;CN="Siobhán O'Brien, Zoë";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:siobhan@example.com`);
    const plain = buildIcs(event());
    expect(property(plain, "ATTENDEE")).toBe("ATTENDEE;CN=Siobhán O'Brien-Zoë;ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:siobhan@example.com");
    expect(property(buildIcs(event({ summary: "Roof, Inc.; inspection" })), "SUMMARY")).toBe("SUMMARY:Roof\\, Inc.\\; inspection");
  });

  it("folds exactly at 75 octets", () => {
    const line = `DESCRIPTION:${"a".repeat(200)}`;
    const folded = foldLine(line).split("\r\n");
    expect(folded[0]).toHaveLength(75);
    expect(folded.slice(1).every((l) => l.startsWith(" ") && Buffer.byteLength(l) <= 75)).toBe(true);
    expect(folded.map((l, i) => (i === 0 ? l : l.slice(1))).join("")).toBe(line);
    expect(foldLine("SHORT:x")).toBe("SHORT:x");
  });

  it("cancels the same event with METHOD:CANCEL and no alarm", () => {
    const ics = buildIcs(event({ method: "CANCEL", sequence: 3, status: "CONFIRMED" }));
    expect(property(ics, "METHOD")).toBe("METHOD:CANCEL");
    expect(property(ics, "STATUS")).toBe("STATUS:CANCELLED");
    expect(property(ics, "SEQUENCE")).toBe("SEQUENCE:3");
    expect(ics).not.toContain("BEGIN:VALARM");
  });
});
