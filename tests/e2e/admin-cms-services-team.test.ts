import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { expectToast, chooseAction as choose, actionMenuEntries as menuEntries, useStaff } from "../support/staff";

/**
 * The Services Manager (/admin/cms/services) and Team Members
 * (/admin/cms/team) of spec 2 §2 in Chromium against the production server,
 * driven as staff would: the cards with their badges, Add with the §5
 * defaults and the required fields, Edit (with Cancel), Publish/Unpublish,
 * Feature/Remove Feature, Add to/Remove from Leadership, search, the status
 * filter, Move up/down, Delete with Cancel and confirm, the empty states,
 * the ".../new" routes, each toast's text (failures too), axe; and the
 * public pages (/services, /team, the home page) before and after every
 * publish and unpublish, on the very next request (the page cache is cleared
 * by the change).
 */

const SECRET = "admin-cms-e2e-secret-0123456789abcdefghijklmnopq";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-cms-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A public page as an anonymous visitor gets it (from the page cache when it has it). */
async function publicHtml(url: string): Promise<string> {
  const response = await fetch(`${app().url}${url}`);
  expect(response.status, `GET ${url}`).toBe(200);
  return response.text();
}

/** Whether `html` shows `text` as an element's whole text (a card's title, a member's name). */
const shows = (html: string, text: string) => html.includes(`>${text}<`);

/**
 * The part of a page from the element with this id to the end of its section: the services grid
 * (`services`) and the leaders (`team`) of the home page (the inspection form further down names
 * the seeded services in its choices).
 */
function section(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  expect(start, `#${id} on the page`).toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</section>", start));
}
const homeServices = async () => section(await publicHtml("/"), "services");
/** The services grid of /services. */
const servicesPage = async () => section(await publicHtml("/services"), "services");
const homeTeam = async () => section(await publicHtml("/"), "team");

const card = (page: Page, name: string): Locator => page.locator(`li[data-item="${name.replace(/["\\]/g, "\\$&")}"]`);
const cardNames = (page: Page) => page.locator("li[data-item]").evaluateAll((items) => items.map((item) => item.getAttribute("data-item")));

