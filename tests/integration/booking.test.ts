import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox, inspectionSchedule, leadNotes, leads, scheduleDaysOff } from "~/db/schema";
import { deliverQueuedEmail } from "~/domain/email/send-email.job.server";
import { invalidateLeadAlertRecipient } from "~/domain/leads/lead-emails.server";
import { parseInspectionFields } from "~/domain/leads/schemas";
import { submitInspectionRequest } from "~/domain/leads/submit-inspection-request.server";
import { bookingToken } from "~/domain/scheduling/booking-link.server";
import { bookingView } from "~/domain/scheduling/booking-view.server";
import { changeBooking } from "~/domain/scheduling/change-booking.server";
import { findOpenSlots } from "~/domain/scheduling/find-open-slots.server";
import { SlotUnavailableError } from "~/domain/scheduling/reserve-slot.server";
import { DEFAULT_SCHEDULE } from "~/domain/scheduling/schedule-settings";
import { slotKey, type Slot } from "~/domain/scheduling/slots";
import { createUser } from "../support/factories";
import { attachmentsOf, TestSmtpServer } from "../support/smtp";
import { truncate } from "../support/test-database";

/**
 * Self-booked inspections (issue 31 item 3) on this file's PostgreSQL: a request that books a slot, the
 * race for a slot's last places (50 homeowners at once for a slot of 2: exactly 2 appointments, 48
 * refusals, nothing half-written), and moving or cancelling from the signed link and the portal, with
 * the emails as the mail server receives them.
 */

const savedEnv = { ...process.env };
const smtp = new TestSmtpServer();

async function setSchedule(values: Partial<typeof inspectionSchedule.$inferInsert> = {}) {
  await db()
    .insert(inspectionSchedule)
    .values({
      id: 1,
      bookingEnabled: true,
      // Every day open, so the test finds slots whatever day it runs.
      weekly: DEFAULT_SCHEDULE.weekly.map(() => ({ open: true, start: "08:00", end: "18:00" })),
      slotMinutes: 120,
      capacity: 2,
      leadTimeHours: 0,
      changeCutoffHours: 0,
      ...values,
    })
    .onConflictDoUpdate({ target: inspectionSchedule.id, set: { capacity: values.capacity ?? 2, changeCutoffHours: values.changeCutoffHours ?? 0 } });
}

function request(n: number, slot: string, extra: Record<string, string> = {}) {
  const fields = new Map<string, string[]>(
    Object.entries({
      firstName: "Siobhán",
      lastName: `O'Brien ${n}`,
      email: `homeowner${n}@example.com`,
      phone: "(614) 555-0147",
      addressStreet: "1200 Veterans Way",
      addressCity: "Dublin",
      addressState: "OH",
      addressZip: "43017",
      slot,
      submissionKey: `booking-test-${n}-${crypto.randomUUID()}`,
      ...extra,
    }).map(([k, v]) => [k, [v]]),
  );
  const parsed = parseInspectionFields(fields);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return parsed.data;
}

async function submit(n: number, slot: string) {
  return submitInspectionRequest({ request: request(n, slot), files: [], clientIp: "203.0.113.7", userAgent: "vitest", origin: "http://localhost:3000" });
}

/** A slot at least two days ahead (the move and cancel tests need it in the future). */
async function laterSlot(after = 0): Promise<Slot> {
  const slots = await findOpenSlots({ limit: 40 });
  const later = slots.filter((s) => s.date > slots[0]!.date);
  return later[after]!;
}

beforeAll(async () => {
  await smtp.start(0);
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "Buckeye Roofing <no-reply@roofing.test>";
  resetConfigForTests();
  invalidateLeadAlertRecipient();
});

afterAll(async () => {
  await smtp.stop();
  process.env = savedEnv;
  resetConfigForTests();
});

beforeEach(async () => {
  await truncate("leads", "email_outbox", "audit_log", "inspection_schedule", "schedule_days_off");
  await setSchedule();
});

