import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox, leadMessages, leadNotes, leads } from "~/db/schema";
import { deliverQueuedEmail } from "~/domain/email/send-email.job.server";
import { jobDefinitions } from "~/jobs/registry.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { createUser, type TestUser } from "../../../../tests/support/factories";
import { TestSmtpServer } from "../../../../tests/support/smtp";
import { truncate } from "../../../../tests/support/test-database";
import { invalidateLeadAlertRecipient } from "../lead-emails.server";
import { companyToday, nextDay } from "./appointment-window";
import { clearAppointment } from "./clear-appointment.server";
import { respondToAppointment } from "./respond-to-appointment.server";
import { sendAppointmentReminders } from "./send-appointment-reminders.server";
import { setAppointment } from "./set-appointment.server";

/**
 * Inspection appointments (issue 22 item 5) against this file's PostgreSQL database and a real SMTP
 * server: setting one (pipeline, timeline, audit, the invitation with its .ics attachment as the
 * homeowner's mail client receives it), clearing it (a CANCEL), the homeowner's answers, and the
 * reminder the day before, sent once however often the job runs.
 */

const OFFICE = "office@buckeyevalorroofing.com"; // the seeded lead_alert_email
const savedEnv = { ...process.env };
const smtp = new TestSmtpServer();
let admin: TestUser;
let customer: TestUser;

async function newLead(values: Partial<typeof leads.$inferInsert> = {}): Promise<string> {
  const [row] = await db()
    .insert(leads)
    .values({
      firstName: "Siobhán",
      lastName: "O'Brien",
      email: "siobhan@example.com",
      phone: "+16145550147",
      submissionKey: `appointments-${crypto.randomUUID()}`,
      ...values,
    })
    .returning({ id: leads.id });
  return row!.id;
}

async function leadRow(id: string) {
  const [row] = await db().select().from(leads).where(eq(leads.id, id));
  return row!;
}

async function emailsOf(leadId: string, kind?: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(kind ? and(eq(emailOutbox.relatedId, leadId), eq(emailOutbox.kind, kind)) : eq(emailOutbox.relatedId, leadId))
    .orderBy(asc(emailOutbox.createdAt));
}

interface MimePart {
  headers: string;
  body: string;
}

/** The leaf parts of a received MIME message (nested multiparts walked), bodies decoded. */
function mimeParts(raw: string): MimePart[] {
  const split = raw.indexOf("\r\n\r\n");
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const boundary = /content-type:\s*multipart\/[^\r\n]*(?:\r\n[ \t][^\r\n]*)*?boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => mimeParts(part.replace(/^\r\n/, "")));
  }
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  let decoded = body;
  if (encoding === "base64") decoded = Buffer.from(body, "base64").toString("utf8");
  else if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    decoded = Buffer.from(bytes, "latin1").toString("utf8");
  }
  return [{ headers, body: decoded }];
}

beforeAll(async () => {
  await smtp.start(0);
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "Buckeye Roofing <no-reply@roofing.test>";
  resetConfigForTests();
  invalidateLeadAlertRecipient();
  admin = await createUser({ kind: "admin", overrides: { firstName: "Avery", lastName: "Admin" } });
  customer = await createUser({ kind: "customer", overrides: { firstName: "Siobhán", lastName: "O'Brien" } });
});

afterAll(async () => {
  await smtp.stop();
  process.env = savedEnv;
  resetConfigForTests();
});

beforeEach(async () => {
  await truncate("leads", "email_outbox", "audit_log");
});

