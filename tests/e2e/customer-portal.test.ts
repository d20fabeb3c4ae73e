import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { phoneJpeg, PHONE_HEIC_PATH } from "../support/media-images";
import { TestSmtpServer } from "../support/smtp";
import { expectToast, useStaff } from "../support/staff";
import { waitFor } from "../support/net";

/**
 * Issue 22, done when: the whole homeowner journey in Chromium against the production server with its job
 * workers and a real SMTP server. A homeowner sends a request with a phone photo; staff invite them; they
 * choose a password from the email's link, see the request, add a second photo (an iPhone HEIC) and a
 * message; staff reply and set an appointment; the homeowner sees it and confirms, and the `.ics` email is
 * in the outbox (and reached the SMTP server); staff mark the job completed and send the review request,
 * once. Every portal page passes axe, at a phone's width too.
 */

const SECRET = "customer-portal-e2e-secret-0123456789abcdefghijk";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "customer-portal-e2e-"));
const smtp = new TestSmtpServer();
await smtp.start();
const app = useApp({
  env: {
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: SECRET,
    JOBS_ENABLED: "true",
    JOBS_CRON_INTERVAL_SECONDS: "1",
    SMTP_URL: smtp.url,
    EMAIL_FROM: "office@example.com",
    LEAD_RATE_LIMIT_PER_MINUTE: "10000",
    LEAD_RATE_LIMIT_PER_HOUR: "100000",
  },
});
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { firstName: "Dana", lastName: "Office" });

const HOMEOWNER = { first: "Zoë", last: "O'Connor", email: "zoe.oconnor@example.com" };
const PASSWORD = "slate gutter ridge 42 blue";

let homeowner: Page;
let leadId = "";

beforeAll(async () => {
  const context = await browser().newContext({ baseURL: app().url, viewport: { width: 390, height: 844 } });
  context.setDefaultTimeout(20_000);
  homeowner = await context.newPage();
});

