import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { waitFor } from "../support/net";
import { phoneJpeg } from "../support/media-images";
import { attachmentsOf, TestSmtpServer } from "../support/smtp";
import { useStaff } from "../support/staff";

/**
 * Issue 31, done when (the booking walk): on a 390 px phone, a homeowner in the service area sees a price
 * range at /estimate and books an inspection from it with the property's address, gets the booking email with its calendar invitation (the address
 * as LOCATION), moves the booking from the email's signed link, and sees the new time in the portal; a
 * homeowner outside the area is told so and still lands as a flagged lead. Against the production server
 * with its job workers and a real SMTP server.
 */

const SECRET = "self-booking-e2e-secret-0123456789abcdefghijklmn";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "self-booking-e2e-"));
const smtp = new TestSmtpServer();
await smtp.start();
const app = useApp({
  env: {
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: SECRET,
    JOBS_ENABLED: "true",
    JOBS_CRON_INTERVAL_SECONDS: "1",
    SMTP_URL: smtp.url,
    LEAD_RATE_LIMIT_PER_MINUTE: "10000",
    LEAD_RATE_LIMIT_PER_HOUR: "100000",
  },
});
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { firstName: "Dana", lastName: "Office" });
const VIEWPORT = { width: 390, height: 844 };
const HOMEOWNER = { first: "Zoë", last: "O'Connor", email: "zoe.booking@example.com" };
const PASSWORD = "slate gutter ridge 42 blue";

let homeowner: Page;
let leadId = "";
let bookedWords = "";

beforeAll(async () => {
  // Every day open 08:00-18:00, one inspection at a time, bookable from now: the test finds slots whatever day it runs.
  await staff.pool().query(
    `insert into inspection_schedule (id, booking_enabled, weekly, slot_minutes, capacity, lead_time_hours, change_cutoff_hours)
     values (1, true, $1::jsonb, 120, 1, 0, 0)`,
    [JSON.stringify(Array.from({ length: 7 }, () => ({ open: true, start: "08:00", end: "18:00" })))],
  );
  await staff.pool().query(
    `insert into cms_site_settings (setting_key, setting_value) values ('service_area_zips', '43017, 43016, 43215')
     on conflict (setting_key) do update set setting_value = excluded.setting_value`,
  );
  const context = await browser().newContext({ baseURL: app().url, viewport: VIEWPORT });
  context.setDefaultTimeout(20_000);
  homeowner = await context.newPage();
});