describe("setting an appointment", () => {
  it("moves a new lead to Inspection scheduled and emails the homeowner a calendar invitation that arrives as an .ics attachment", async () => {
    const leadId = await newLead({ customerUserId: customer.id, addressStreet: "1200 Veterans Way, Apt 2", addressCity: "Dublin", addressState: "OH", addressZip: "43017" });
    // Sunday, November 1, 2026: the day the clocks go back (EST, UTC-5, from 2 AM).
    const outcome = await setAppointment({ leadId, date: "2026-11-01", start: "09:00", end: "11:30", actor: admin, now: new Date("2026-10-20T12:00:00Z") });
    expect(outcome).toEqual({ ok: true, pipelineStatus: "inspection_scheduled", sequence: 1 });

    const lead = await leadRow(leadId);
    expect(lead).toMatchObject({
      appointmentDate: "2026-11-01",
      appointmentStart: "09:00:00",
      appointmentEnd: "11:30:00",
      appointmentStatus: "proposed",
      appointmentSequence: 1,
      appointmentReminderSentAt: null,
      pipelineStatus: "inspection_scheduled",
      contacted: true,
    });
    const [event] = await db().select().from(leadNotes).where(eq(leadNotes.leadId, leadId));
    expect(event).toMatchObject({ kind: "event", authorUserId: admin.id });
    expect(event!.body).toBe(
      "Inspection appointment set for Sunday, November 1, 2026, 9:00 AM – 11:30 AM Eastern Time. Status changed from New to Inspection scheduled. Marked as contacted.",
    );
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, "lead.appointment.set"));
    expect(audit).toMatchObject({ actorUserId: admin.id, targetId: leadId });
    expect(audit!.details).toMatchObject({ date: "2026-11-01", start: "09:00", end: "11:30", sequence: 1, status: "inspection_scheduled", previousStatus: "new" });

    const [email] = await emailsOf(leadId);
    expect(email).toMatchObject({ kind: "lead.appointment.invitation", toAddress: customer.email });
    expect(email!.subject).toBe("Roof inspection: Sunday, November 1, 2026, 9:00 AM – 11:30 AM Eastern Time");
    expect(email!.textBody).toContain(`${siteOrigin()}/portal/requests/${leadId}`);
    expect(email!.attachments).toHaveLength(1);

    expect(await deliverQueuedEmail(email!.id)).toBe("sent");
    const [received] = smtp.messagesFor(email!.id);
    expect(received?.to).toEqual([customer.email]);
    const ics = mimeParts(received!.raw).find((part) => /content-disposition:\s*attachment/i.test(part.headers));
    expect(ics?.headers).toMatch(/content-type:\s*text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(ics?.headers).toMatch(/filename="?inspection\.ics"?/i);
    const unfolded = ics!.body.replace(/\r\n[ \t]/g, "");
    expect(ics!.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(unfolded).toContain("METHOD:REQUEST\r\n");
    expect(unfolded).toContain(`UID:lead-${leadId}@${new URL(siteOrigin()).hostname}\r\n`);
    expect(unfolded).toContain("SEQUENCE:1\r\n");
    expect(unfolded).toContain("STATUS:TENTATIVE\r\n"); // until the homeowner confirms (issue 31 item 5)
    expect(unfolded).toContain("DTSTART:20261101T140000Z\r\n");
    expect(unfolded).toContain("DTEND:20261101T163000Z\r\n");
    // The property is the event's place (issue 31 item 1), its comma escaped as iCalendar text requires.
    expect(unfolded).toContain("LOCATION:1200 Veterans Way\\, Apt 2\\, Dublin\\, OH 43017\r\n");
    expect(email!.textBody).toContain("inspect your roof at 1200 Veterans Way, Apt 2, Dublin, OH 43017 on");
    expect(unfolded).toContain(`ATTENDEE;CN=Siobhán O'Brien;ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${customer.email}\r\n`);
  });

  it("moves the appointment with a higher SEQUENCE, sends the reminder again, and leaves a lead further on where it is", async () => {
    const leadId = await newLead({ pipelineStatus: "estimate_sent", contacted: true });
    const now = new Date("2026-10-20T12:00:00Z");
    await setAppointment({ leadId, date: "2026-10-30", start: "13:00", end: "14:00", actor: admin, now });
    await db().update(leads).set({ appointmentReminderSentAt: new Date(), appointmentStatus: "confirmed" }).where(eq(leads.id, leadId));
    const moved = await setAppointment({ leadId, date: "2026-10-31", start: "06:00", end: "21:00", actor: admin, now });
    expect(moved).toEqual({ ok: true, pipelineStatus: "estimate_sent", sequence: 2 });
    expect(await leadRow(leadId)).toMatchObject({ appointmentSequence: 2, appointmentStatus: "proposed", appointmentReminderSentAt: null, pipelineStatus: "estimate_sent" });
    const invitations = await emailsOf(leadId, "lead.appointment.invitation");
    expect(invitations).toHaveLength(2);
    const content = invitations[1]!.attachments[0]!.content;
    expect(content).toContain("SEQUENCE:2\r\n");
    // Saturday, October 31, 2026 is still daylight saving time (UTC-4).
    expect(content).toContain("DTSTART:20261031T100000Z\r\n");
    expect(content).toContain("DTEND:20261101T010000Z\r\n");
  });

  it("refuses a date in the past (Eastern Time) and a window that ends before it starts, changing nothing", async () => {
    const leadId = await newLead();
    // 01:30 UTC on Oct 21 is Oct 20 in Ohio: Oct 20 is today there, Oct 19 is past.
    const now = new Date("2026-10-21T01:30:00Z");
    expect(await setAppointment({ leadId, date: "2026-10-19", start: "09:00", end: "10:00", actor: admin, now })).toMatchObject({ ok: false, reason: "invalid", field: "date" });
    expect(await setAppointment({ leadId, date: "2026-10-20", start: "10:00", end: "09:00", actor: admin, now })).toMatchObject({ ok: false, reason: "invalid", field: "end" });
    expect(await setAppointment({ leadId, date: "2026-10-20", start: "05:30", end: "09:00", actor: admin, now })).toMatchObject({ ok: false, reason: "invalid", field: "start" });
    expect(await setAppointment({ leadId, date: "2026-10-20", start: "09:00", end: "09:45", actor: admin, now })).toMatchObject({ ok: false, reason: "invalid", field: "end" });
    expect(await setAppointment({ leadId: crypto.randomUUID(), date: "2026-10-20", start: "09:00", end: "10:00", actor: admin, now })).toEqual({ ok: false, reason: "not_found" });
    expect(await leadRow(leadId)).toMatchObject({ appointmentDate: null, appointmentSequence: 0, pipelineStatus: "new" });
    expect(await emailsOf(leadId)).toEqual([]);
    // Today in Eastern Time is fine.
    expect((await setAppointment({ leadId, date: "2026-10-20", start: "09:00", end: "10:00", actor: admin, now })).ok).toBe(true);
  });

  it("clears the appointment with a CANCEL of the same event", async () => {
    const leadId = await newLead();
    expect(await clearAppointment({ leadId, actor: admin })).toEqual({ ok: false, reason: "no_appointment" });
    await setAppointment({ leadId, date: nextDay(companyToday()), start: "09:00", end: "10:00", actor: admin });
    expect(await clearAppointment({ leadId, actor: admin })).toEqual({ ok: true });
    expect(await leadRow(leadId)).toMatchObject({
      appointmentDate: null,
      appointmentStart: null,
      appointmentEnd: null,
      appointmentStatus: null,
      appointmentSequence: 2,
      pipelineStatus: "inspection_scheduled",
    });
    const [cancel] = await emailsOf(leadId, "lead.appointment.cancelled");
    expect(cancel!.attachments[0]).toMatchObject({ filename: "inspection.ics", contentType: "text/calendar; charset=utf-8; method=CANCEL" });
    expect(cancel!.attachments[0]!.content).toContain("METHOD:CANCEL\r\n");
    expect(cancel!.attachments[0]!.content).toContain(`UID:lead-${leadId}@`);
    expect(cancel!.attachments[0]!.content).toContain("SEQUENCE:2\r\n");
    expect(await db().$count(auditLog, eq(auditLog.action, "lead.appointment.clear"))).toBe(1);
    expect(await clearAppointment({ leadId: crypto.randomUUID(), actor: admin })).toEqual({ ok: false, reason: "not_found" });
  });
});

