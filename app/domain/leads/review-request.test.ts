import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsSiteSettings, emailOutbox, leadNotes, leads } from "~/db/schema";
import { PRIVATE_SETTING_KEYS, PUBLIC_SETTING_KEYS } from "~/domain/site-settings/keys";
import { invalidatePublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { action, loader } from "~/routes/admin/leads.$id";
import { createSession, createUser, type TestUser } from "../../../tests/support/factories";
import { resetTestDatabase } from "../../../tests/support/test-database";
import { REVIEW_REQUEST_TEXT, sendReviewRequest } from "./send-review-request.server";

/**
 * The review request (issue 22 item 6) through the lead page's action (intent `send-review-request`), as
 * staff press it: refused before the job is won or completed and without a review link, sent once with
 * its outbox email, timeline line and audit entry, refused the second time in words, and one email when
 * two are pressed at once.
 */

const GOOGLE = "https://g.page/r/buckeye-valor-roofing/review";
const OWN = "https://reviews.example.com/buckeye-valor";

let admin: TestUser;
let cookie = "";

beforeEach(async () => {
  await resetTestDatabase();
  invalidatePublicSiteSettings();
  admin = await createUser({ kind: "admin", overrides: { firstName: "Sam", lastName: "Staff" } });
  cookie = (await createSession(admin)).cookie;
});

async function newLead(overrides: Partial<typeof leads.$inferInsert> = {}): Promise<string> {
  const [row] = await db()
    .insert(leads)
    .values({ firstName: "Jane", lastName: "D'Arcy", email: "jane.lead@example.test", phone: "+16145550147", submissionKey: `test-${crypto.randomUUID()}`, ...overrides })
    .returning({ id: leads.id });
  return row!.id;
}

async function setSetting(key: string, value: string) {
  await db().update(cmsSiteSettings).set({ settingValue: value }).where(eq(cmsSiteSettings.settingKey, key));
  invalidatePublicSiteSettings();
}

async function press(leadId: string) {
  const request = new Request(`http://app.test/admin/leads/${leadId}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": "203.0.113.50" },
    body: new URLSearchParams({ intent: "send-review-request" }),
  });
  const answer = (await action({ request, params: { id: leadId }, context: {} } as never)) as { data: { ok: boolean; message: string }; init: { status?: number } | null };
  return { status: answer.init?.status ?? 200, body: answer.data };
}

const reviewEmails = (leadId: string) => db().select().from(emailOutbox).where(and(eq(emailOutbox.relatedId, leadId), eq(emailOutbox.kind, "lead.review-request")));

describe("the review request", () => {
  it("is refused before the job is won or completed, and without a review link; nothing is written", async () => {
    const leadId = await newLead({ pipelineStatus: "estimate_sent", contacted: true });
    await setSetting(PRIVATE_SETTING_KEYS.reviewRequestUrl, OWN);
    expect(await press(leadId)).toEqual({ status: 409, body: expect.objectContaining({ ok: false, message: REVIEW_REQUEST_TEXT.notDone }) });
    expect(REVIEW_REQUEST_TEXT.notDone).toBe("The review request can be sent once the job is won or completed.");

    await db().update(leads).set({ pipelineStatus: "completed" }).where(eq(leads.id, leadId));
    await setSetting(PRIVATE_SETTING_KEYS.reviewRequestUrl, "");
    expect(await press(leadId)).toEqual({ status: 422, body: expect.objectContaining({ ok: false, message: "Add the review link in Site Configuration first." }) });

    expect(await reviewEmails(leadId)).toEqual([]);
    const [lead] = await db().select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ reviewRequestedAt: null, reviewRequestedBy: null });
    expect(await db().select().from(leadNotes).where(eq(leadNotes.leadId, leadId))).toEqual([]);
  });

  it("is sent once, with the Google Business Profile link when there is no own link, to the linked account; the second is refused", async () => {
    const customer = await createUser({ kind: "customer", overrides: { email: "jane.account@example.test" } });
    const leadId = await newLead({ pipelineStatus: "won", contacted: true, customerUserId: customer.id });
    await setSetting(PUBLIC_SETTING_KEYS.socialLinks, JSON.stringify({ google: GOOGLE }));

    const first = await press(leadId);
    expect(first).toEqual({ status: 200, body: expect.objectContaining({ ok: true, message: "Review request sent to jane.account@example.test." }) });
    const [email] = await reviewEmails(leadId);
    expect(email).toMatchObject({ toAddress: "jane.account@example.test", status: "queued" });
    expect(email!.textBody).toContain(GOOGLE);
    expect(email!.textBody).toContain("Hi Jane,");
    const [lead] = await db().select().from(leads).where(eq(leads.id, leadId));
    expect(lead!.reviewRequestedBy).toBe(admin.id);
    expect(lead!.reviewRequestedAt).toBeInstanceOf(Date);
    const notes = await db().select().from(leadNotes).where(eq(leadNotes.leadId, leadId));
    expect(notes.map((n) => [n.kind, n.body, n.authorUserId])).toEqual([["event", "Review request sent to jane.account@example.test.", admin.id]]);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, "lead.review_request"), eq(auditLog.targetId, leadId)));
    expect(audit).toMatchObject({ actorUserId: admin.id, targetType: "lead", ipAddress: "203.0.113.50", details: { to: "jane.account@example.test", link: GOOGLE } });

    const second = await press(leadId);
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/^A review request was already sent on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);
    expect(await reviewEmails(leadId)).toHaveLength(1);

    // The lead page says when and by whom.
    const page = (await loader({ request: new Request(`http://app.test/admin/leads/${leadId}`, { headers: { cookie } }), params: { id: leadId }, context: {} } as never)) as {
      reviewRequest: { sent: { sentAt: string; sentByName: string } | null; linkConfigured: boolean };
    };
    expect(page.reviewRequest).toEqual({ sent: { sentAt: lead!.reviewRequestedAt!.toISOString(), sentByName: "Sam Staff" }, linkConfigured: true });
  });

  it("uses Site Configuration's review link before the Google profile, and the lead's email without an account", async () => {
    const leadId = await newLead({ pipelineStatus: "completed", contacted: true });
    await setSetting(PUBLIC_SETTING_KEYS.socialLinks, JSON.stringify({ google: GOOGLE }));
    await setSetting(PRIVATE_SETTING_KEYS.reviewRequestUrl, OWN);
    expect((await press(leadId)).status).toBe(200);
    const [email] = await reviewEmails(leadId);
    expect(email).toMatchObject({ toAddress: "jane.lead@example.test" });
    expect(email!.textBody).toContain(OWN);
    expect(email!.textBody).not.toContain(GOOGLE);
  });

  it("pressed twice at once sends one email", async () => {
    const leadId = await newLead({ pipelineStatus: "completed", contacted: true });
    await setSetting(PRIVATE_SETTING_KEYS.reviewRequestUrl, OWN);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => sendReviewRequest({ leadId, actor: admin })));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.reason)).toEqual(["already_sent", "already_sent", "already_sent", "already_sent"]);
    expect(await reviewEmails(leadId)).toHaveLength(1);
  });

  it("answers 404 for a lead that does not exist", async () => {
    expect((await press(crypto.randomUUID())).status).toBe(404);
  });
});