describe("a request that books a slot", () => {
  it("stores the lead with its confirmed appointment, one timeline line, and the booking email with its calendar invitation and change link", async () => {
    const slot = await laterSlot();
    const stored = await submit(1, slotKey(slot));
    expect(stored.booking).toEqual({ date: slot.date, start: slot.start, end: slot.end });
    const [lead] = await db().select().from(leads).where(eq(leads.id, stored.leadId));
    expect(lead).toMatchObject({
      appointmentDate: slot.date,
      appointmentStart: `${slot.start}:00`,
      appointmentStatus: "confirmed",
      appointmentBookedOnline: true,
      appointmentSequence: 1,
      pipelineStatus: "inspection_scheduled",
      contacted: true,
    });
    const notes = await db().select().from(leadNotes).where(eq(leadNotes.leadId, stored.leadId));
    expect(notes.map((n) => n.body)).toEqual([expect.stringMatching(/^The homeowner booked the inspection online for .+ Eastern Time\. Status set to Inspection Scheduled\.$/)]);
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.relatedId, stored.leadId));
    expect(emails.map((e) => e.kind).sort()).toEqual(["lead.alert", "lead.booking.confirmation"]);
    const booking = emails.find((e) => e.kind === "lead.booking.confirmation")!;
    const alert = emails.find((e) => e.kind === "lead.alert")!;
    expect(alert.textBody).toContain("booked it online for");
    // The change link's token is sealed in the outbox: the stored body has the placeholder only.
    const token = bookingToken(stored.leadId, 1);
    expect(booking.textBody).not.toContain(token);
    expect(booking.textBody).toContain(`/booking/${stored.leadId}?t={{one-time-secret}}`);
    expect(booking.sealedSecret).toMatch(/^v1\./);

    expect(await deliverQueuedEmail(booking.id)).toBe("sent");
    const received = smtp.messages.at(-1)!;
    expect(received.raw).toContain(token);
    const [ics] = attachmentsOf(received);
    const calendar = ics!.content.toString("utf8").replace(/\r\n[ \t]/g, "");
    expect(calendar).toContain("STATUS:CONFIRMED");
    expect(calendar).toContain("LOCATION:1200 Veterans Way\\, Dublin\\, OH 43017");
  });

  it("refuses a slot that is not in the schedule, and one on a day off, storing nothing", async () => {
    const slot = await laterSlot();
    await expect(submit(2, `${slot.date}T09:00`)).rejects.toBeInstanceOf(SlotUnavailableError);
    await db().insert(scheduleDaysOff).values({ day: slot.date, note: "Training" });
    await expect(submit(3, slotKey(slot))).rejects.toMatchObject({ reason: "unavailable" });
    expect(await db().$count(leads)).toBe(0);
    expect(await db().$count(emailOutbox)).toBe(0);
  });

  it("gives the last places of a slot to exactly as many as it holds when 50 homeowners book it at once", async () => {
    const slot = await laterSlot();
    const key = slotKey(slot);
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, (_, n) => submit(100 + n, key)));
    const booked = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(booked).toHaveLength(2);
    expect(refused).toHaveLength(48);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(SlotUnavailableError);
      expect(r.reason.reason).toBe("taken");
    }
    // Nothing half-written: two leads, their two notes, their four emails, no orphan row of a refused request.
    const rows = await db().select({ id: leads.id, date: leads.appointmentDate, start: leads.appointmentStart }).from(leads);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.date === slot.date && r.start === `${slot.start}:00`)).toBe(true);
    expect(await db().$count(leadNotes)).toBe(2);
    expect(await db().$count(emailOutbox)).toBe(4);
    expect(await db().$count(auditLog, eq(auditLog.action, "lead.booking.book"))).toBe(2);
    // The slot is no longer offered; the next ones are.
    const next = await findOpenSlots({ limit: 40 });
    expect(next.map(slotKey)).not.toContain(key);
    expect(next.length).toBeGreaterThan(0);
  });
});

