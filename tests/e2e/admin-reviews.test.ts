import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { expectToast, useStaff } from "../support/staff";

/**
 * Review management (spec 2 §2, §4, §5, §8) in Chromium against the
 * production server, driven as staff would: the dashboard card, the table
 * with the count in the heading and the seeded demo reviews marked "Demo";
 * Add Review (the required name, rating 5 by default), Edit, Deactivate and
 * Activate, Delete with its confirmation, each with the catalogue's toast and
 * each followed on the very next request by the public pages (served from the
 * page cache to anonymous visitors, which an admin change clears); Escape;
 * the empty state; axe; and a reviewer name that is markup shown as text
 * (QUALITY S16).
 */

const SECRET = "admin-reviews-e2e-secret-0123456789abcdefghijklmn";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-reviews-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { firstName: "Rae", lastName: "Reviewer" });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const XSS_NAME = `<img src=x onerror="window.__xss=1">`;
const ADDED_TEXT = "They replaced our hail-damaged roof in two days: e2e-added-review-7431.";
const EDITED_TEXT = "Second visit fixed the ridge vent too: e2e-edited-review-9025.";
const SEEDED_REVIEWS = 7;

/** The reviews screen, hydrated, with its list loaded (table or empty state). */
async function openReviews(page: Page) {
  await staff.goto(page, "/admin/reviews");
  await page.locator("table, :text('No reviews found. Add your first review!')").first().waitFor();
}

function heading(page: Page): Locator {
  return page.getByRole("heading", { level: 1 });
}

/** The count is streamed with the list (AdminCount): it may come after the heading. */
async function expectCount(page: Page, count: number) {
  await expect.poll(() => heading(page).innerText()).toMatch(new RegExp(`^Review Management\\s*\\(${count}\\)$`));
}

