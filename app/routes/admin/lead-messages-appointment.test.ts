import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox, leadMessages, leads } from "~/db/schema";
import { companyToday, nextDay } from "~/domain/leads/appointments/appointment-window";
import { APPOINTMENT_TEXT } from "~/domain/leads/appointments/schemas";
import { MESSAGE_TEXT } from "~/domain/leads/messages/schemas";
import { listLeads } from "~/domain/leads/list-leads.server";
import { parseLeadListQuery } from "~/domain/leads/schemas";
import { createSession, createUser } from "../../../tests/support/factories";
import { action as portalAction, loader as portalLoader } from "../portal/requests.$id";
import { action as detailAction, loader as detailLoader } from "./leads.$id";

/**
 * Messages and the inspection appointment through the routes (issue 22 items 4 and 5), called as React
 * Router calls them: the lead page's intents (send-message, set-appointment, clear-appointment) and
 * its loader marking the homeowner's messages read; the portal request page's (send-message,
 * confirm-appointment, request-another-time), refused for another customer's request. Refusals come
 * back per field with what was typed.
 */

const context = { cspNonce: "", requestId: "lead-messages-routes", formKey: "" };
let adminCookie = "";
let customerCookie = "";
let strangerCookie = "";
let leadId = "";

function request(url: string, cookie: string, fields?: Record<string, string>): Request {
  return new Request(`http://app.test${url}`, {
    method: fields ? "POST" : "GET",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": "203.0.113.30" },
    ...(fields ? { body: new URLSearchParams(fields).toString() } : {}),
  });
}

async function settle(run: () => unknown): Promise<{ status: number; data: unknown }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, data: null };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init?: ResponseInit };
    return { status: init?.status ?? 200, data };
  }
  return { status: 200, data: value };
}

const staff = (fields: Record<string, string>) =>
  settle(() => detailAction({ request: request(`/admin/leads/${leadId}`, adminCookie, fields), params: { id: leadId }, context } as never));
const portal = (fields: Record<string, string>, cookie = customerCookie) =>
  settle(() => portalAction({ request: request(`/portal/requests/${leadId}`, cookie, fields), params: { id: leadId }, context } as never));

async function unreadForStaff(): Promise<number> {
  const page = await listLeads(parseLeadListQuery(new URLSearchParams()));
  return page.items.find((l) => l.id === leadId)!.unreadMessages;
}

beforeAll(async () => {
  const admin = await createUser({ kind: "admin" });
  const customer = await createUser({ kind: "customer" });
  const stranger = await createUser({ kind: "customer" });
  adminCookie = (await createSession(admin)).cookie;
  customerCookie = (await createSession(customer)).cookie;
  strangerCookie = (await createSession(stranger)).cookie;
  const [lead] = await db()
    .insert(leads)
    .values({ firstName: "Dana", lastName: "Reyes", email: "dana@example.com", phone: "+16145550111", submissionKey: "routes-messages-1", customerUserId: customer.id })
    .returning({ id: leads.id });
  leadId = lead!.id;
});

