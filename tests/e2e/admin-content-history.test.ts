import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { expectToast, chooseAction as choose, useStaff } from "../support/staff";
import { toZonedLocal } from "~/lib/zoned-time";

/**
 * Version history and scheduled publishing (issue 12 items 4-5, ADR 029) in Chromium against the
 * production server: edit a service twice, open its History from the card's menu, read the differences,
 * restore the first edit, and see the public /services page follow on the next request; schedule a
 * publish a few seconds ahead (the job runs every second here: CONTENT_SCHEDULE_TICK_SECONDS) and see the
 * card say so, then the public page change at that time; cancel a schedule in one click; axe on the dialogs.
 */

const SECRET = "content-history-e2e-secret-0123456789abcdefghijk";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "content-history-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET, JOBS_ENABLED: "true", CONTENT_SCHEDULE_TICK_SECONDS: "1" } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { firstName: "Hana", lastName: "Editor" });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function publicServices(): Promise<string> {
  const response = await fetch(`${app().url}/services`);
  expect(response.status).toBe(200);
  return response.text();
}

/** A marked piece's own text, without the words for screen readers around it ("[Removed: wind]"). */
function unmarked(text: string): string {
  return text.replace(/^\[(Removed|Added): /, "").replace(/\]$/, "");
}

async function editDescription(page: Page, description: string) {
  await choose(page, "Storm Restoration", "Edit");
  const edit = page.getByRole("form", { name: "Edit Service" });
  await edit.getByLabel("Description").fill(description);
  await edit.getByRole("button", { name: "Update Service" }).click();
  await expectToast(page, "Service updated successfully", "Success");
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

const FIRST = "Hail and wind damage repaired fast, with your insurance claim handled start to finish.";
/** A small edit of FIRST: the history marks only the words that changed. */
const SECOND = "Hail and storm damage repaired fast, with your insurance claim handled from start to finish.";

describe("version history", () => {
  test("edit a service twice, see the differences in History, restore the first edit; /services follows", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/cms/services");
    await page.locator('li[data-item="Storm Restoration"]').waitFor();
    const seeded = (await page.locator('li[data-item="Storm Restoration"] p.line-clamp-3').innerText()).trim();

    await editDescription(page, FIRST);
    await editDescription(page, SECOND);
    expect(await publicServices()).toContain(SECOND);

    await choose(page, "Storm Restoration", "History");
    const dialog = page.getByRole("dialog", { name: "History of “Storm Restoration”" });
    await dialog.waitFor();
    const versions = dialog.locator("li[data-version]");
    await expect.poll(() => versions.count()).toBe(3);
    // Newest first: the second edit is the current version, by the signed-in editor, in company time.
    const newest = versions.nth(0);
    expect(await newest.getAttribute("data-version")).toBe("3");
    const newestText = await newest.innerText();
    expect(newestText).toMatch(/Version 3\s*Current version/);
    expect(newestText).toMatch(/by Hana Editor \(.+@.+\)/);
    expect(newestText).toMatch(/(EST|EDT)/);
    // Its difference against version 2: the description once, word by word, only the changed words marked.
    const row = newest.locator('tr[data-field="description"]');
    expect(await row.locator("th").innerText()).toBe("Description");
    expect(await row.locator("[data-word-diff]").innerText()).toContain("damage repaired fast, with your insurance claim handled");
    expect((await row.locator("del").allTextContents()).map(unmarked)).toEqual(["wind"]);
    expect((await row.locator("ins").allTextContents()).map(unmarked)).toEqual(["storm", " from"]);
    expect(await newest.locator("tr[data-field]").count()).toBe(1);
    expect(await newest.getByRole("button", { name: /Restore/ }).count()).toBe(0);
    // Version 2 against the seeded text (version 1, kept from before the first edit): removed and added words.
    const removed = (await versions.nth(1).locator('tr[data-field="description"] del').allTextContents()).map(unmarked).join("");
    expect(removed.length).toBeGreaterThan(0);
    expect(seeded).toContain(removed.trim().split(/\s+/)[0]);
    const oldest = await versions.nth(2).innerText();
    expect(oldest).toMatch(/Version 1[\s\S]*, saved before version history was kept, by someone not recorded/);
    expect(oldest).not.toMatch(/ by someone, before/);
    await expectNoAxeViolations(page, { exclude: ["[data-sonner-toaster]"] });

    // Restore the first edit: a new version 4, the old ones unchanged.
    await versions.nth(1).getByRole("button", { name: "Restore version 2 of Storm Restoration" }).click();
    await expectToast(page, "Version restored", "Success");
    await expect.poll(() => versions.count()).toBe(4);
    expect(await versions.nth(0).innerText()).toMatch(/Version 4\s*Current version[\s\S]*Restored from version 2/);
    expect((await versions.nth(0).locator('tr[data-field="description"] ins').allTextContents()).map(unmarked)).toEqual(["wind"]);
    expect((await versions.nth(0).locator('tr[data-field="description"] del').allTextContents()).map(unmarked)).toEqual(["storm", " from"]);
    expect(await versions.nth(1).innerText()).not.toContain("Restored from");

    // The public page follows at once; the card too.
    const html = await publicServices();
    expect(html).toContain(FIRST);
    expect(html).not.toContain(SECOND);
    // At 390 px the dialog and its word-level changes stay within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Actions for Storm Restoration");
    await expect.poll(() => page.locator('li[data-item="Storm Restoration"]').innerText()).toContain(FIRST);
  });
});

