import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { expectToast, chooseAction as choose, actionMenuEntries as menuEntries, useStaff } from "../support/staff";

/**
 * The Gallery manager (/admin/cms/gallery, issue 12 item 3, ADR 025) in
 * Chromium against the production server, driven as staff would: the cards
 * with their image, status and category, Add with its defaults and the
 * required fields, Edit (with Cancel), Publish/Unpublish, search, the status
 * filter, Move up/down, Delete with Cancel and confirm, the empty state, the
 * "/new" route and the preview, each toast's text (failures too), axe; and
 * the public /gallery before and after every change, on the very next
 * request (the page cache is cleared by the change).
 */

const SECRET = "admin-gallery-e2e-secret-0123456789abcdefghijklmnop";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-gallery-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const SCREEN = "/admin/cms/gallery";
const AXE = { exclude: ["[data-sonner-toaster]"] };
const SEEDED = [
  "Architectural Shingle Replacement in Dublin",
  "Hail Damage Claim in Westerville",
  "Retail Plaza Roof in Grove City",
  "Church Steeple and Roof Repair in Lancaster",
  "Designer Shingle Installation in Delaware",
  "Wind Damage Restoration in Hilliard",
  "Colonial Re-Roof with Seamless Gutters in Newark",
];
const ADDED = "Slate Roof in Worthington";

/** The projects grid of /gallery as an anonymous visitor gets it (from the page cache when it has it). */
async function publicGallery(): Promise<string> {
  const response = await fetch(`${app().url}/gallery`);
  expect(response.status, "GET /gallery").toBe(200);
  const html = await response.text();
  const start = html.indexOf('id="projects-heading"');
  expect(start, "the projects section").toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</section>", start));
}
/** Whether `html` shows `text` as an element's whole text (a card's title). */
const shows = (html: string, text: string) => html.includes(`>${text}<`);

const card = (page: Page, name: string): Locator => page.locator(`li[data-item="${name.replace(/["\\]/g, "\\$&")}"]`);
const cardNames = (page: Page) => page.locator("li[data-item]").evaluateAll((items) => items.map((item) => item.getAttribute("data-item")));