describe("messages through the routes", () => {
  it("the homeowner writes from the portal; the lead list counts it until staff open the lead", async () => {
    expect(await portal({ intent: "send-message", body: "Did you get my photos?" })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await portal({ intent: "send-message", body: "  " })).toMatchObject({
      status: 400,
      data: { ok: false, intent: "send-message", message: "", fieldErrors: { body: MESSAGE_TEXT.required }, values: { body: "  " } },
    });
    expect(await unreadForStaff()).toBe(1);

    const page = await settle(() => detailLoader({ request: request(`/admin/leads/${leadId}`, adminCookie), params: { id: leadId }, context } as never));
    const data = page.data as { messages: Array<{ author: string; body: string; createdAt: string }> };
    expect(data.messages.map((m) => [m.author, m.body])).toEqual([["customer", "Did you get my photos?"]]);
    expect(typeof data.messages[0]!.createdAt).toBe("string");
    expect(await unreadForStaff()).toBe(0);
  });

  it("staff reply from the lead page; a refused reply keeps its text; the portal shows the thread", async () => {
    expect(await staff({ intent: "send-message", body: "Yes, all three arrived." })).toMatchObject({ status: 200, data: { ok: true } });
    const tooLong = "x".repeat(5_001);
    expect(await staff({ intent: "send-message", body: tooLong })).toMatchObject({
      status: 400,
      data: { ok: false, fieldErrors: { body: MESSAGE_TEXT.tooLong }, values: { body: tooLong } },
    });
    const [email] = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "lead.message.to-customer"));
    expect(email?.textBody).toContain("Yes, all three arrived.");

    const page = await settle(() => portalLoader({ request: request(`/portal/requests/${leadId}`, customerCookie), params: { id: leadId }, context } as never));
    const data = page.data as { request: { messages: Array<{ body: string }> } };
    expect(data.request.messages.map((m) => m.body)).toEqual(["Did you get my photos?", "Yes, all three arrived."]);
    const [lead] = await db().select({ customerReadAt: leads.customerReadAt }).from(leads).where(eq(leads.id, leadId));
    expect(lead!.customerReadAt).toBeInstanceOf(Date);
  });

  it("another customer's request is 404 for every intent, and nothing is written", async () => {
    const before = await db().$count(leadMessages);
    for (const fields of [
      { intent: "send-message", body: "Let me in" } as Record<string, string>,
      { intent: "confirm-appointment" },
      { intent: "request-another-time", body: "Never" },
    ]) {
      expect(await portal(fields, strangerCookie), fields.intent).toMatchObject({ status: 404 });
    }
    expect(await db().$count(leadMessages)).toBe(before);
  });
});

describe("the appointment through the routes", () => {
  it("refuses a past date under its field, with the chosen values kept", async () => {
    const outcome = await staff({ intent: "set-appointment", date: "2020-01-01", start: "09:00", end: "11:00" });
    expect(outcome).toMatchObject({ status: 400, data: { ok: false, intent: "set-appointment", fieldErrors: { date: APPOINTMENT_TEXT.datePast }, values: { date: "2020-01-01", start: "09:00" } } });
    const reversed = await staff({ intent: "set-appointment", date: nextDay(companyToday()), start: "11:00", end: "09:00" });
    expect(reversed).toMatchObject({ status: 400, data: { fieldErrors: { end: APPOINTMENT_TEXT.endBeforeStart } } });
  });

  it("is set by staff, answered by the homeowner, and cleared", async () => {
    const date = nextDay(companyToday());
    expect(await portal({ intent: "confirm-appointment" })).toMatchObject({ status: 409, data: { message: APPOINTMENT_TEXT.noAppointment } });
    expect(await staff({ intent: "set-appointment", date, start: "09:00", end: "11:00" })).toMatchObject({ status: 200, data: { ok: true, message: APPOINTMENT_TEXT.saved } });

    const page = await settle(() => portalLoader({ request: request(`/portal/requests/${leadId}`, customerCookie), params: { id: leadId }, context } as never));
    expect((page.data as { request: { appointment: unknown } }).request.appointment).toEqual({ date, start: "09:00", end: "11:00", status: "proposed" });

    expect(await portal({ intent: "request-another-time", body: "" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { body: APPOINTMENT_TEXT.anotherTimeRequired } },
    });
    expect(await portal({ intent: "request-another-time", body: "Afternoons, please." })).toMatchObject({ status: 200, data: { message: APPOINTMENT_TEXT.changeRequested } });
    expect(await portal({ intent: "confirm-appointment" })).toMatchObject({ status: 200, data: { message: APPOINTMENT_TEXT.confirmed } });
    const [row] = await db().select().from(leads).where(eq(leads.id, leadId));
    expect(row).toMatchObject({ appointmentStatus: "confirmed", pipelineStatus: "inspection_scheduled" });

    expect(await staff({ intent: "clear-appointment" })).toMatchObject({ status: 200, data: { message: APPOINTMENT_TEXT.cleared } });
    expect(await staff({ intent: "clear-appointment" })).toMatchObject({ status: 409, data: { message: APPOINTMENT_TEXT.nothingToClear } });
    expect(await staff({ intent: "clear-appointment", extra: "1" })).toMatchObject({ status: 400 });
  });
});