afterAll(async () => {
  await smtp.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function inViewport(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return Boolean(box && box.y >= 0 && box.y + box.height <= VIEWPORT.height);
}

async function fillContact(form: Locator, who: { first: string; last: string; email: string }) {
  await form.getByLabel("First name").fill(who.first);
  await form.getByLabel("Last name").fill(who.last);
  await form.getByLabel("Email").fill(who.email);
  await form.getByLabel("Phone").fill("(614) 555-0199");
}

describe("booking an inspection from a phone", () => {
  test("1. the homeowner sees a price range, picks a day and a time from it, gives the address and books", async () => {
    // The instant price range (item 4), then one step further: the booking carries it.
    await homeowner.goto("/estimate", { waitUntil: "domcontentloaded" });
    const estimate = homeowner.getByRole("form", { name: "Roof price estimate" });
    await estimate.getByRole("textbox", { name: "ZIP code of the home" }).fill("43017");
    await estimate.getByRole("textbox", { name: "Home’s footprint (square feet)" }).fill("1800");
    await estimate.getByRole("radio", { name: "2 stories" }).check();
    await estimate.getByRole("radio", { name: /^Medium/ }).check();
    await estimate.getByRole("combobox", { name: "What is the roof covered with now?" }).selectOption({ label: "Asphalt shingles" });
    await estimate.getByRole("button", { name: "See my price range" }).click();
    const ranges = homeowner.getByRole("list", { name: "Price ranges" }).first();
    await ranges.waitFor();
    expect(await ranges.getByRole("listitem").count()).toBe(3);
    await homeowner.getByRole("link", { name: "Book an inspection with this estimate" }).click();
    await homeowner.waitForURL("**/book?estimate=*");
    await homeowner.waitForFunction(() => document.documentElement.dataset.enhanced === "true");
    await homeowner.getByRole("list", { name: "Price ranges" }).first().waitFor();
    const form = homeowner.locator("form[data-inspection-form]");
    const picker = form.getByRole("group", { name: "Pick a time for your inspection (optional)" });
    // The script's picker: a row of days, the chosen day's times.
    const days = picker.getByRole("group", { name: "Days with free times" });
    await days.waitFor();
    const secondDay = days.getByRole("button").nth(1);
    await secondDay.click();
    expect(await secondDay.getAttribute("aria-pressed")).toBe("true");
    const time = picker.locator("[data-day-panel]:not([hidden])").getByRole("radio").first();
    await time.check();
    await expectNoAxeViolations(homeowner);

    await fillContact(form, HOMEOWNER);
    // Booking without the address is refused on the spot: the inspector needs it.
    await form.getByRole("button", { name: "Request Free Inspection" }).click();
    await form.getByText("Enter the property's address to book a time: the inspector comes there.").first().waitFor();
    // A phone photo of the damage goes with the booking (the page streams its body, as every form page does).
    await form.getByLabel("I have insurance documents or photos of the damage").check();
    const photo = await phoneJpeg();
    expect(photo.length).toBeGreaterThan(4_500_000);
    await form.locator("input[type=file]").setInputFiles([{ name: "ridge.jpg", mimeType: "image/jpeg", buffer: photo }]);
    await form.getByLabel("Street address").fill("1200 Veterans Way");
    await form.getByLabel("City").fill("Dublin");
    await form.getByLabel("ZIP code").fill("43017");
    await form.getByRole("button", { name: "Request Free Inspection" }).click();
    const notice = form.getByRole("status").filter({ hasText: "Your inspection is booked" });
    await notice.waitFor();
    expect(await inViewport(notice)).toBe(true);
    bookedWords = /booked for (.+ Eastern Time)\./.exec((await notice.textContent()) ?? "")?.[1] ?? "";
    expect(bookedWords).toMatch(/^\w+day, \w+ \d+, \d{4}, \d+:\d\d [AP]M – \d+:\d\d [AP]M Eastern Time$/);

    const { rows } = await staff.pool().query(
      "select id, appointment_status, appointment_booked_online, pipeline_status, outside_service_area, jsonb_array_length(estimate->'tiers') as tiers, (select count(*)::int from lead_attachments a where a.lead_id = leads.id) as files from leads where email = $1",
      [HOMEOWNER.email],
    );
    expect(rows).toEqual([
      { id: expect.any(String), appointment_status: "confirmed", appointment_booked_online: true, pipeline_status: "inspection_scheduled", outside_service_area: false, tiers: 3, files: 1 },
    ]);
    leadId = rows[0].id;
  });

  test("2. the booking email carries the calendar invitation with the address, and the link moves the booking", async () => {
    const linkPath = await waitFor(() => smtp.linkTo(HOMEOWNER.email, `/booking/${leadId}`), { timeoutMs: 30_000, message: "the booking email" });
    expect(linkPath).toMatch(new RegExp(`^/booking/${leadId}\\?t=[A-Za-z0-9_-]{43}$`));
    const message = smtp.to(HOMEOWNER.email).at(-1)!;
    const ics = attachmentsOf(message).find((a) => a.filename === "inspection.ics")!;
    const calendar = ics.content.toString("utf8").replace(/\r\n[ \t]/g, "");
    expect(calendar).toContain("LOCATION:1200 Veterans Way\\, Dublin\\, OH 43017");
    expect(calendar).toContain("STATUS:CONFIRMED");

    await homeowner.goto(linkPath, { waitUntil: "domcontentloaded" });
    await homeowner.getByRole("heading", { level: 1, name: "Your roof inspection" }).waitFor();
    await homeowner.getByText(bookedWords).waitFor();
    await expectNoAxeViolations(homeowner);
    const choices = homeowner.getByRole("group", { name: "Move to another time (Eastern Time)" }).getByRole("radio");
    const target = choices.nth(2);
    const targetName = (await target.evaluate((el) => el.closest("label")?.textContent ?? "")).trim();
    await target.check();
    await homeowner.getByRole("button", { name: "Move my inspection" }).click();
    await homeowner.getByRole("status").filter({ hasText: "Your inspection is moved. We emailed you the new time." }).waitFor();
    // The page follows the new link; the old one no longer opens the booking.
    const old = await fetch(`${app().url}${linkPath}`);
    expect(old.status).toBe(404);
    expect(await old.text()).toContain("This link is no longer valid");
    const { rows } = await staff.pool().query("select appointment_sequence from leads where id = $1", [leadId]);
    expect(rows[0].appointment_sequence).toBe(2);
    const time = targetName.split(", ").at(-1)!;
    const [start] = time.split(" – ");
    await homeowner.getByText(new RegExp(`${start!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} –`)).first().waitFor();
    // The new email (the calendar updated, the new link) reaches the homeowner.
    const movedLink = await waitFor(
      () => {
        const link = smtp.linkTo(HOMEOWNER.email, `/booking/${leadId}`);
        return link && link !== linkPath ? link : undefined;
      },
      { timeoutMs: 30_000, message: "the moved email" },
    );
    expect(homeowner.url()).toContain(movedLink.split("?")[1]!.split("&")[0]!);
  });

  test("3. the homeowner sees the moved booking in the portal", async () => {
    const page = await staff.page();
    await staff.goto(page, `/admin/leads/${leadId}`);
    await page.getByText("The homeowner moved the inspection from").first().waitFor();
    // The estimate the request carried, on the lead page.
    await page.getByRole("region", { name: "Instant estimate" }).waitFor();
    await page.getByRole("region", { name: "Customer portal" }).getByRole("button", { name: "Invite to portal" }).click();
    await page.getByText(`Invitation sent to ${HOMEOWNER.email}.`).first().waitFor();
    await page.close();
    const linkPath = await waitFor(() => smtp.linkTo(HOMEOWNER.email, "/auth/invitation"), { timeoutMs: 30_000, message: "the invitation email" });
    await homeowner.goto(linkPath, { waitUntil: "domcontentloaded" });
    await homeowner.getByRole("heading", { name: "Open your customer portal" }).waitFor();
    await homeowner.getByLabel("New password", { exact: true }).fill(PASSWORD);
    await homeowner.getByLabel("Confirm new password").fill(PASSWORD);
    await homeowner.getByRole("button", { name: "Open my portal" }).click();
    await homeowner.waitForURL("**/portal");
    await homeowner.goto(`/portal/requests/${leadId}`, { waitUntil: "domcontentloaded" });
    const section = homeowner.getByRole("region", { name: "Inspection appointment" });
    await section.getByRole("heading", { name: "Move or cancel the inspection" }).waitFor();
    await section.getByRole("button", { name: "Cancel my inspection" }).waitFor();
    await expectNoAxeViolations(homeowner);
  });

  test("4. a homeowner outside the service area is told so and still lands as a flagged lead", async () => {
    const context = await browser().newContext({ baseURL: app().url, viewport: VIEWPORT, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/book", { waitUntil: "domcontentloaded" });
    const form = page.locator("form[data-inspection-form]");
    // Without JavaScript the next free times are plain choices.
    await form.getByRole("radio").first().check();
    await fillContact(form, { first: "Mary-Jo", last: "Łukasz", email: "maryjo@example.com" });
    await form.getByLabel("Street address").fill("12 Ohio River Rd");
    await form.getByLabel("City").fill("Powhatan Point");
    await form.getByLabel("ZIP code").fill("43950");
    await form.getByRole("button", { name: "Request Free Inspection" }).click();
    // Taken and flagged, but the time is not booked: the office decides whether it can go there.
    await page.getByText("We don't usually work in 43950, but we've passed your request to the office. The time you picked is not booked yet: the office will call you about it.").waitFor();
    const { rows } = await staff.pool().query("select outside_service_area, appointment_status from leads where email = 'maryjo@example.com'");
    expect(rows).toEqual([{ outside_service_area: true, appointment_status: null }]);
    await context.close();
  });
});