/** Whether the services grid of /services lists this title (the inspection form further down names every service). */
function listed(html: string, title: string): boolean {
  const start = html.indexOf('id="services"');
  expect(start, "#services on /services").toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</section>", start)).includes(`>${title}<`);
}

describe("scheduled publishing", () => {
  test("schedule a publish a few seconds ahead: the card says when, the public page changes at that time", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/cms/services");
    const card = page.locator('li[data-item="Roof Repairs"]');
    await card.waitFor();
    await choose(page, "Roof Repairs", "Unpublish");
    await expectToast(page, "Service unpublished", "Success");
    await card.getByText("Draft", { exact: true }).waitFor();
    expect(listed(await publicServices(), "Roof Repairs")).toBe(false);

    await choose(page, "Roof Repairs", "Schedule");
    const dialog = page.getByRole("dialog", { name: "Schedule publishing" });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("America/New_York");
    await expectNoAxeViolations(page, { exclude: ["[data-sonner-toaster]"] });
    // A time already past is a value to fix: its message under the field, and no failure toast.
    await dialog.getByLabel(/^Publish at/).fill("2020-01-06T09:00");
    await dialog.getByRole("button", { name: "Save Schedule" }).click();
    await dialog.getByText("Choose a time in the future.").waitFor();
    expect(await dialog.getByLabel(/^Publish at/).getAttribute("aria-invalid")).toBe("true");
    await page.waitForTimeout(500);
    expect(await page.locator("[data-sonner-toast]").filter({ hasText: "Failed to save schedule" }).count()).toBe(0);
    // Company time, to the second: 6 seconds from now.
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 6_000);
    await dialog.getByLabel(/^Publish at/).fill(toZonedLocal(at).padEnd(19, ":00"));
    await dialog.getByRole("button", { name: "Save Schedule" }).click();
    await expectToast(page, "Schedule saved", "Success");
    await dialog.waitFor({ state: "detached" });
    const note = card.locator('[data-schedule="publish"]');
    expect(await note.innerText()).toMatch(/^Scheduled for [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) E[SD]T$/);
    expect(listed(await publicServices(), "Roof Repairs")).toBe(false);

    // The job publishes it at that time (it runs every second here), never before.
    await expect.poll(async () => listed(await publicServices(), "Roof Repairs"), { timeout: 20_000, interval: 250 }).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    // The card follows on the next load: published, no schedule left.
    await staff.goto(page, "/admin/cms/services");
    await card.getByText("Published", { exact: true }).waitFor();
    expect(await card.locator("[data-schedule]").count()).toBe(0);
    // The history names the schedule as the one who published it.
    await choose(page, "Roof Repairs", "History");
    const history = page.getByRole("dialog", { name: "History of “Roof Repairs”" });
    await expect.poll(() => history.locator("li[data-version]").first().innerText()).toMatch(/Version \d+\s*Current version[\s\S]*by Scheduled publishing/);
    await page.keyboard.press("Escape");
  });

  test("cancel a schedule in one click", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/cms/services");
    const card = page.locator('li[data-item="Storm Restoration"]');
    await card.waitFor();
    await choose(page, "Storm Restoration", "Schedule");
    const dialog = page.getByRole("dialog", { name: "Schedule publishing" });
    await dialog.getByLabel(/^Unpublish at/).fill("2031-06-01T08:30");
    await dialog.getByRole("button", { name: "Save Schedule" }).click();
    await expectToast(page, "Schedule saved", "Success");
    expect(await card.locator('[data-schedule="unpublish"]').innerText()).toBe("Unpublishes Jun 1, 2031, 8:30 AM EDT");

    await choose(page, "Storm Restoration", "Cancel schedule");
    await expectToast(page, "Schedule cancelled", "Success");
    await expect.poll(() => card.locator("[data-schedule]").count()).toBe(0);
    await page.getByRole("button", { name: "Actions for Storm Restoration" }).click();
    expect(await page.getByRole("menuitem").allInnerTexts()).not.toContain("Cancel schedule");
    await page.keyboard.press("Escape");
  });
});