describe("the homeowner's answer", () => {
  it("confirms once, and the office is told by email", async () => {
    const leadId = await newLead({ customerUserId: customer.id });
    expect(await respondToAppointment({ leadId, actor: customer, response: { kind: "confirm" } })).toEqual({ ok: false, reason: "no_appointment" });
    await setAppointment({ leadId, date: nextDay(companyToday()), start: "09:00", end: "10:00", actor: admin });
    expect(await respondToAppointment({ leadId, actor: customer, response: { kind: "confirm" } })).toEqual({ ok: true, status: "confirmed", changed: true });
    expect(await respondToAppointment({ leadId, actor: customer, response: { kind: "confirm" } })).toEqual({ ok: true, status: "confirmed", changed: false });
    expect((await leadRow(leadId)).appointmentStatus).toBe("confirmed");
    const confirmations = await emailsOf(leadId, "lead.appointment.confirmed");
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]).toMatchObject({ toAddress: OFFICE, replyTo: customer.email });
    expect(confirmations[0]!.textBody).toContain(`${siteOrigin()}/admin/leads/${leadId}`);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "lead.appointment.confirm"));
    expect(audit.map((a) => a.actorUserId)).toEqual([customer.id]);

    // The homeowner gets the same event again, CONFIRMED where the invitation was TENTATIVE, one SEQUENCE
    // higher (issue 31 item 5); confirming again sends nothing more.
    const [invitation] = await emailsOf(leadId, "lead.appointment.invitation");
    const [confirmed] = await emailsOf(leadId, "lead.appointment.confirmed-to-customer");
    expect(await emailsOf(leadId, "lead.appointment.confirmed-to-customer")).toHaveLength(1);
    expect(confirmed).toMatchObject({ toAddress: customer.email, subject: expect.stringMatching(/^Confirmed: roof inspection /) });
    const before = invitation!.attachments[0]!.content.replace(/\r\n[ \t]/g, "");
    const after = confirmed!.attachments[0]!.content.replace(/\r\n[ \t]/g, "");
    expect(confirmed!.attachments[0]).toMatchObject({ filename: "inspection.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST" });
    expect(before).toContain("STATUS:TENTATIVE\r\n");
    expect(before).toContain("SEQUENCE:1\r\n");
    expect(after).toContain("METHOD:REQUEST\r\n");
    expect(after).toContain("STATUS:CONFIRMED\r\n");
    expect(after).toContain("SEQUENCE:2\r\n");
    expect(after).toContain(`UID:lead-${leadId}@${new URL(siteOrigin()).hostname}\r\n`);
    expect((await leadRow(leadId)).appointmentSequence).toBe(2);

    // Moved by staff afterwards: tentative again, a SEQUENCE higher still.
    await setAppointment({ leadId, date: nextDay(nextDay(companyToday())), start: "09:00", end: "10:00", actor: admin });
    const moved = (await emailsOf(leadId, "lead.appointment.invitation")).at(-1)!.attachments[0]!.content.replace(/\r\n[ \t]/g, "");
    expect(moved).toContain("STATUS:TENTATIVE\r\n");
    expect(moved).toContain("SEQUENCE:3\r\n");
  });

  it("asks for another time: the status says so and the text is their message, emailed to the office", async () => {
    const leadId = await newLead({ customerUserId: customer.id });
    await setAppointment({ leadId, date: nextDay(companyToday()), start: "09:00", end: "10:00", actor: admin });
    const outcome = await respondToAppointment({ leadId, actor: customer, response: { kind: "another-time", body: "Mornings after 10 work better,\nor any Saturday." } });
    expect(outcome).toEqual({ ok: true, status: "change_requested", changed: true });
    expect((await leadRow(leadId)).appointmentStatus).toBe("change_requested");
    const messages = await db().select().from(leadMessages).where(eq(leadMessages.leadId, leadId));
    expect(messages).toEqual([expect.objectContaining({ author: "customer", authorUserId: customer.id, body: "Mornings after 10 work better,\nor any Saturday." })]);
    const [email] = await emailsOf(leadId, "lead.appointment.change-requested");
    expect(email).toMatchObject({ toAddress: OFFICE });
    expect(email!.subject).toBe("Siobhán O'Brien asks for another inspection time");
    expect(email!.textBody).toContain("Mornings after 10 work better,\nor any Saturday.");
    expect(await deliverQueuedEmail(email!.id)).toBe("sent");
    expect(smtp.messagesFor(email!.id)[0]?.to).toEqual([OFFICE]);
  });
});