async function open(page: Page, url: string, heading: string) {
  await staff.goto(page, url);
  await page.getByRole("heading", { level: 1, name: new RegExp(`^${heading}`) }).waitFor();
  await page.locator("li[data-item], :text('No services found'), :text('No team members found')").first().waitFor();
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name"));

describe("Services Manager", () => {
  const SCREEN = "/admin/cms/services";

  test("shows every service as a card with status, featured and icon; back links; no axe violations", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Services Manager");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toMatch(/^Services Manager\s*\(6\)$/);
    expect(await page.getByRole("link", { name: "Back to Content Management" }).getAttribute("href")).toBe("/admin/cms");
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/admin");
    expect(await cardNames(page)).toEqual([
      "Free Estimates & Inspections",
      "Insurance Claims Support",
      "Storm Restoration",
      "Roof Repairs",
      "Full Roof Replacement",
      "Residential Siding & Gutters",
    ]);
    const storm = await card(page, "Storm Restoration").innerText();
    expect(storm).toMatch(/Published[\s\S]*Featured[\s\S]*Cloud[\s\S]*After hail or high wind/);
    expect(await page.getByText("6 items").count()).toBe(1);
    expect(await menuEntries(page, "Storm Restoration")).toEqual(["Edit", "History", "Unpublish", "Remove Feature", "Schedule", "Move up", "Move down", "Delete"]);
    expect(await menuEntries(page, "Free Estimates & Inspections")).toEqual(["Edit", "History", "Unpublish", "Remove Feature", "Schedule", "Move down", "Delete"]);
    await expectNoAxeViolations(page, { exclude: ["[data-sonner-toaster]"] });
  });

  test("add with the defaults: required fields, the image address, a draft the public pages do not show", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Services Manager");
    await page.getByRole("button", { name: "Add Service" }).click();
    const add = page.getByRole("form", { name: "Add Service" });
    expect(await add.getByLabel("Title").inputValue()).toBe("New Service");
    expect(await add.getByLabel("Description").inputValue()).toBe("Service description");
    expect(await add.getByLabel("Icon").inputValue()).toBe("Wrench");
    expect(await add.getByLabel("Image URL").inputValue()).toBe("");

    // Required fields: inline messages, the first invalid field focused, nothing posted.
    await add.getByLabel("Title").fill("   ");
    await add.getByLabel("Description").fill("");
    await add.getByLabel("Image URL").fill("javascript:alert(1)");
    await add.getByRole("button", { name: "Add Service" }).click();
    await add.getByText("Service title is required.").waitFor();
    await add.getByText("Service description is required.").waitFor();
    await add.getByText("Enter a full web address starting with http:// or https://, or a path on this site starting with /.").waitFor();
    expect(await focusedName(page)).toBe("title");

    await add.getByLabel("Title").fill("Gutter Guard Installation");
    await add.getByLabel("Description").fill("Mesh guards fitted to your gutters.\nNo more ladder days.");
    await add.getByLabel("Icon").selectOption("Shield");
    await add.getByLabel("Image URL").fill("/images/team/marcus-hale.svg");
    await add.getByRole("button", { name: "Add Service" }).click();
    await expectToast(page, "Service created successfully", "Success");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    const added = card(page, "Gutter Guard Installation");
    await added.waitFor();
    expect(await added.innerText()).toMatch(/Draft[\s\S]*Shield[\s\S]*Mesh guards/);
    expect(await added.locator("img").getAttribute("src")).toBe("/images/team/marcus-hale.svg");
    expect((await cardNames(page)).at(-1)).toBe("Gutter Guard Installation");
    // A draft is on no public page.
    expect(shows(await servicesPage(), "Gutter Guard Installation")).toBe(false);

    // Add with every default as it is: "New Service".
    await page.getByRole("button", { name: "Add Service" }).click();
    await page.getByRole("form", { name: "Add Service" }).getByRole("button", { name: "Add Service" }).click();
    await expectToast(page, "Service created successfully", "Success");
    await card(page, "New Service").waitFor();
    expect(await card(page, "New Service").innerText()).toMatch(/Draft[\s\S]*Wrench[\s\S]*Service description/);
  });

  test("publish, feature, unpublish: /services and the home page follow on the next request", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Services Manager");
    const name = "Gutter Guard Installation";
    expect(await menuEntries(page, name)).toEqual(["Edit", "History", "Publish", "Feature", "Schedule", "Move up", "Move down", "Delete"]);

    await choose(page, name, "Publish");
    await expectToast(page, "Service published", "Success");
    await card(page, name).getByText("Published", { exact: true }).waitFor();
    expect(shows(await servicesPage(), name)).toBe(true);
    // Not featured: not on the home page, whose six cards are the featured services.
    expect(shows(await homeServices(), name)).toBe(false);

    // Make room on the home page, then feature the new service.
    await choose(page, "Roof Repairs", "Remove Feature");
    await expectToast(page, "Service unfeatured", "Success");
    await expect.poll(() => card(page, "Roof Repairs").getByText("Featured").count()).toBe(0);
    expect(shows(await homeServices(), "Roof Repairs")).toBe(false);
    expect(shows(await servicesPage(), "Roof Repairs")).toBe(true);
    await choose(page, name, "Feature");
    await expectToast(page, "Service featured", "Success");
    await card(page, name).getByText("Featured").waitFor();
    expect(shows(await homeServices(), name)).toBe(true);

    await choose(page, name, "Unpublish");
    await expectToast(page, "Service unpublished", "Success");
    await card(page, name).getByText("Draft", { exact: true }).waitFor();
    expect(shows(await servicesPage(), name)).toBe(false);
    expect(shows(await homeServices(), name)).toBe(false);

    // Back to how it was for the other tests.
    await choose(page, "Roof Repairs", "Feature");
    await expectToast(page, "Service featured", "Success");
    await card(page, "Roof Repairs").getByText("Featured").waitFor();
  });

  test("edit: Cancel changes nothing; Update saves every field and can archive", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Services Manager");
    await choose(page, "Storm Restoration", "Edit");
    const edit = page.getByRole("form", { name: "Edit Service" });
    expect(await edit.getByLabel("Title").inputValue()).toBe("Storm Restoration");
    expect(await edit.getByLabel("Icon").inputValue()).toBe("Cloud");
    expect(await edit.getByLabel("Status").inputValue()).toBe("published");
    expect(await edit.getByLabel(/^Featured/).isChecked()).toBe(true);
    await edit.getByLabel("Title").fill("Something Else");
    await edit.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    // Focus is back on the card's menu button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Actions for Storm Restoration");
    await card(page, "Storm Restoration").waitFor();

    await choose(page, "Storm Restoration", "Edit");
    await edit.getByLabel("Title").fill("");
    await edit.getByRole("button", { name: "Update Service" }).click();
    await edit.getByText("Service title is required.").waitFor();
    await edit.getByLabel("Title").fill("Storm Damage Restoration");
    await edit.getByLabel("Icon").selectOption("Zap");
    await edit.getByLabel("Status").selectOption("archived");
    await edit.getByRole("button", { name: "Update Service" }).click();
    await expectToast(page, "Service updated successfully", "Success");
    const edited = card(page, "Storm Damage Restoration");
    await edited.waitFor();
    expect(await edited.innerText()).toMatch(/Archived[\s\S]*Zap/);
    expect(await card(page, "Storm Restoration").count()).toBe(0);
    // Archived: on no public page.
    expect(shows(await servicesPage(), "Storm Damage Restoration")).toBe(false);
    expect(shows(await servicesPage(), "Storm Restoration")).toBe(false);

    // Publish takes an archived service straight to published.
    expect((await menuEntries(page, "Storm Damage Restoration"))[2]).toBe("Publish");
    await choose(page, "Storm Damage Restoration", "Publish");
    await expectToast(page, "Service published", "Success");
    await edited.getByText("Published", { exact: true }).waitFor();
    expect(shows(await servicesPage(), "Storm Damage Restoration")).toBe(true);
  });

  test("search by title or description and filter by status; nothing matching says so", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Services Manager");
    const search = page.getByRole("searchbox", { name: "Search services" });
    await search.fill("restoration");
    await expect.poll(() => cardNames(page)).toEqual(["Storm Damage Restoration"]);
    await page.getByText("Showing 1 of 8").waitFor();
    // Case-insensitive, in titles and descriptions ("We document storm damage...").
    await search.fill("STORM");
    await expect.poll(() => cardNames(page)).toEqual(["Insurance Claims Support", "Storm Damage Restoration"]);
    // Description text matches too.
    await search.fill("ADJUSTER");
    await expect.poll(() => cardNames(page)).toEqual(["Insurance Claims Support"]);
    await search.fill("");

    const status = page.getByLabel("Status");
    expect(await status.locator("option").allInnerTexts()).toEqual(["All", "Published", "Draft", "Archived"]);
    await status.selectOption({ label: "Draft" });
    await expect.poll(() => cardNames(page)).toEqual(["Gutter Guard Installation", "New Service"]);
    await status.selectOption({ label: "Archived" });
    await page.getByText("No services match your search or filter.").waitFor();
    expect(await page.getByText("No services found").count()).toBe(0);
    await page.getByRole("button", { name: "Clear search and filter" }).click();
    await expect.poll(async () => (await cardNames(page)).length).toBe(8);
    expect(await status.inputValue()).toBe("");
    await expectNoAxeViolations(page, { exclude: ["[data-sonner-toaster]"] });
  });

  test("Move up / Move down: the order is saved and /services shows it", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Services Manager");
    const before = await cardNames(page);
    await choose(page, before[2]!, "Move up");
    await expectToast(page, "Services reordered successfully", "Success");
    const moved = [before[0], before[2], before[1], ...before.slice(3)];
    await expect.poll(() => cardNames(page)).toEqual(moved);
    const html = await servicesPage();
    const published = ["Free Estimates &amp; Inspections", "Insurance Claims Support", "Storm Damage Restoration"];
    const positions = [published[0]!, published[2]!, published[1]!].map((title) => html.indexOf(`>${title}<`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    await choose(page, before[2]!, "Move down");
    await expectToast(page, "Services reordered successfully", "Success");
    await expect.poll(() => cardNames(page)).toEqual(before);

    // With a filter the item moves past its neighbour in what is shown.
    await page.getByLabel("Status").selectOption({ label: "Draft" });
    await expect.poll(() => cardNames(page)).toEqual(["Gutter Guard Installation", "New Service"]);
    await choose(page, "New Service", "Move up");
    await expect.poll(() => cardNames(page)).toEqual(["New Service", "Gutter Guard Installation"]);
    await page.getByLabel("Status").selectOption({ label: "All" });
    const all = await cardNames(page);
    expect(all.indexOf("New Service")).toBe(all.indexOf("Gutter Guard Installation") - 1);
  });

  test("delete: Cancel keeps it; Delete removes it from the list and the public pages", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Services Manager");
    const name = "Storm Damage Restoration";
    expect(shows(await servicesPage(), name)).toBe(true);
    await choose(page, name, "Delete");
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this service?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await card(page, name).waitFor();

    await choose(page, name, "Delete");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Service deleted successfully", "Success");
    await card(page, name).waitFor({ state: "detached" });
    expect(shows(await servicesPage(), name)).toBe(false);
    expect(shows(await homeServices(), name)).toBe(false);
  });

  test("a change to a service that is gone meanwhile shows the catalogue's error", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Services Manager");
    await staff.pool().query("delete from cms_services where title = 'New Service'");
    await choose(page, "New Service", "Feature");
    await expectToast(page, "Failed to update featured status", "Error");
    await choose(page, "New Service", "Publish");
    await expectToast(page, "Failed to update service status", "Error");
    await choose(page, "New Service", "Delete");
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Failed to delete service", "Error");
  });

  test("/admin/cms/services/new opens the add dialog; closing it returns to the list; the empty state", async () => {
    const page = await staff.page();
    await staff.goto(page, `${SCREEN}/new`);
    const add = page.getByRole("form", { name: "Add Service" });
    await add.waitFor();
    expect(await add.getByLabel("Title").inputValue()).toBe("New Service");
    await add.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === SCREEN);
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // Saving from /new returns to the list too.
    await staff.goto(page, `${SCREEN}/new`);
    await add.getByLabel("Title").fill("Skylight Repair");
    await add.getByRole("button", { name: "Add Service" }).click();
    await expectToast(page, "Service created successfully", "Success");
    await page.waitForURL((url) => url.pathname === SCREEN);
    await card(page, "Skylight Repair").waitFor();

    // No services at all: the empty state and its button.
    await staff.pool().query("delete from cms_services");
    await staff.goto(page, SCREEN);
    await page.getByText("No services found").waitFor();
    await expectNoAxeViolations(page, { exclude: ["[data-sonner-toaster]"] });
    await page.getByRole("button", { name: "Add Your First Service" }).click();
    await page.getByRole("form", { name: "Add Service" }).getByRole("button", { name: "Add Service" }).click();
    await expectToast(page, "Service created successfully", "Success");
    await card(page, "New Service").waitFor();
  });

  test("a title that is markup is shown as text", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Services Manager");
    const markup = `<img src=x onerror="window.__xss=1">`;
    await page.getByRole("button", { name: "Add Service" }).click();
    await page.getByRole("form", { name: "Add Service" }).getByLabel("Title").fill(markup);
    await page.getByRole("form", { name: "Add Service" }).getByRole("button", { name: "Add Service" }).click();
    await expectToast(page, "Service created successfully", "Success");
    await choose(page, markup, "Publish");
    await expectToast(page, "Service published", "Success");
    expect(await card(page, markup).getByRole("heading").innerText()).toBe(markup);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    const html = await publicHtml("/services");
    expect(html).not.toContain(markup);
    expect(html).toContain("&lt;img src=x onerror=");
  });
});

