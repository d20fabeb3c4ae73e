import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import * as schema from "~/db/schema";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { createSession, createUser } from "../support/factories";
import { phoneJpeg } from "../support/media-images";
import { SESSION_COOKIE, sessionCookieValue, useStaff } from "../support/staff";

/**
 * The portal's confirmations where the homeowner is looking (issue 31 item 5), on a 390 px phone with
 * JavaScript: after each form of the request page (correct the address, confirm the appointment, ask for
 * another time, correct the insurance, add a file, send a message) its answer shows beside that form,
 * inside the viewport, in a live region (role=status), and the focus stays on the control used or comes to
 * the answer next to it, never the page's top. (The proposal's Accept: tests/e2e/proposals.test.ts.) The office's reply in the thread is signed with the staff member's first name and the
 * business ("Dana, Buckeye Valor Roofing").
 */

const SECRET = "portal-answers-e2e-secret-0123456789abcdefghijkl";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-answers-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { firstName: "Dana", lastName: "Office" });
const VIEWPORT = { width: 390, height: 844 };

let leadId = "";
let homeowner: Page;

beforeAll(async () => {
  const appDb = drizzle(staff.pool(), { schema, casing: "snake_case" });
  const customer = await createUser({ kind: "customer", db: appDb, overrides: { firstName: "Jane", lastName: "D'Arcy" } });
  const office = await createUser({ kind: "admin", db: appDb, overrides: { firstName: "Dana", lastName: "Office" } });
  const token = (await createSession(customer, { db: appDb })).token;
  const { rows } = await staff.pool().query<{ d: string }>("select to_char((now() at time zone 'America/New_York')::date + 5, 'YYYY-MM-DD') as d");
  const [lead] = await appDb
    .insert(schema.leads)
    .values({
      firstName: "Jane",
      lastName: "D'Arcy",
      email: customer.email,
      phone: "+16145550147",
      submissionKey: `e2e-${crypto.randomUUID()}`,
      customerUserId: customer.id,
      message: "Hail last week.",
      hasInsuranceDocs: true,
      insuranceCompany: "Buckeye Mutual",
      contacted: true,
      pipelineStatus: "inspection_scheduled",
      appointmentDate: rows[0]!.d,
      appointmentStart: "09:00:00",
      appointmentEnd: "11:00:00",
      appointmentStatus: "proposed",
      appointmentSequence: 1,
    })
    .returning({ id: schema.leads.id });
  leadId = lead!.id;
  await appDb.insert(schema.leadMessages).values({ leadId, author: "staff", authorUserId: office.id, body: "We can come Tuesday morning." });
  const context = await browser().newContext({ baseURL: app().url, viewport: VIEWPORT });
  context.setDefaultTimeout(20_000);
  await context.addCookies([{ name: SESSION_COOKIE, value: sessionCookieValue(token, SECRET), domain: "127.0.0.1", path: "/", secure: true, httpOnly: true, sameSite: "Lax" }]);
  homeowner = await context.newPage();
});

/** Whether the element's box lies inside the viewport (it may be scrolled there, smoothly or not). */
async function inViewport(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return Boolean(box && box.y >= 0 && box.y + box.height <= VIEWPORT.height && box.x >= 0 && box.x + box.width <= VIEWPORT.width);
}

/** Where the focus is: inside the section `sectionHeadingId` labels, or the answer box itself. */
async function focusIn(page: Page, sectionHeadingId: string): Promise<boolean> {
  return page.evaluate((id) => {
    const active = document.activeElement;
    return Boolean(active && active !== document.body && active.closest(`section[aria-labelledby="${id}"]`));
  }, sectionHeadingId);
}

/** The answer of a section: its live region holds `text`, in view, the focus near; nothing at the page's top. */
async function expectAnswerInPlace(page: Page, answerId: string, sectionHeadingId: string, text: string) {
  const region = page.locator(`#${answerId}`);
  await region.getByText(text).waitFor();
  expect(await region.getAttribute("role")).toBe("status");
  expect(await region.getAttribute("aria-live")).toBe("polite");
  await expect.poll(() => inViewport(region.getByText(text)), { timeout: 5_000 }).toBe(true);
  await expect.poll(() => focusIn(page, sectionHeadingId), { timeout: 5_000 }).toBe(true);
  // Said once, there: not also at the top of the page.
  expect(await page.getByText(text).count()).toBe(1);
}