afterAll(async () => {
  await smtp.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function outbox(kind: string): Promise<Array<{ text_body: string; to_address: string; attachments: Array<{ filename: string; contentType: string; content: string }> }>> {
  const { rows } = await staff.pool().query("select text_body, to_address, attachments from email_outbox where kind = $1 order by created_at", [kind]);
  return rows;
}

/** What the public pages' tests ask of every page: one h1, the landmarks, axe clean at a phone's width and a desktop's. */
async function expectAccessiblePage(page: Page): Promise<void> {
  expect(await page.locator("h1").count()).toBe(1);
  expect(await page.getByRole("banner").count()).toBe(1);
  expect(await page.getByRole("main").count()).toBe(1);
  expect(await page.getByRole("contentinfo").count()).toBe(1);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
}

describe("the homeowner's portal, end to end", () => {
  test("1. a homeowner sends a request with a phone photo", async () => {
    const response = await homeowner.goto("/contact", { waitUntil: "domcontentloaded" });
    expect(response?.status()).toBe(200);
    await homeowner.waitForFunction(() => document.documentElement.dataset.enhanced === "true");
    const form = homeowner.locator("#inspection-form form[data-inspection-form]");
    await form.getByLabel("First name").fill(HOMEOWNER.first);
    await form.getByLabel("Last name").fill(HOMEOWNER.last);
    await form.getByLabel("Email").fill(HOMEOWNER.email);
    await form.getByLabel("Phone").fill("(614) 555-0199");
    await form.getByLabel("Message").fill("Shingles came off the north slope in Tuesday's storm.");
    // The upload belongs to "I have insurance documents or photos of the damage" (spec 1 §3).
    await form.getByLabel("I have insurance documents or photos of the damage").check();
    const photo = await phoneJpeg();
    expect(photo.length).toBeGreaterThan(4_500_000);
    await form.locator("input[type=file]").setInputFiles([{ name: "north-slope.jpg", mimeType: "image/jpeg", buffer: photo }]);
    await form.getByRole("button", { name: "Request Free Inspection" }).click();
    await expect.poll(() => form.locator("[data-inspection-notice]").innerText(), { timeout: 30_000 }).toContain("Request Submitted!");
    const { rows } = await staff.pool().query<{ id: string }>("select id from leads where email = $1", [HOMEOWNER.email]);
    expect(rows).toHaveLength(1);
    leadId = rows[0]!.id;
  });

  test("2. staff invite the homeowner from the lead page", async () => {
    const page = await staff.page();
    await staff.goto(page, `/admin/leads/${leadId}`);
    const portal = page.getByRole("region", { name: "Customer portal" });
    await portal.getByText("Not in a customer portal yet.").waitFor();
    await portal.getByRole("button", { name: "Invite to portal" }).click();
    await page.getByText(`Invitation sent to ${HOMEOWNER.email}.`).first().waitFor();
    await portal.getByText(/Invitation sent .*; the link works until/).waitFor();
    const { rows } = await staff.pool().query(
      "select u.status, u.email_verified, array(select role from user_roles r where r.user_id = u.id) as roles, coalesce(l.customer_user_id = u.id, false) as linked from users u join leads l on l.id = $1 where u.email = $2",
      [leadId, HOMEOWNER.email],
    );
    // No role and no request for the account until the mailbox owner opens the link (ADR 046).
    expect(rows[0]).toEqual({ status: "approved", email_verified: false, roles: [], linked: false });
  });

  test("3. the homeowner chooses a password from the email's one-time link and lands in the portal", async () => {
    const [invitation] = await outbox("portal.invitation");
    expect(invitation!.to_address).toBe(HOMEOWNER.email);
    // The link is in the email the homeowner gets, never in the outbox's copy (ADR 046).
    const linkPath = await waitFor(() => smtp.linkTo(HOMEOWNER.email, "/auth/invitation"), { timeoutMs: 30_000, message: "the invitation email" });
    expect(linkPath).toMatch(/^\/auth\/invitation\?token=[A-Za-z0-9_-]{43}$/);
    expect(invitation!.text_body).not.toContain(new URLSearchParams(linkPath.split("?")[1]).get("token"));
    const url = new URL(linkPath, app().url);
    await homeowner.goto(`${url.pathname}${url.search}`, { waitUntil: "domcontentloaded" });
    await homeowner.getByRole("heading", { name: "Open your customer portal" }).waitFor();
    await expectAccessiblePage(homeowner);
    await homeowner.getByLabel("New password", { exact: true }).fill(PASSWORD);
    await homeowner.getByLabel("Confirm new password").fill(PASSWORD);
    await homeowner.getByRole("button", { name: "Open my portal" }).click();
    await homeowner.waitForURL("**/portal");
    await homeowner.getByRole("heading", { level: 1, name: "Your requests" }).waitFor();
    // Used once: the same link now refuses.
    const again = await fetch(`${app().url}${url.pathname}${url.search}`);
    expect(await again.text()).toContain("This invitation link was already used.");
  });

  test("4. the portal lists the request in plain words; the request page shows what was sent", async () => {
    const card = homeowner.getByRole("article").filter({ hasText: "Status: Received" });
    await card.waitFor();
    await expectAccessiblePage(homeowner);
    await card.getByRole("link", { name: /Open request/ }).click();
    await homeowner.waitForURL(`**/portal/requests/${leadId}`);
    await homeowner.getByText("Shingles came off the north slope in Tuesday's storm.").waitFor();
    await homeowner.getByText("north-slope.jpg").first().waitFor();
    await expectAccessiblePage(homeowner);
  });

  test("5. the homeowner adds a second photo (an iPhone HEIC), corrects the claim number and writes to the office", async () => {
    await homeowner.getByLabel("Photos or documents").setInputFiles(PHONE_HEIC_PATH);
    await homeowner.getByRole("button", { name: "Add files" }).click();
    await homeowner.getByText("phone-photo-4032x3024.heic").first().waitFor({ timeout: 30_000 });
    await homeowner.getByLabel("Claim number").fill("CLM-2026-7781");
    await homeowner.getByRole("button", { name: "Save insurance details" }).click();
    await homeowner.getByText("Your insurance details were saved.").waitFor();
    await homeowner.getByLabel("Your message").fill("Added a close-up of the ridge. Mornings suit me best — I'm home after 8.");
    await homeowner.getByRole("button", { name: "Send message" }).click();
    await homeowner.getByText("Mornings suit me best — I'm home after 8.").waitFor();
    const { rows } = await staff.pool().query(
      "select original_name, added_from = 'portal' and uploaded_by_user_id is not null as from_portal from lead_attachments where lead_id = $1 order by created_at",
      [leadId],
    );
    expect(rows).toEqual([
      { original_name: "north-slope.jpg", from_portal: false },
      { original_name: "phone-photo-4032x3024.heic", from_portal: true },
    ]);
    // Both photos get thumbnails from the job workers (the HEIC decoded on the server).
    await waitFor(
      async () => {
        const { rows: thumbs } = await staff.pool().query("select thumbnail_status from lead_attachments where lead_id = $1", [leadId]);
        return thumbs.every((t) => t.thumbnail_status === "ready") || undefined;
      },
      { timeoutMs: 60_000, message: "both thumbnails" },
    );
  });

  test("6. staff see who added the photo, read the message, reply and set an appointment", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/leads");
    await page.getByText("1 unread message").first().waitFor();
    await staff.goto(page, `/admin/leads/${leadId}`);
    await page.getByText(/Added by Zoë O'Connor/).first().waitFor();
    const view = page.getByRole("link", { name: "View phone-photo-4032x3024.heic" });
    expect(await view.getAttribute("href")).toMatch(new RegExp(`^/admin/leads/${leadId}/attachments/[0-9a-f-]+/view$`));
    await page.getByText("Mornings suit me best — I'm home after 8.").waitFor();
    await page.getByLabel("Reply to the homeowner").fill("Thanks Zoë, we'll come Tuesday morning.");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Thanks Zoë, we'll come Tuesday morning.").first().waitFor();

    const day = await staff.pool().query<{ d: string }>("select to_char((now() at time zone 'America/New_York')::date + 5, 'YYYY-MM-DD') as d");
    const appointment = page.getByRole("region", { name: "Appointment" });
    await appointment.getByLabel("Date").fill(day.rows[0]!.d);
    await appointment.getByLabel("From").selectOption("09:00");
    await appointment.getByLabel("To").selectOption("11:00");
    await appointment.getByRole("button", { name: "Save appointment" }).click();
    await page.getByText(/Inspection scheduled/).first().waitFor();
    const { rows } = await staff.pool().query("select pipeline_status, appointment_status from leads where id = $1", [leadId]);
    expect(rows[0]).toEqual({ pipeline_status: "inspection_scheduled", appointment_status: "proposed" });
  });

  test("7. the homeowner sees the reply and the appointment, confirms it; the .ics email is in the outbox", async () => {
    await homeowner.goto("/portal", { waitUntil: "domcontentloaded" });
    await homeowner.getByText("1 unread message").waitFor();
    await homeowner.getByText("Status: Inspection scheduled").first().waitFor();
    await homeowner.goto(`/portal/requests/${leadId}`, { waitUntil: "domcontentloaded" });
    await homeowner.getByText("Thanks Zoë, we'll come Tuesday morning.").waitFor();
    await homeowner.getByText(/9:00 AM – 11:00 AM Eastern Time/).first().waitFor();
    await expectAccessiblePage(homeowner);
    // Their iPhone photo opens large, as a picture the browser shows (the HEIC itself it cannot).
    await homeowner.getByRole("link", { name: "View phone-photo-4032x3024.heic" }).click();
    await homeowner.waitForURL(/\/files\/[0-9a-f-]+\/view$/);
    expect(await homeowner.evaluate(() => [document.images[0]?.naturalWidth, document.images[0]?.naturalHeight])).toEqual([1600, 1200]);
    await homeowner.goBack({ waitUntil: "domcontentloaded" });
    expect(await homeowner.getByRole("link", { name: "Download phone-photo-4032x3024.heic" }).getAttribute("download")).toBe("");
    await homeowner.getByRole("button", { name: "Confirm appointment" }).click();
    await homeowner.getByText("Confirmed").first().waitFor();

    const emails = (await staff.pool().query("select attachments from email_outbox where to_address = $1 and jsonb_array_length(attachments) > 0", [HOMEOWNER.email])).rows;
    expect(emails.length).toBeGreaterThanOrEqual(1);
    const ics = emails[0]!.attachments[0];
    expect(ics.filename).toMatch(/\.ics$/);
    expect(ics.contentType).toContain("text/calendar");
    expect(ics.content).toContain("BEGIN:VEVENT");
    expect(ics.content).toMatch(/DTSTART:\d{8}T1[34]0000Z/);
    await waitFor(() => smtp.to(HOMEOWNER.email).some((m) => m.raw.includes("text/calendar")) || undefined, { timeoutMs: 30_000, message: "the .ics email at the SMTP server" });
  });

  test("8. staff mark the job completed and send the review request, once", async () => {
    const page = await staff.page();
    // The review link is Site Configuration's (private, like the lead alert address).
    await staff.goto(page, "/admin/site-config");
    const config = page.getByRole("form", { name: "Site Configuration" });
    await config.getByLabel("Review link").fill("https://g.page/r/example-review");
    await config.getByRole("button", { name: "Save Configuration" }).click();
    await expectToast(page, "Site configuration saved successfully!", "Success");
    await staff.goto(page, `/admin/leads/${leadId}`);
    await page.getByLabel("Status").selectOption("completed");
    await page.getByRole("button", { name: "Update status" }).click();
    await page.getByText("Status set to Completed.").waitFor();
    await page.getByRole("button", { name: "Send review request" }).click();
    await page.getByText(/Review request sent on/).first().waitFor();
    expect(await page.getByRole("button", { name: "Send review request" }).count()).toBe(0);
    const reviews = await outbox("lead.review-request");
    expect(reviews).toHaveLength(1);
    expect(reviews[0]!.to_address).toBe(HOMEOWNER.email);
    expect(reviews[0]!.text_body).toContain("https://g.page/r/example-review");

    await homeowner.goto("/portal", { waitUntil: "domcontentloaded" });
    await homeowner.getByText("Status: Completed").first().waitFor();
    await expectNoAxeViolations(homeowner);
  });

  test("9. the customer never reaches /admin or its .data routes, by page or by data request", async () => {
    const cookies = await homeowner.context().cookies();
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    for (const url of ["/admin", "/admin.data", "/admin/leads", "/admin/leads.data", `/admin/leads/${leadId}`, `/admin/leads/${leadId}.data`, "/admin/users.data", `/admin/leads/${leadId}/attachments/${leadId}`]) {
      const response = await fetch(`${app().url}${url}`, { headers: { cookie }, redirect: "manual" });
      const body = await response.text();
      expect([200, 204].includes(response.status) && !body.includes("/portal"), `GET ${url} answered ${response.status}`).toBe(false);
      expect(body, `GET ${url}`).not.toContain(HOMEOWNER.email);
      expect(body, `GET ${url}`).not.toContain("Mornings suit me best");
      if (!url.endsWith(".data")) expect(response.headers.get("location"), url).toBe("/portal");
    }
    const post = await fetch(`${app().url}/admin/leads/${leadId}.data`, {
      method: "POST",
      headers: { cookie, origin: app().url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "set-status", status: "lost" }),
      redirect: "manual",
    });
    expect(await post.text()).not.toContain(HOMEOWNER.email);
    const { rows } = await staff.pool().query("select pipeline_status from leads where id = $1", [leadId]);
    expect(rows[0]!.pipeline_status).toBe("completed");
  });
});
