import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox, LEAD_MESSAGE_MAX_LENGTH, leadMessages, leads } from "~/db/schema";
import { deliverQueuedEmail } from "~/domain/email/send-email.job.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { createUser, type TestUser } from "../../../../tests/support/factories";
import { TestSmtpServer } from "../../../../tests/support/smtp";
import { truncate } from "../../../../tests/support/test-database";
import { invalidateLeadAlertRecipient } from "../lead-emails.server";
import { listLeads } from "../list-leads.server";
import { parseLeadListQuery } from "../schemas";
import { listLeadMessages, staffSignature } from "./list-lead-messages.server";
import { markLeadMessagesRead } from "./mark-lead-messages-read.server";
import { postLeadMessage } from "./post-lead-message.server";
import { MESSAGE_MAX_LENGTH, sendMessageSchema } from "./schemas";
import { countUnreadForCustomer } from "./unread-messages.server";

/**
 * Messages between the homeowner and the office (issue 22 item 4) against this file's PostgreSQL
 * database and a real SMTP server: each message emails the other side (through the outbox), the unread
 * counts of both sides, the thread as each side reads it.
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
      submissionKey: `messages-${crypto.randomUUID()}`,
      ...values,
    })
    .returning({ id: leads.id });
  return row!.id;
}

async function outboxFor(leadId: string) {
  return db().select().from(emailOutbox).where(eq(emailOutbox.relatedId, leadId)).orderBy(emailOutbox.createdAt);
}

/** The decoded text/plain part of a received message. */
function plainText(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  for (const part of boundary ? raw.split(`--${boundary}`) : [raw]) {
    const split = part.indexOf("\r\n\r\n");
    if (split < 0 || !/content-type:\s*text\/plain/i.test(part.slice(0, split))) continue;
    const headers = part.slice(0, split);
    const body = part.slice(split + 4);
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8");
    if (encoding === "quoted-printable") {
      const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    }
    return body;
  }
  throw new Error("no text/plain part");
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

describe("a message from the office", () => {
  it("reaches the homeowner's account address by SMTP, with the text and a link to their request in the portal", async () => {
    const leadId = await newLead({ customerUserId: customer.id });
    const body = "We can come Tuesday.\n\n  <b>Bring</b> the claim letter & photos.";
    const outcome = await postLeadMessage({ leadId, author: "staff", actor: admin, body });
    expect(outcome).toMatchObject({ ok: true });

    const [message] = await db().select().from(leadMessages).where(eq(leadMessages.leadId, leadId));
    expect(message).toMatchObject({ author: "staff", authorUserId: admin.id, body });
    const [lead] = await db().select().from(leads).where(eq(leads.id, leadId));
    expect(lead!.staffReadAt).toBeInstanceOf(Date);
    expect(lead!.customerReadAt).toBeNull();

    const [email] = await outboxFor(leadId);
    expect(email).toMatchObject({ kind: "lead.message.to-customer", toAddress: customer.email });
    expect(email!.textBody).toContain(body);
    expect(email!.textBody).toContain(`${siteOrigin()}/portal/requests/${leadId}`);
    // Signed as the portal signs it: the staff member's first name and the business (issue 31 item 5).
    expect(email!.subject).toBe("New message from Avery, Buckeye Valor Roofing");
    expect(email!.textBody).toContain(`${body}\n\n— Avery, Buckeye Valor Roofing\n`);
    expect(email!.htmlBody).toContain("— Avery, Buckeye Valor Roofing");
    expect(email!.htmlBody).toContain("&lt;b&gt;Bring&lt;/b&gt; the claim letter &amp; photos.");
    expect(email!.htmlBody).not.toContain("<b>Bring");

    expect(await deliverQueuedEmail(email!.id)).toBe("sent");
    const [received] = smtp.messagesFor(email!.id);
    expect(received?.to).toEqual([customer.email]);
    expect(plainText(received!.raw)).toContain("We can come Tuesday.");

    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "lead.message"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: admin.id, targetId: leadId });
    expect(audit[0]!.details).toMatchObject({ messageId: outcome.ok ? outcome.messageId : "", length: body.length });
  });

  it("goes to the request's address when no account is linked", async () => {
    const leadId = await newLead();
    await postLeadMessage({ leadId, author: "staff", actor: admin, body: "Hello" });
    const [email] = await outboxFor(leadId);
    expect(email?.toAddress).toBe("siobhan@example.com");
  });

  it("answers not_found for a lead that does not exist, and writes nothing", async () => {
    const outcome = await postLeadMessage({ leadId: crypto.randomUUID(), author: "staff", actor: admin, body: "Hello" });
    expect(outcome).toEqual({ ok: false, reason: "not_found" });
    expect(await db().$count(leadMessages)).toBe(0);
    expect(await db().$count(emailOutbox)).toBe(0);
  });
});