describe("Team Members", () => {
  const SCREEN = "/admin/cms/team";

  test("shows every member as a card with status, leadership, role and photo; back links; no axe violations", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Team Members");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toMatch(/^Team Members\s*\(3\)$/);
    expect(await page.getByRole("link", { name: "Back to Content Management" }).getAttribute("href")).toBe("/admin/cms");
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/admin");
    expect(await cardNames(page)).toEqual(["Marcus Hale", "Dana Whitfield", "Luis Ortega"]);
    expect(await card(page, "Marcus Hale").innerText()).toMatch(/Published[\s\S]*Leadership[\s\S]*CEO and Head of Operations[\s\S]*Marcus served/);
    expect(await card(page, "Marcus Hale").locator("img").getAttribute("src")).toBe("/images/team/marcus-hale.svg");
    expect(await menuEntries(page, "Dana Whitfield")).toEqual(["Edit", "History", "Unpublish", "Remove from Leadership", "Schedule", "Move up", "Move down", "Delete"]);
    await expectNoAxeViolations(page, { exclude: ["[data-sonner-toaster]"] });
  });

  test("add with the defaults: required name, role and bio, social links as URLs, a draft", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Team Members");
    await page.getByRole("button", { name: "Add Team Member" }).click();
    const add = page.getByRole("form", { name: "Add Team Member" });
    expect(await add.getByLabel("Name").inputValue()).toBe("New Member");
    expect(await add.getByLabel("Role").inputValue()).toBe("Team Member");
    expect(await add.getByLabel("Bio").inputValue()).toBe("");
    expect(await add.getByLabel("Image position").inputValue()).toBe("center");
    expect(await add.getByLabel("Image position").locator("option").allInnerTexts()).toEqual(["Center", "Top", "Bottom"]);

    await add.getByLabel("Name").fill("");
    await add.getByLabel("LinkedIn URL").fill("linkedin.com/in/riley");
    await add.getByRole("button", { name: "Add Team Member" }).click();
    await add.getByText("Name is required.").waitFor();
    await add.getByText("Bio is required.").waitFor();
    await add.getByText("Enter a full web address starting with http:// or https://.").waitFor();
    expect(await focusedName(page)).toBe("name");

    await add.getByLabel("Name").fill("Riley Stone");
    await add.getByLabel("Role").fill("Project Manager");
    await add.getByLabel("Bio").fill("Riley keeps every job on schedule.");
    await add.getByLabel("Image position").selectOption("top");
    await add.getByLabel("LinkedIn URL").fill("https://www.linkedin.com/in/riley-stone");
    await add.getByLabel("Website URL").fill("https://riley.example.com");
    await add.getByRole("button", { name: "Add Team Member" }).click();
    await expectToast(page, "Team member created successfully", "Success");
    const added = card(page, "Riley Stone");
    await added.waitFor();
    expect(await added.innerText()).toMatch(/Draft[\s\S]*Project Manager[\s\S]*Riley keeps every job/);
    await expect.poll(() => added.getByRole("link").allTextContents()).toEqual(["LinkedIn (opens in a new tab)", "Website (opens in a new tab)"]);
    expect(await added.getByRole("link", { name: /LinkedIn/ }).getAttribute("href")).toBe("https://www.linkedin.com/in/riley-stone");
    expect((await cardNames(page)).at(-1)).toBe("Riley Stone");
    expect(shows(await publicHtml("/team"), "Riley Stone")).toBe(false);
  });

  test("publish, add to leadership, remove, unpublish: /team and the home page follow on the next request", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Team Members");
    const name = "Riley Stone";
    await choose(page, name, "Publish");
    await expectToast(page, "Team member published", "Success");
    await card(page, name).getByText("Published", { exact: true }).waitFor();
    // Published but not in the leadership: the public pages show the leaders, and the card says so.
    await card(page, name).getByText("Not on the website: it shows the members of the leadership.").waitFor();
    expect(shows(await publicHtml("/team"), name)).toBe(false);

    await choose(page, name, "Add to Leadership");
    await expectToast(page, "Team member added to leadership", "Success");
    await card(page, name).getByText("Leadership", { exact: true }).waitFor();
    expect(shows(await publicHtml("/team"), name)).toBe(true);
    expect(shows(await homeTeam(), name)).toBe(true);
    expect(shows(await publicHtml("/about"), name)).toBe(true);

    await choose(page, name, "Unpublish");
    await expectToast(page, "Team member unpublished", "Success");
    await card(page, name).getByText("Draft", { exact: true }).waitFor();
    expect(shows(await publicHtml("/team"), name)).toBe(false);
    expect(shows(await homeTeam(), name)).toBe(false);

    await choose(page, name, "Publish");
    await expectToast(page, "Team member published", "Success");
    await card(page, name).getByText("Published", { exact: true }).waitFor();
    expect(shows(await publicHtml("/team"), name)).toBe(true);
    await choose(page, name, "Remove from Leadership");
    await expectToast(page, "Team member removed from leadership", "Success");
    await expect.poll(() => card(page, name).getByText("Leadership", { exact: true }).count()).toBe(0);
    expect(shows(await publicHtml("/team"), name)).toBe(false);
    expect(shows(await homeTeam(), name)).toBe(false);
  });

  test("edit: every field, Cancel changes nothing, the status can be archived", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Team Members");
    await choose(page, "Luis Ortega", "Edit");
    const edit = page.getByRole("form", { name: "Edit Team Member" });
    expect(await edit.getByLabel("Name").inputValue()).toBe("Luis Ortega");
    expect(await edit.getByLabel("Role").inputValue()).toBe("Chief Technology Officer");
    expect(await edit.getByLabel("Image URL").inputValue()).toBe("/images/team/luis-ortega.svg");
    expect(await edit.getByLabel("Status").inputValue()).toBe("published");
    expect(await edit.getByLabel(/^Leadership/).isChecked()).toBe(true);
    await edit.getByLabel("Role").fill("Somebody else");
    await edit.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await card(page, "Luis Ortega").innerText()).toContain("Chief Technology Officer");

    await choose(page, "Luis Ortega", "Edit");
    await edit.getByLabel("Bio").fill(" ");
    await edit.getByLabel("Facebook URL").fill("ftp://example.com/luis");
    await edit.getByRole("button", { name: "Update Team Member" }).click();
    await edit.getByText("Bio is required.").waitFor();
    await edit.getByText("Enter a full web address starting with http:// or https://.").waitFor();
    await edit.getByLabel("Bio").fill("Luis builds the tools the crews use.");
    await edit.getByLabel("Facebook URL").fill("https://www.facebook.com/luis.ortega");
    await edit.getByLabel("Role").fill("Chief Technology Officer and Drone Lead");
    await edit.getByRole("button", { name: "Update Team Member" }).click();
    await expectToast(page, "Team member updated successfully", "Success");
    await expect.poll(() => card(page, "Luis Ortega").innerText()).toMatch(/Drone Lead[\s\S]*Luis builds the tools[\s\S]*Facebook/);
    const team = await publicHtml("/team");
    expect(team).toContain("Chief Technology Officer and Drone Lead");
    expect(team).toContain("Luis builds the tools the crews use.");

    await choose(page, "Luis Ortega", "Edit");
    await edit.getByLabel("Status").selectOption("archived");
    await edit.getByRole("button", { name: "Update Team Member" }).click();
    await expectToast(page, "Team member updated successfully", "Success");
    await card(page, "Luis Ortega").getByText("Archived", { exact: true }).waitFor();
    expect(shows(await publicHtml("/team"), "Luis Ortega")).toBe(false);
    await choose(page, "Luis Ortega", "Publish");
    await expectToast(page, "Team member published", "Success");
    await card(page, "Luis Ortega").getByText("Published", { exact: true }).waitFor();
    expect(shows(await publicHtml("/team"), "Luis Ortega")).toBe(true);
  });

  test("search by name or role, filter by status", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Team Members");
    const search = page.getByRole("searchbox", { name: "Search team members" });
    await search.fill("chief");
    await expect.poll(() => cardNames(page)).toEqual(["Dana Whitfield", "Luis Ortega"]);
    await search.fill("HALE");
    await expect.poll(() => cardNames(page)).toEqual(["Marcus Hale"]);
    // The bio is not searched.
    await search.fill("combat engineer");
    await page.getByText("No team members match your search or filter.").waitFor();
    await search.fill("");
    await page.getByLabel("Status").selectOption({ label: "Published" });
    await expect.poll(() => cardNames(page)).toEqual(["Marcus Hale", "Dana Whitfield", "Luis Ortega", "Riley Stone"]);
    await page.getByLabel("Status").selectOption({ label: "Draft" });
    await page.getByText("No team members match your search or filter.").waitFor();
    await page.getByLabel("Status").selectOption({ label: "All" });
    await expect.poll(async () => (await cardNames(page)).length).toBe(4);
  });

  test("Move up / Move down: the leaders' order on /team follows", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Team Members");
    await choose(page, "Luis Ortega", "Move up");
    await expectToast(page, "Team members reordered successfully", "Success");
    await expect.poll(() => cardNames(page)).toEqual(["Marcus Hale", "Luis Ortega", "Dana Whitfield", "Riley Stone"]);
    const team = await publicHtml("/team");
    const positions = ["Marcus Hale", "Luis Ortega", "Dana Whitfield"].map((n) => team.indexOf(`>${n}<`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    await choose(page, "Marcus Hale", "Move down");
    await expectToast(page, "Team members reordered successfully", "Success");
    await expect.poll(() => cardNames(page)).toEqual(["Luis Ortega", "Marcus Hale", "Dana Whitfield", "Riley Stone"]);
  });

  test("a change to a member who is gone meanwhile shows the catalogue's error; delete with Cancel and confirm", async () => {
    const page = await staff.page();
    await open(page, SCREEN, "Team Members");
    await page.getByRole("button", { name: "Add Team Member" }).click();
    const add = page.getByRole("form", { name: "Add Team Member" });
    await add.getByLabel("Bio").fill("Short-lived.");
    await add.getByRole("button", { name: "Add Team Member" }).click();
    await expectToast(page, "Team member created successfully", "Success");
    await card(page, "New Member").waitFor();
    await staff.pool().query("delete from cms_team_members where name = 'New Member'");
    await choose(page, "New Member", "Publish");
    await expectToast(page, "Failed to update member status", "Error");
    await choose(page, "New Member", "Add to Leadership");
    await expectToast(page, "Failed to update leadership status", "Error");
    await choose(page, "New Member", "Delete");
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Failed to delete team member", "Error");

    await staff.goto(page, SCREEN);
    const name = "Dana Whitfield";
    await card(page, name).waitFor();
    await choose(page, name, "Delete");
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this team member?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(shows(await publicHtml("/team"), name)).toBe(true);
    await choose(page, name, "Delete");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Team member deleted successfully", "Success");
    await card(page, name).waitFor({ state: "detached" });
    expect(shows(await publicHtml("/team"), name)).toBe(false);
    expect(shows(await homeTeam(), name)).toBe(false);
  });

  test("/admin/cms/team/new opens the add dialog; closing it returns to the list; the empty state", async () => {
    const page = await staff.page();
    await staff.goto(page, `${SCREEN}/new`);
    const add = page.getByRole("form", { name: "Add Team Member" });
    expect(await add.getByLabel("Name").inputValue()).toBe("New Member");
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => url.pathname === SCREEN);
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await staff.pool().query("delete from cms_team_members");
    await staff.goto(page, SCREEN);
    await page.getByText("No team members found").waitFor();
    await expectNoAxeViolations(page, { exclude: ["[data-sonner-toaster]"] });
    await page.getByRole("button", { name: "Add Your First Team Member" }).click();
    await page.getByRole("form", { name: "Add Team Member" }).waitFor();
  });
});