describe("an appointment whose day has passed", () => {
  it("cannot be confirmed or moved by the homeowner any more", async () => {
    const leadId = await newLead({
      customerUserId: customer.id,
      contacted: true,
      pipelineStatus: "inspection_scheduled",
      appointmentDate: "2020-06-01",
      appointmentStart: "09:00",
      appointmentEnd: "10:00",
      appointmentStatus: "proposed",
    });
    expect(await respondToAppointment({ leadId, actor: customer, response: { kind: "confirm" } })).toEqual({ ok: false, reason: "past" });
    expect(await respondToAppointment({ leadId, actor: customer, response: { kind: "another-time", body: "Later" } })).toEqual({ ok: false, reason: "past" });
    expect((await leadRow(leadId)).appointmentStatus).toBe("proposed");
    expect(await db().$count(leadMessages, eq(leadMessages.leadId, leadId))).toBe(0);
  });
});

describe("the reminder the day before", () => {
  it("emails each of tomorrow's appointments once however often the job runs, never a change asked for or a lost lead", async () => {
    // 10:00 AM Eastern on Tuesday, December 1, 2026: tomorrow is December 2.
    const now = new Date("2026-12-01T15:00:00Z");
    const window = { appointmentStart: "09:00", appointmentEnd: "11:00", contacted: true, pipelineStatus: "inspection_scheduled" as const };
    const proposed = await newLead({ ...window, appointmentDate: "2026-12-02", appointmentStatus: "proposed", customerUserId: customer.id });
    const confirmed = await newLead({ ...window, appointmentDate: "2026-12-02", appointmentStatus: "confirmed", email: "second@example.com" });
    const changeAsked = await newLead({ ...window, appointmentDate: "2026-12-02", appointmentStatus: "change_requested" });
    const lost = await newLead({ ...window, pipelineStatus: "lost", appointmentDate: "2026-12-02", appointmentStatus: "proposed" });
    const later = await newLead({ ...window, appointmentDate: "2026-12-03", appointmentStatus: "proposed" });
    const today = await newLead({ ...window, appointmentDate: "2026-12-01", appointmentStatus: "proposed" });

    // Before 8 AM Eastern nothing goes.
    expect(await sendAppointmentReminders({ now: new Date("2026-12-01T12:30:00Z") })).toEqual({ sent: 0 });

    // Two runs at once, then a third.
    const runs = await Promise.all([sendAppointmentReminders({ now }), sendAppointmentReminders({ now })]);
    expect(runs.map((r) => r.sent).sort()).toEqual([0, 2]);
    expect(await sendAppointmentReminders({ now })).toEqual({ sent: 0 });

    const reminders = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "lead.appointment.reminder"));
    expect(reminders.map((r) => [r.relatedId, r.toAddress]).sort()).toEqual(
      [
        [proposed, customer.email],
        [confirmed, "second@example.com"],
      ].sort(),
    );
    const rows = await db()
      .select({ id: leads.id, sentAt: leads.appointmentReminderSentAt })
      .from(leads)
      .where(inArray(leads.id, [changeAsked, lost, later, today]));
    expect(rows.every((r) => r.sentAt === null)).toBe(true);

    const reminder = reminders.find((r) => r.relatedId === proposed)!;
    expect(reminder.subject).toBe("Reminder: roof inspection Wednesday, December 2, 2026, 9:00 AM – 11:00 AM Eastern Time");
    expect(await deliverQueuedEmail(reminder.id)).toBe("sent");
    expect(smtp.messagesFor(reminder.id)[0]?.to).toEqual([customer.email]);

    // The day after, December 3 is tomorrow: that one goes, once.
    expect(await sendAppointmentReminders({ now: new Date("2026-12-02T15:00:00Z") })).toEqual({ sent: 1 });
    expect(await sendAppointmentReminders({ now: new Date("2026-12-02T16:00:00Z") })).toEqual({ sent: 0 });
  });

  it("is a job on an hourly schedule", () => {
    const job = jobDefinitions.find((d) => d.name === "leads.appointment-reminders");
    expect(job?.schedule?.cron).toBe("0 * * * *");
  });
});