describe("a message from the homeowner", () => {
  it("reaches the office address by SMTP with a link to the lead, and is not in the audit log", async () => {
    const leadId = await newLead({ customerUserId: customer.id });
    const outcome = await postLeadMessage({ leadId, author: "customer", actor: customer, body: "  Did you get my photos?  " });
    expect(outcome.ok).toBe(true);
    const [message] = await db().select().from(leadMessages).where(eq(leadMessages.leadId, leadId));
    expect(message).toMatchObject({ author: "customer", authorUserId: customer.id, body: "Did you get my photos?" });
    const [lead] = await db().select().from(leads).where(eq(leads.id, leadId));
    expect(lead!.customerReadAt).toBeInstanceOf(Date);
    expect(lead!.staffReadAt).toBeNull();

    const [email] = await outboxFor(leadId);
    expect(email).toMatchObject({ kind: "lead.message.to-office", toAddress: OFFICE, replyTo: customer.email });
    expect(email!.subject).toBe("New message from Siobhán O'Brien");
    expect(email!.textBody).toContain("Did you get my photos?");
    expect(email!.textBody).toContain(`${siteOrigin()}/admin/leads/${leadId}`);
    expect(await deliverQueuedEmail(email!.id)).toBe("sent");
    expect(smtp.messagesFor(email!.id)[0]?.to).toEqual([OFFICE]);
    expect(await db().$count(auditLog, eq(auditLog.action, "lead.message"))).toBe(0);
  });

  it("is kept without an email when no office address is set", async () => {
    const saved = (
      await db().execute<{ key: string; value: string }>(
        sql`select setting_key as key, setting_value as value from cms_site_settings where setting_key in ('lead_alert_email', 'email')`,
      )
    ).rows;
    await db().execute(sql`update cms_site_settings set setting_value = '' where setting_key in ('lead_alert_email', 'email')`);
    invalidateLeadAlertRecipient();
    try {
      const leadId = await newLead();
      expect((await postLeadMessage({ leadId, author: "customer", actor: customer, body: "Anyone there?" })).ok).toBe(true);
      expect(await db().$count(leadMessages, eq(leadMessages.leadId, leadId))).toBe(1);
      expect(await outboxFor(leadId)).toEqual([]);
    } finally {
      for (const { key, value } of saved) await db().execute(sql`update cms_site_settings set setting_value = ${value} where setting_key = ${key}`);
      invalidateLeadAlertRecipient();
    }
  });
});