describe("portal confirmations at 390 px", () => {
  test("each form's answer shows beside it, in view and announced, with the focus near the control used", async () => {
    await homeowner.goto(`/portal/requests/${leadId}`, { waitUntil: "networkidle" });
    await homeowner.getByRole("heading", { level: 1 }).waitFor();
    // The office's reply, signed with the first name and the business.
    await homeowner.getByText("Dana, Buckeye Valor Roofing").waitFor();
    expect(await homeowner.getByText(/the office/).count()).toBe(0);

    // The property's address (editable until the appointment is confirmed), by keyboard.
    const zip = homeowner.getByLabel("ZIP code");
    await zip.scrollIntoViewIfNeeded();
    await homeowner.getByLabel("Street address").fill("12 Ridge Road");
    await homeowner.getByLabel("City").fill("Columbus");
    await zip.fill("43004");
    await homeowner.getByRole("button", { name: "Save address" }).focus();
    await homeowner.keyboard.press("Enter");
    await expectAnswerInPlace(homeowner, "portal-address-answer", "portal-address", "The property's address was saved.");

    // The appointment: Confirm (by keyboard) replaces the button with the confirmed time.
    const confirm = homeowner.getByRole("button", { name: "Confirm appointment" });
    await confirm.focus();
    await homeowner.keyboard.press("Enter");
    await expectAnswerInPlace(homeowner, "portal-appointment-answer", "portal-appointment", "Thank you: your appointment is confirmed.");

    // Another time after all: the form is drawn again empty, its answer in the same place.
    await homeowner.getByLabel("Which days and times suit you better?").fill("Any weekday after 4 pm.");
    await homeowner.getByRole("button", { name: "Ask for another time" }).focus();
    await homeowner.keyboard.press("Enter");
    await expectAnswerInPlace(homeowner, "portal-appointment-answer", "portal-appointment", "Thank you: we will get back to you with another time.");

    // The insurance form, low on the page: the claim number corrected.
    const claim = homeowner.getByLabel("Claim number");
    await claim.scrollIntoViewIfNeeded();
    await claim.fill("CLM-2026-0042");
    await homeowner.getByRole("button", { name: "Save insurance details" }).focus();
    await homeowner.keyboard.press("Enter");
    await expectAnswerInPlace(homeowner, "portal-insurance-answer", "portal-insurance", "Your insurance details were saved.");

    // A photo added.
    await homeowner.getByLabel("Photos or documents").setInputFiles([{ name: "ridge.jpg", mimeType: "image/jpeg", buffer: await phoneJpeg() }]);
    await homeowner.getByRole("button", { name: "Add files" }).focus();
    await homeowner.keyboard.press("Enter");
    const added = homeowner.getByText("1 file was added to your request.");
    await added.waitFor();
    await expect.poll(() => inViewport(added), { timeout: 5_000 }).toBe(true);
    expect(await added.evaluate((el) => el.closest("[role=status]") !== null)).toBe(true);
    // The focus stays with the form (once lost to an older answer that acted again at every render of the page).
    await expect.poll(() => focusIn(homeowner, "portal-files"), { timeout: 5_000 }).toBe(true);

    // A message, at the very end of the page: "Sent" under the thread.
    await homeowner.getByLabel("Your message").fill("Thank you, Tuesday works.");
    await homeowner.getByRole("button", { name: "Send message" }).focus();
    await homeowner.keyboard.press("Enter");
    await expectAnswerInPlace(homeowner, "portal-messages-answer", "portal-messages", "Your message was sent. We answer by email and here.");
    expect(await homeowner.locator("#portal-messages-answer").getByText("Sent", { exact: true }).count()).toBe(1);
    await homeowner.getByText("Thank you, Tuesday works.").first().waitFor();

    await expectNoAxeViolations(homeowner);
  }, 90_000);
});