describe("moving or cancelling a booking", () => {
  it("moves from the signed link: the old link stops working, the new email carries the new one, the office is told", async () => {
    await createUser({ kind: "admin" });
    const from = await laterSlot(0);
    const to = await laterSlot(1);
    const stored = await submit(1, slotKey(from));
    const oldToken = bookingToken(stored.leadId, 1);
    expect((await bookingView(stored.leadId, oldToken))?.appointment?.key).toBe(slotKey(from));
    expect(await bookingView(stored.leadId, "x".repeat(43))).toBeNull();

    const moved = await changeBooking({ leadId: stored.leadId, access: { kind: "link", token: oldToken }, change: { kind: "move", slotKey: slotKey(to) } });
    expect(moved).toMatchObject({ ok: true, kind: "moved", date: to.date, start: to.start, sequence: 2 });
    expect(await bookingView(stored.leadId, oldToken)).toBeNull();
    expect((await bookingView(stored.leadId, bookingToken(stored.leadId, 2)))?.appointment?.key).toBe(slotKey(to));
    const again = await changeBooking({ leadId: stored.leadId, access: { kind: "link", token: oldToken }, change: { kind: "cancel" } });
    expect(again).toEqual({ ok: false, reason: "not_found" });

    const kinds = (await db().select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.relatedId, stored.leadId))).map((e) => e.kind);
    expect(kinds).toContain("lead.booking.moved");
    expect(kinds).toContain("lead.booking.moved-office");
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, "lead.booking.move"), eq(auditLog.targetId, stored.leadId)));
    expect(audit).toMatchObject({ actorUserId: null, actorEmail: "homeowner1@example.com" });
  });

  it("will not move into a full slot, and frees the place on a cancel", async () => {
    const a = await laterSlot(0);
    const b = await laterSlot(1);
    const first = await submit(1, slotKey(a));
    await submit(2, slotKey(b));
    await submit(3, slotKey(b));
    const full = await changeBooking({ leadId: first.leadId, access: { kind: "link", token: bookingToken(first.leadId, 1) }, change: { kind: "move", slotKey: slotKey(b) } });
    expect(full).toEqual({ ok: false, reason: "taken" });
    const cancelled = await changeBooking({ leadId: first.leadId, access: { kind: "link", token: bookingToken(first.leadId, 1) }, change: { kind: "cancel" } });
    expect(cancelled).toEqual({ ok: true, kind: "cancelled", sequence: 2 });
    const [lead] = await db().select().from(leads).where(eq(leads.id, first.leadId));
    expect(lead).toMatchObject({ appointmentDate: null, appointmentStatus: null, appointmentBookedOnline: false, pipelineStatus: "inspection_scheduled" });
    const cancelEmails = await db().select().from(emailOutbox).where(and(eq(emailOutbox.relatedId, first.leadId), like(emailOutbox.kind, "lead.booking.cancelled%")));
    expect(cancelEmails.map((e) => e.kind).sort()).toEqual(["lead.booking.cancelled", "lead.booking.cancelled-office"]);
  });

  it("stops online changes at the cut-off", async () => {
    const slot = await laterSlot();
    const stored = await submit(1, slotKey(slot));
    await setSchedule({ changeCutoffHours: 336 });
    const view = await bookingView(stored.leadId, bookingToken(stored.leadId, 1));
    expect(view).toMatchObject({ changeable: false, slots: [] });
    const refused = await changeBooking({ leadId: stored.leadId, access: { kind: "link", token: bookingToken(stored.leadId, 1) }, change: { kind: "cancel" } });
    expect(refused).toEqual({ ok: false, reason: "too_late" });
    const ids = (await db().select({ id: leads.id }).from(leads)).map((r) => r.id);
    expect(await db().$count(leads, inArray(leads.id, ids))).toBe(1);
  });
});
