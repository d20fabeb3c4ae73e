import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import * as schema from "~/db/schema";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { createSession, createUser } from "../support/factories";
import { phoneJpeg } from "../support/media-images";
import { waitFor } from "../support/net";
import { SESSION_COOKIE, sessionCookieValue, useStaff } from "../support/staff";

/**
 * The portal's "Add files" form and a request's files in Chromium WITHOUT JavaScript at a phone's width
 * (360 px): a phone photo posted by the plain multipart form is stored and listed with its thumbnail once
 * the job worker made it; a program renamed .jpg is refused under the field (aria-invalid, described by
 * the message), nothing stored. Staff see the thumbnail (alt = the file's name) and who added it, and the
 * review request offered once the job is completed. Every page passes axe.
 */

const SECRET = "portal-files-e2e-secret-0123456789abcdefghijklmn";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-files-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET, JOBS_ENABLED: "true" } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { firstName: "Dana", lastName: "Office" });

let leadId = "";
/** The homeowner's phone without JavaScript (the form posts the page), and with it (axe needs a script). */
let homeowner: Page;
let viewer: Page;

beforeAll(async () => {
  const appDb = drizzle(staff.pool(), { schema, casing: "snake_case" });
  const customer = await createUser({ kind: "customer", db: appDb, overrides: { firstName: "Jane", lastName: "D'Arcy" } });
  const token = (await createSession(customer, { db: appDb })).token;
  const [lead] = await appDb
    .insert(schema.leads)
    .values({ firstName: "Jane", lastName: "D'Arcy", email: customer.email, phone: "+16145550147", submissionKey: `e2e-${crypto.randomUUID()}`, customerUserId: customer.id, message: "Hail last week." })
    .returning({ id: schema.leads.id });
  leadId = lead!.id;
  const pageOf = async (javaScriptEnabled: boolean) => {
    const context = await browser().newContext({ baseURL: app().url, viewport: { width: 360, height: 780 }, javaScriptEnabled });
    context.setDefaultTimeout(20_000);
    await context.addCookies([{ name: SESSION_COOKIE, value: sessionCookieValue(token, SECRET), domain: "127.0.0.1", path: "/", secure: true, httpOnly: true, sameSite: "Lax" }]);
    return context.newPage();
  };
  homeowner = await pageOf(false);
  viewer = await pageOf(true);
});

describe("portal files without JavaScript, at 360 px", () => {
  test("a photo added by the plain form is listed with its thumbnail; a renamed program is refused under the field", async () => {
    expect((await homeowner.goto(`/portal/requests/${leadId}`))?.status()).toBe(200);
    await homeowner.getByText("No photos or documents yet.").waitFor();
    await viewer.goto(`/portal/requests/${leadId}`);
    await viewer.getByText("No photos or documents yet.").waitFor();
    await expectNoAxeViolations(viewer);
    const input = homeowner.getByLabel("Photos or documents");
    expect(await input.getAttribute("accept")).toContain(".heic");
    expect(await input.getAttribute("multiple")).not.toBeNull();
    await homeowner.getByText("Up to 10 files at a time, 10 MB each").waitFor();

    // A program renamed .jpg: refused under the field, nothing stored.
    await input.setInputFiles([{ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(4096, 0x90)]) }]);
    const refused = homeowner.waitForResponse((r) => r.request().method() === "POST");
    await homeowner.getByRole("button", { name: "Add files" }).click();
    expect((await refused).status()).toBe(415);
    await homeowner.getByText("Only PDF, JPEG, PNG, HEIC and WebP files can be attached.").waitFor();
    expect(await homeowner.getByLabel("Photos or documents").getAttribute("aria-invalid")).toBe("true");
    expect(await homeowner.getByLabel("Photos or documents").getAttribute("aria-describedby")).toContain("portal-add-files-error");
    expect((await staff.pool().query("select count(*)::int as n from lead_attachments where lead_id = $1", [leadId])).rows[0].n).toBe(0);

    const photo = await phoneJpeg();
    await homeowner.getByLabel("Photos or documents").setInputFiles([{ name: "ridge-close-up.jpg", mimeType: "image/jpeg", buffer: photo }]);
    await homeowner.getByRole("button", { name: "Add files" }).click();
    await homeowner.getByText("1 file was added to your request.").waitFor();
    await homeowner.getByRole("link", { name: "Download ridge-close-up.jpg" }).waitFor();

    await waitFor(
      async () => (await staff.pool().query("select thumbnail_status from lead_attachments where lead_id = $1", [leadId])).rows[0]?.thumbnail_status === "ready" || undefined,
      { timeoutMs: 60_000, message: "the thumbnail" },
    );
    await homeowner.reload();
    await homeowner.getByRole("img", { name: "ridge-close-up.jpg" }).waitFor();
    await viewer.reload();
    const thumbnail = viewer.getByRole("img", { name: "ridge-close-up.jpg" });
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    // Nothing wider than the phone's screen.
    expect(await viewer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(viewer);
  }, 120_000);

  test("staff see the thumbnail and who added it, and are offered the review request once the job is completed", async () => {
    const page = await staff.page();
    await staff.goto(page, `/admin/leads/${leadId}`);
    const thumbnail = page.getByRole("img", { name: "ridge-close-up.jpg" });
    await thumbnail.waitFor();
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    await page.getByText(/^Added by Jane D'Arcy from the portal, /).waitFor();
    await page.getByText("When the job is won or completed, you can send the customer one email asking for a review.").waitFor();
    expect(await page.getByRole("button", { name: "Send review request" }).count()).toBe(0);
    await page.getByLabel("Status").selectOption("completed");
    await page.getByRole("button", { name: "Update status" }).click();
    await page.getByText("Status set to Completed.").waitFor();
    // No review link yet: no button, and the card says where to add one (issue 31 item 5).
    await page.getByText("Add your review link in Site Configuration to send review requests.").waitFor();
    expect(await page.getByRole("button", { name: "Send review request" }).count()).toBe(0);
    expect(await page.getByRole("region", { name: "Review request" }).getByRole("link", { name: "Site Configuration" }).getAttribute("href")).toBe("/admin/site-config");
    await expectNoAxeViolations(page);
  }, 60_000);
});