async function open(page: Page) {
  await staff.goto(page, SCREEN);
  await page.getByRole("heading", { level: 1, name: /^Gallery/ }).waitFor();
  await page.locator("li[data-item], :text('No gallery projects found')").first().waitFor();
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name"));

describe("Gallery manager", () => {
  test("the hub's Gallery card; every project as a card with image, status and category; no axe violations", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/cms");
    await page.getByRole("heading", { name: "Status Overview" }).waitFor();
    expect(await page.locator('[data-card="Gallery"] [data-figure]').innerText()).toBe("7 projects");
    // A plain count, not an alert: not in the dashboard's attention red.
    expect(await page.locator('[data-card="Gallery"] [data-figure]').getAttribute("class")).not.toContain("brand-red");
    expect(await page.getByRole("link", { name: "Preview Gallery", exact: true }).getAttribute("href")).toBe("/admin/cms/gallery/preview");
    expect(await page.locator('tr[data-kind="gallery"]').innerText()).toMatch(/Gallery projects\s+7\s+0\s+0/);
    expect(await page.getByRole("link", { name: "Add Gallery Project" }).getAttribute("href")).toBe("/admin/cms/gallery/new");
    await page.getByRole("link", { name: "Manage Gallery", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: /^Gallery/ }).waitFor();

    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toMatch(/^Gallery\s*\(7\)$/);
    expect(await page.getByRole("link", { name: "Back to Content Management" }).getAttribute("href")).toBe("/admin/cms");
    await expect.poll(() => cardNames(page)).toEqual(SEEDED);
    expect(await card(page, "Hail Damage Claim in Westerville").innerText()).toMatch(/Published[\s\S]*Insurance Claim[\s\S]*Hail-damaged roof/);
    const image = card(page, "Hail Damage Claim in Westerville").locator("img");
    expect(await image.getAttribute("src")).toBe("/images/gallery/westerville-hail-claim.svg");
    expect(await image.getAttribute("alt")).toBe("Illustration of a ranch house under storm clouds with a newly replaced roof");
    expect(await menuEntries(page, "Hail Damage Claim in Westerville")).toEqual(["Edit", "History", "Unpublish", "Schedule", "Move up", "Move down", "Delete"]);
    expect(await menuEntries(page, SEEDED[0]!)).toEqual(["Edit", "History", "Unpublish", "Schedule", "Move down", "Delete"]);
    await expectNoAxeViolations(page, AXE);
  });

  test("add with the defaults: required fields, the image address, a draft /gallery does not show but the preview does", async () => {
    const page = await staff.page();
    await open(page);
    await page.getByRole("button", { name: "Add Project" }).click();
    const add = page.getByRole("form", { name: "Add Project" });
    expect(await add.getByLabel("Title").inputValue()).toBe("New Project");
    expect(await add.getByLabel("Category").inputValue()).toBe("Residential");
    expect(await add.getByLabel("Category").locator("option").allInnerTexts()).toEqual([
      "Residential",
      "Insurance Claim",
      "Commercial",
      "Specialty Project",
      "Premium Installation",
    ]);
    expect(await add.getByLabel("Image URL").inputValue()).toBe("");
    expect(await add.getByLabel("Alt text of a linked image").inputValue()).toBe("");
    expect(await add.getByLabel("Description", { exact: true }).inputValue()).toBe("");

    // Required fields: inline messages, the first invalid field focused, nothing posted.
    await add.getByLabel("Title").fill("   ");
    await add.getByRole("button", { name: "Add Project" }).click();
    await add.getByText("Project title is required.").waitFor();
    // No library photo and no image URL: the photo is asked for (the description only goes with a URL).
    await add.getByText("Project image is required: choose a photo from the Media Library, or give an image URL.").waitFor();
    expect(await add.getByText("Describe the image for people who cannot see it.").count()).toBe(0);
    expect(await focusedName(page)).toBe("title");
    await add.getByLabel("Title").fill(ADDED);
    await add.getByLabel("Image URL").fill("/images/gallery/lancaster-steeple-repair.svg");
    await add.getByRole("button", { name: "Add Project" }).click();
    await add.getByText("Describe the image for people who cannot see it.").waitFor();
    await add.getByLabel("Image URL").fill("javascript:alert(1)");
    await add.getByRole("button", { name: "Add Project" }).click();
    await add.getByText("Enter a full web address starting with http:// or https://, or a path on this site starting with /.").waitFor();

    await add.getByLabel("Title").fill(ADDED);
    await add.getByLabel("Category").selectOption("Premium Installation");
    await add.getByLabel("Image URL").fill("/images/gallery/lancaster-steeple-repair.svg");
    await add.getByLabel("Alt text of a linked image").fill("A steep roof of grey slate");
    await add.getByLabel("Description", { exact: true }).fill("Hand-split slate on a century home.");
    await add.getByRole("button", { name: "Add Project" }).click();
    await expectToast(page, "Gallery project created successfully", "Success");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    const added = card(page, ADDED);
    await added.waitFor();
    expect(await added.innerText()).toMatch(/Draft[\s\S]*Premium Installation[\s\S]*Hand-split slate/);
    expect(await added.locator("img").getAttribute("src")).toBe("/images/gallery/lancaster-steeple-repair.svg");
    expect((await cardNames(page)).at(-1)).toBe(ADDED);
    expect(shows(await publicGallery(), ADDED)).toBe(false);

    // The preview: /gallery with the draft, named under the banner.
    await staff.goto(page, "/admin/cms/gallery/preview");
    await page.locator("[data-preview-page=gallery]").getByText(ADDED).first().waitFor();
    expect(await page.locator("[data-preview-drafts]").innerText()).toContain(ADDED);
    expect(await page.getByRole("link", { name: "Back to Gallery" }).getAttribute("href")).toBe(SCREEN);
    await expectNoAxeViolations(page, AXE);
  });

  test("publish and unpublish: /gallery follows on the next request, in the list's order", async () => {
    const page = await staff.page();
    await open(page);
    // The last card: no Move down.
    expect(await menuEntries(page, ADDED)).toEqual(["Edit", "History", "Publish", "Schedule", "Move up", "Delete"]);
    await choose(page, ADDED, "Publish");
    await expectToast(page, "Gallery project published", "Success");
    await card(page, ADDED).getByText("Published", { exact: true }).waitFor();
    const html = await publicGallery();
    expect(shows(html, ADDED)).toBe(true);
    expect(html.indexOf(`>${ADDED}<`)).toBeGreaterThan(html.indexOf(`>${SEEDED.at(-1)!}<`));

    await choose(page, ADDED, "Unpublish");
    await expectToast(page, "Gallery project unpublished", "Success");
    await card(page, ADDED).getByText("Draft", { exact: true }).waitFor();
    expect(shows(await publicGallery(), ADDED)).toBe(false);
  });

  test("edit: Cancel changes nothing; Update saves every field and can archive", async () => {
    const page = await staff.page();
    await open(page);
    const name = "Retail Plaza Roof in Grove City";
    expect(shows(await publicGallery(), name)).toBe(true);
    await choose(page, name, "Edit");
    const edit = page.getByRole("form", { name: "Edit Project" });
    expect(await edit.getByLabel("Title").inputValue()).toBe(name);
    expect(await edit.getByLabel("Category").inputValue()).toBe("Commercial");
    expect(await edit.getByLabel("Image URL").inputValue()).toBe("/images/gallery/grove-city-retail-plaza.svg");
    expect(await edit.getByLabel("Status").inputValue()).toBe("published");
    await edit.getByLabel("Title").fill("Something Else");
    await edit.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(`Actions for ${name}`);
    await card(page, name).waitFor();

    await choose(page, name, "Edit");
    await edit.getByLabel("Title").fill("");
    await edit.getByRole("button", { name: "Update Project" }).click();
    await edit.getByText("Project title is required.").waitFor();
    await edit.getByLabel("Title").fill("Grove City Plaza Restoration");
    await edit.getByLabel("Category").selectOption("Specialty Project");
    await edit.getByLabel("Status").selectOption("archived");
    await edit.getByRole("button", { name: "Update Project" }).click();
    await expectToast(page, "Gallery project updated successfully", "Success");
    const edited = card(page, "Grove City Plaza Restoration");
    await edited.waitFor();
    expect(await edited.innerText()).toMatch(/Archived[\s\S]*Specialty Project/);
    const html = await publicGallery();
    expect(shows(html, "Grove City Plaza Restoration")).toBe(false);
    expect(shows(html, name)).toBe(false);

    // Publish takes an archived project straight to published.
    expect((await menuEntries(page, "Grove City Plaza Restoration"))[2]).toBe("Publish");
    await choose(page, "Grove City Plaza Restoration", "Publish");
    await expectToast(page, "Gallery project published", "Success");
    await edited.getByText("Published", { exact: true }).waitFor();
    expect(shows(await publicGallery(), "Grove City Plaza Restoration")).toBe(true);
  });

  test("search by title, category or description and filter by status; nothing matching says so", async () => {
    const page = await staff.page();
    await open(page);
    const search = page.getByRole("searchbox", { name: "Search gallery projects" });
    await search.fill("westerville");
    await expect.poll(() => cardNames(page)).toEqual(["Hail Damage Claim in Westerville"]);
    await page.getByText("Showing 1 of 8").waitFor();
    await search.fill("INSURANCE CLAIM");
    await expect.poll(() => cardNames(page)).toEqual(["Hail Damage Claim in Westerville", "Wind Damage Restoration in Hilliard"]);
    await search.fill("hand-split");
    await expect.poll(() => cardNames(page)).toEqual([ADDED]);
    await search.fill("");

    const status = page.getByLabel("Status");
    expect(await status.locator("option").allInnerTexts()).toEqual(["All", "Published", "Draft", "Archived"]);
    await status.selectOption({ label: "Draft" });
    await expect.poll(() => cardNames(page)).toEqual([ADDED]);
    await status.selectOption({ label: "Archived" });
    await page.getByText("No gallery projects match your search or filter.").waitFor();
    expect(await page.getByText("No gallery projects found").count()).toBe(0);
    await page.getByRole("button", { name: "Clear search and filter" }).click();
    await expect.poll(async () => (await cardNames(page)).length).toBe(8);
    await expectNoAxeViolations(page, AXE);
  });

  test("Move up / Move down: the order is saved and /gallery shows it", async () => {
    const page = await staff.page();
    await open(page);
    const before = (await cardNames(page)) as string[];
    await choose(page, before[2]!, "Move up");
    await expectToast(page, "Gallery projects reordered successfully", "Success");
    const moved = [before[0]!, before[2]!, before[1]!, ...before.slice(3)];
    await expect.poll(() => cardNames(page)).toEqual(moved);
    const html = await publicGallery();
    const positions = moved.slice(0, 3).map((title) => html.indexOf(`>${title}<`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    await choose(page, before[2]!, "Move down");
    await expectToast(page, "Gallery projects reordered successfully", "Success");
    await expect.poll(() => cardNames(page)).toEqual(before);
  });

  test("delete: Cancel keeps it; Delete removes it from the list and /gallery", async () => {
    const page = await staff.page();
    await open(page);
    const name = "Grove City Plaza Restoration";
    await choose(page, name, "Delete");
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this gallery project?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await card(page, name).waitFor();
    expect(shows(await publicGallery(), name)).toBe(true);

    await choose(page, name, "Delete");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Gallery project deleted successfully", "Success");
    await card(page, name).waitFor({ state: "detached" });
    expect(shows(await publicGallery(), name)).toBe(false);
  });

  test("a change to a project that is gone meanwhile shows the screen's error", async () => {
    const page = await staff.page();
    await open(page);
    await staff.pool().query("delete from cms_gallery_projects where title = $1", [ADDED]);
    await choose(page, ADDED, "Publish");
    await expectToast(page, "Failed to update gallery project status", "Error");
    await choose(page, ADDED, "Delete");
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Failed to delete gallery project", "Error");
  });

  test("/admin/cms/gallery/new opens the add dialog; closing it returns to the list; the empty state", async () => {
    const page = await staff.page();
    await staff.goto(page, `${SCREEN}/new`);
    const add = page.getByRole("form", { name: "Add Project" });
    await add.waitFor();
    expect(await add.getByLabel("Title").inputValue()).toBe("New Project");
    await add.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === SCREEN);
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await staff.pool().query("delete from cms_gallery_projects");
    await staff.goto(page, SCREEN);
    await page.getByText("No gallery projects found").waitFor();
    await expectNoAxeViolations(page, AXE);
    expect(await publicGallery()).toContain("New project photos are on their way.");
    await page.getByRole("button", { name: "Add Your First Project" }).click();
    const form = page.getByRole("form", { name: "Add Project" });
    await form.getByLabel("Image URL").fill("https://images.example.com/roof.jpg");
    await form.getByLabel("Alt text of a linked image").fill("A new roof");
    await form.getByRole("button", { name: "Add Project" }).click();
    await expectToast(page, "Gallery project created successfully", "Success");
    await card(page, "New Project").waitFor();
  });
});