/** The focused element's accessible name as the kit builds it (visible label and sr-only row name), or its tag. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return "body";
    return (active.getAttribute("aria-label") ?? active.textContent ?? active.tagName).replace(/\s+/g, " ").trim();
  });
}

function row(page: Page, text: string): Locator {
  return page.locator("tbody tr").filter({ hasText: text });
}

describe("review management", () => {
  test("opens from the dashboard: the count in the heading, the spec's columns, the demo reviews marked", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin");
    await page.getByRole("link", { name: "Open Reviews" }).click();
    await page.waitForURL(/\/admin\/reviews$/);
    await expectCount(page, SEEDED_REVIEWS);
    expect(await page.title()).toBe("Review Management");
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/admin");

    const table = page.getByRole("table", { name: "Reviews" });
    expect(await table.locator("thead th").allInnerTexts()).toEqual(["Reviewer", "Rating", "Review", "Status", "Actions"]);
    const rows = table.locator("tbody tr");
    expect(await rows.count()).toBe(SEEDED_REVIEWS);
    // Newest first; every seeded review is demo content, marked as such (visibly and for assistive technology).
    expect(await rows.first().locator("td").first().innerText()).toContain("Karen Mitchell");
    for (const badge of await table.locator("tbody tr td:first-child").getByText("Demo").all()) {
      expect(await badge.textContent()).toContain("sample content to replace before launch");
    }
    expect(await table.locator("tbody tr td:first-child").getByText("Demo").count()).toBe(SEEDED_REVIEWS);

    const priya = row(page, "Priya Shah");
    expect(await priya.getByRole("img", { name: "Rated 4 out of 5" }).count()).toBe(1);
    expect(await priya.locator("td").first().innerText()).toMatch(/^PS\s/);
    expect(await priya.locator("td").nth(2).innerText()).toContain("2 months ago");
    expect(await priya.locator("td").nth(3).innerText()).toBe("Active");
    const text = priya.locator("td").nth(2).locator("p").first();
    expect(await text.evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe("3");
    // Short visible verbs, named for their review for assistive technology.
    for (const verb of ["Edit", "Deactivate", "Delete"]) {
      const button = priya.getByRole("button", { name: `${verb} review by Priya Shah`, exact: true });
      expect(await button.count()).toBe(1);
      expect(await button.evaluate((el) => (el as HTMLElement).innerText.trim())).toMatch(new RegExp(`^${verb}\\b`));
    }
    await expectNoAxeViolations(page);
  });

  test("Add Review: the reviewer name is required, rating 5 by default; the review is listed and on the home page", async () => {
    const page = await staff.page();
    await openReviews(page);
    await page.getByRole("button", { name: "Add Review" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Review" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Rating").inputValue()).toBe("5");
    expect(await dialog.getByLabel("Rating").locator("option").allInnerTexts()).toEqual(["5 stars", "4 stars", "3 stars", "2 stars", "1 star"]);
    expect(await dialog.getByRole("checkbox", { name: "Active" }).isChecked()).toBe(true);
    expect(await dialog.getByText("Shown under the review on the website.", { exact: false }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // Blank: the field's message, under the field, and the focus on it; nothing is posted.
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts++;
    });
    await dialog.getByRole("button", { name: "Add Review" }).click();
    await dialog.getByText("Reviewer name is required.").waitFor();
    const name = dialog.getByLabel("Reviewer Name");
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("reviewerName");
    expect(posts).toBe(0);

    await name.fill("Grace Gutter");
    await dialog.getByLabel("Review", { exact: true }).fill(ADDED_TEXT);
    await dialog.getByLabel("Time description").fill("2 weeks ago");
    await dialog.getByRole("button", { name: "Add Review" }).click();
    await expectToast(page, "Review added successfully!", "Success");
    await dialog.waitFor({ state: "hidden" });
    await expectCount(page, SEEDED_REVIEWS + 1);

    const grace = page.locator("tbody tr").first();
    expect(await grace.innerText()).toContain("Grace Gutter");
    expect(await grace.getByRole("img", { name: "Rated 5 out of 5" }).count()).toBe(1);
    expect((await grace.locator("td").nth(2).innerText()).split(/\n+/)).toEqual([ADDED_TEXT, "2 weeks ago"]);
    expect(await grace.locator("td").nth(3).innerText()).toBe("Active");
    expect(await grace.getByText("Demo").count()).toBe(0);
    const { rows } = await staff.pool().query<{ google_review_id: string; rating: number }>(
      "select google_review_id, rating from google_reviews where reviewer_name = 'Grace Gutter'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.google_review_id).toMatch(/^manual_\d{13}$/);
    expect(rows[0]!.rating).toBe(5);

    expect(await staff.publicHtml("/")).toContain(ADDED_TEXT);
  });

  test("Edit Review: prefilled; the change is listed and public", async () => {
    const page = await staff.page();
    await openReviews(page);
    await row(page, "Grace Gutter").getByRole("button", { name: "Edit review by Grace Gutter" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Review" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Reviewer Name").inputValue()).toBe("Grace Gutter");
    expect(await dialog.getByLabel("Rating").inputValue()).toBe("5");
    expect(await dialog.getByLabel("Review", { exact: true }).inputValue()).toBe(ADDED_TEXT);
    expect(await dialog.getByLabel("Time description").inputValue()).toBe("2 weeks ago");
    expect(await dialog.getByRole("checkbox", { name: "Active" }).isChecked()).toBe(true);

    await dialog.getByLabel("Rating").selectOption("4");
    await dialog.getByLabel("Review", { exact: true }).fill(EDITED_TEXT);
    await dialog.getByRole("button", { name: "Update Review" }).click();
    await expectToast(page, "Review updated successfully!", "Success");
    await dialog.waitFor({ state: "hidden" });
    const grace = row(page, "Grace Gutter");
    await grace.getByText(EDITED_TEXT).waitFor();
    expect(await grace.getByRole("img", { name: "Rated 4 out of 5" }).count()).toBe(1);
    await expectCount(page, SEEDED_REVIEWS + 1);

    const home = await staff.publicHtml("/");
    expect(home).toContain(EDITED_TEXT);
    expect(home).not.toContain(ADDED_TEXT);
  });

  test("Deactivate takes the review off the public pages; Activate brings it back", async () => {
    const page = await staff.page();
    await openReviews(page);
    expect(await staff.publicHtml("/about")).toContain(EDITED_TEXT);
    const grace = row(page, "Grace Gutter");
    await grace.getByRole("button", { name: "Deactivate review by Grace Gutter" }).click();
    await expectToast(page, "Review deactivated successfully!", "Success");
    await expect.poll(() => grace.locator("td").nth(3).innerText()).toBe("Inactive");
    // The focus stays on the button, which now says Activate (issue 23: it fell to the page).
    expect(await focusedName(page)).toBe("Activate review by Grace Gutter");
    // Still listed (and counted) for staff.
    await expectCount(page, SEEDED_REVIEWS + 1);
    expect(await staff.publicHtml("/")).not.toContain(EDITED_TEXT);
    expect(await staff.publicHtml("/about")).not.toContain(EDITED_TEXT);

    await grace.getByRole("button", { name: "Activate review by Grace Gutter" }).click();
    await expectToast(page, "Review activated successfully!", "Success");
    await expect.poll(() => grace.locator("td").nth(3).innerText()).toBe("Active");
    expect(await staff.publicHtml("/")).toContain(EDITED_TEXT);
    expect(await staff.publicHtml("/about")).toContain(EDITED_TEXT);
  });

  test("Delete asks first: Cancel keeps the review, Delete removes it", async () => {
    const page = await staff.page();
    await openReviews(page);
    const grace = row(page, "Grace Gutter");
    await grace.getByRole("button", { name: "Delete review by Grace Gutter" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this review?" });
    await confirm.waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    expect(await grace.count()).toBe(1);
    expect((await staff.pool().query("select 1 from google_reviews where reviewer_name = 'Grace Gutter'")).rowCount).toBe(1);

    await grace.getByRole("button", { name: "Delete review by Grace Gutter" }).click();
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Review deleted successfully!", "Success");
    await expect.poll(() => grace.count()).toBe(0);
    await expectCount(page, SEEDED_REVIEWS);
    // The focus moves to the same button of the next row, never to the page (issue 23).
    await expect.poll(() => focusedName(page)).toMatch(/^Delete review by (?!Grace Gutter)/);
    // Once.
    expect(await page.locator("[data-sonner-toast]").filter({ hasText: "Review deleted successfully!" }).count()).toBe(1);
    expect((await staff.pool().query("select 1 from google_reviews where reviewer_name = 'Grace Gutter'")).rowCount).toBe(0);
    expect(await staff.publicHtml("/")).not.toContain(EDITED_TEXT);
  });

  test("Escape closes the Add Review dialog without saving, and the focus returns to its button", async () => {
    const page = await staff.page();
    await openReviews(page);
    const add = page.getByRole("button", { name: "Add Review" });
    await add.click();
    const dialog = page.getByRole("dialog", { name: "Add Review" });
    await dialog.waitFor();
    await dialog.getByLabel("Reviewer Name").fill("Never Saved");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Add Review");
    // Opened again, it starts empty.
    await add.click();
    await dialog.waitFor();
    expect(await dialog.getByLabel("Reviewer Name").inputValue()).toBe("");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect((await staff.pool().query("select 1 from google_reviews where reviewer_name = 'Never Saved'")).rowCount).toBe(0);
  });

  test("keyboard: the skip link comes first and leads to <main>, the logo link shows a focus ring", async () => {
    const page = await staff.page();
    await openReviews(page);
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("Skip to main content");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");

    await staff.reload(page);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    const ring = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement;
      const style = getComputedStyle(active);
      return { href: active.getAttribute("href"), outline: `${style.outlineStyle} ${style.outlineWidth}` };
    });
    expect(ring).toEqual({ href: "/admin", outline: "solid 2px" });
  });

  test("a reviewer name that is markup is shown as text, in the back office and on the public pages", async () => {
    const page = await staff.page();
    await openReviews(page);
    await page.getByRole("button", { name: "Add Review" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Review" });
    await dialog.getByLabel("Reviewer Name").fill(XSS_NAME);
    await dialog.getByLabel("Review", { exact: true }).fill(`<script>window.__xss=2</script>`);
    await dialog.getByRole("button", { name: "Add Review" }).click();
    await expectToast(page, "Review added successfully!", "Success");
    const added = page.locator("tbody tr").first();
    await expect.poll(() => added.locator("td").first().innerText()).toContain(XSS_NAME);
    expect(await added.locator("td").nth(2).innerText()).toContain("<script>window.__xss=2</script>");
    expect(await page.locator("main img").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    await staff.reload(page);
    await page.locator("tbody tr").first().getByText(XSS_NAME, { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    const home = await staff.publicHtml("/");
    expect(home).toContain("&lt;img src=x onerror=");
    expect(home).not.toContain(XSS_NAME);
    expect(staff.dialogs()).toEqual([]);
  });

  test("with no reviews: the spec's empty state, whose Add Review adds the first one", async () => {
    // Not an admin action: the page cache hears of it through the database's notification, long before the
    // public page is asked for below.
    await staff.pool().query("delete from google_reviews");
    const page = await staff.page();
    await openReviews(page);
    await page.getByText("No reviews found. Add your first review!", { exact: true }).waitFor();
    await expectCount(page, 0);
    expect(await page.locator("table").count()).toBe(0);
    await expectNoAxeViolations(page);
    expect(await staff.publicHtml("/")).toContain("No reviews available");

    const buttons = page.getByRole("button", { name: "Add Review" });
    expect(await buttons.count()).toBe(2);
    await buttons.nth(1).click();
    const dialog = page.getByRole("dialog", { name: "Add Review" });
    await dialog.getByLabel("Reviewer Name").fill("First Customer");
    await dialog.getByRole("button", { name: "Add Review" }).click();
    await expectToast(page, "Review added successfully!", "Success");
    await row(page, "First Customer").waitFor();
    await expectCount(page, 1);
    expect(await row(page, "First Customer").locator("td").nth(2).innerText()).toContain("Google Review");
    expect(await staff.publicHtml("/")).toContain("First Customer");
  });
});