describe("the thread and the unread counts", () => {
  it("shows the thread in order, named for each reader", async () => {
    const leadId = await newLead({ customerUserId: customer.id });
    await postLeadMessage({ leadId, author: "customer", actor: customer, body: "First" });
    await postLeadMessage({ leadId, author: "staff", actor: admin, body: "Second" });
    await postLeadMessage({ leadId, author: "customer", actor: customer, body: "Third" });
    const forStaff = await listLeadMessages(leadId, "staff");
    expect(forStaff.map((m) => [m.body, m.authorName])).toEqual([
      ["First", "Siobhán O'Brien (homeowner)"],
      ["Second", "Avery Admin"],
      ["Third", "Siobhán O'Brien (homeowner)"],
    ]);
    const forCustomer = await listLeadMessages(leadId, "customer");
    // The office's replies are signed with the staff member's first name and the business's (issue 31 item 5).
    expect(forCustomer.map((m) => m.authorName)).toEqual(["You", "Avery, Buckeye Valor Roofing", "You"]);
    expect(forCustomer.map((m) => m.authorName).join(" ")).not.toContain(admin.email);
    // A staff account without a first name signs with the business's name alone.
    expect(staffSignature("  ", "Buckeye Valor Roofing")).toBe("Buckeye Valor Roofing");
    expect(staffSignature(null, "Buckeye Valor Roofing")).toBe("Buckeye Valor Roofing");
  });

  it("counts the homeowner's messages staff have not read on the lead list, until the lead is opened", async () => {
    const leadId = await newLead({ customerUserId: customer.id });
    const quiet = await newLead({ email: "other@example.com" });
    const unreadOf = async () => {
      const page = await listLeads(parseLeadListQuery(new URLSearchParams()));
      return Object.fromEntries(page.items.map((l) => [l.id, l.unreadMessages]));
    };
    expect(await unreadOf()).toEqual({ [leadId]: 0, [quiet]: 0 });

    await postLeadMessage({ leadId, author: "customer", actor: customer, body: "One" });
    await postLeadMessage({ leadId, author: "customer", actor: customer, body: "Two" });
    expect(await unreadOf()).toEqual({ [leadId]: 2, [quiet]: 0 });

    expect(await markLeadMessagesRead(leadId, "staff")).toBe(true);
    expect(await unreadOf()).toEqual({ [leadId]: 0, [quiet]: 0 });
    // Nothing unread: nothing written.
    expect(await markLeadMessagesRead(leadId, "staff")).toBe(false);

    await postLeadMessage({ leadId, author: "customer", actor: customer, body: "Three" });
    expect((await unreadOf())[leadId]).toBe(1);
    // A reply from the office means the office read the thread.
    await postLeadMessage({ leadId, author: "staff", actor: admin, body: "Got them" });
    expect((await unreadOf())[leadId]).toBe(0);
  });

  it("counts the office's messages the homeowner has not read, per request", async () => {
    const first = await newLead({ customerUserId: customer.id });
    const second = await newLead({ customerUserId: customer.id });
    await postLeadMessage({ leadId: first, author: "staff", actor: admin, body: "A" });
    await postLeadMessage({ leadId: first, author: "staff", actor: admin, body: "B" });
    await postLeadMessage({ leadId: second, author: "customer", actor: customer, body: "Mine do not count" });
    const missing = crypto.randomUUID();
    expect(await countUnreadForCustomer([first, second, missing])).toEqual(
      new Map([
        [first, 2],
        [second, 0],
        [missing, 0],
      ]),
    );
    expect(await countUnreadForCustomer([])).toEqual(new Map());

    expect(await markLeadMessagesRead(first, "customer")).toBe(true);
    expect((await countUnreadForCustomer([first])).get(first)).toBe(0);
    // The staff side is separate.
    const [row] = await db().select({ staffReadAt: leads.staffReadAt }).from(leads).where(and(eq(leads.id, first)));
    expect(row!.staffReadAt).toBeInstanceOf(Date);
    await postLeadMessage({ leadId: first, author: "staff", actor: admin, body: "C" });
    expect((await countUnreadForCustomer([first])).get(first)).toBe(1);
  });
});

describe("the message form's schema", () => {
  it("takes plain text of 1 to 5,000 characters, trimmed, line breaks kept", () => {
    expect(MESSAGE_MAX_LENGTH).toBe(LEAD_MESSAGE_MAX_LENGTH);
    expect(sendMessageSchema.parse({ intent: "send-message", body: "  a\r\nb  " })).toEqual({ intent: "send-message", body: "a\nb" });
    for (const body of ["", "   ", "\u200b", "x".repeat(5_001), "nul\u0000", "bidi\u202e"]) {
      expect(sendMessageSchema.safeParse({ intent: "send-message", body }).success, JSON.stringify(body)).toBe(false);
    }
    expect(sendMessageSchema.safeParse({ intent: "send-message", body: "x".repeat(5_000) }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ intent: "send-message", body: "hi", extra: "1" }).success).toBe(false);
  });
});
