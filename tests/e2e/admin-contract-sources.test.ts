import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { CrawlerFixtureServer } from "../support/crawler-fixture-server";
import { expectToast, useStaff } from "../support/staff";

/**
 * Contract Sources (/admin/contracts/sources, spec 2 §2, §5, §8; issue 11 item 4) and a source's search
 * configurations (/admin/contracts/sources/:id, issue 11 item 5) in Chromium against the built server
 * (NODE_ENV=test): every text of the cards, the Add / Edit Source dialog (sections, defaults, the spec's messages,
 * the slug derived on create only, the labelled switch, Escape and Cancel), Test against a fixture server
 * on 127.0.0.1 (allowed for the crawler by CRAWLER_ALLOW_PRIVATE_HOSTS) with its busy button and both
 * toasts, Delete refused for a source with contracts and done for one without, the load failure with Try
 * Again, the empty state; configurations added, edited, made default, deactivated and reactivated; axe on
 * both pages. ADR 027.
 */

const SECRET = "admin-sources-e2e-secret-0123456789abcdefghijklmnop";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-sources-e2e-"));
// CRAWLER_ALLOW_PRIVATE_HOSTS lets the crawler reach the fixture server on 127.0.0.1; a production server
// refuses to start with it, so this one runs with NODE_ENV=test (the built server all the same).
const app = useApp({ env: { NODE_ENV: "test", DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET, CRAWLER_ALLOW_PRIVATE_HOSTS: "127.0.0.1" } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { nodeEnv: "test" });
const fixture = new CrawlerFixtureServer();

beforeAll(async () => {
  await fixture.start();
  fixture.route("/ok", { status: 200, body: "listing" });
  fixture.route("/down", { status: 503, body: "down" });
  // Answers after a moment, so the busy state of the Test button can be seen.
  fixture.route("/slow", {
    handler: (_req, res) => {
      setTimeout(() => res.writeHead(200, { "content-type": "text/html" }).end(), 1_500);
    },
  });
});
afterAll(async () => {
  await fixture.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const SCREEN = "/admin/contracts/sources";
const AXE = { exclude: ["[data-sonner-toaster]"] };
const ACTIVE_LABEL = "Active — this source will be available for crawling";
const FIXTURE_SOURCE = "Local Fixture Bids";

const card = (page: Page, name: string): Locator => page.locator(`li[data-item="${name.replace(/["\\]/g, "\\$&")}"]`);
const cardNames = (page: Page) => page.locator("li[data-item]").evaluateAll((items) => items.map((item) => item.getAttribute("data-item")));
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name"));

async function open(page: Page) {
  await staff.goto(page, SCREEN);
  await page.getByRole("heading", { level: 1, name: /^Contract Sources/ }).waitFor();
  await page.locator("li[data-item], :text('No contract sources configured'), :text('Error loading sources')").first().waitFor();
}

async function fillSource(form: Locator, values: { name?: string; slug?: string; baseUrl?: string; delay?: string }) {
  if (values.name !== undefined) await form.getByLabel("Name", { exact: true }).fill(values.name);
  if (values.slug !== undefined) await form.getByLabel("Slug").fill(values.slug);
  if (values.baseUrl !== undefined) await form.getByLabel("Base URL").fill(values.baseUrl);
  if (values.delay !== undefined) await form.getByLabel("Delay between requests (ms)").fill(values.delay);
}

describe("Contract Sources", () => {
  test("the seeded sources as cards with every text the spec names; Test / Edit / Delete named for the source; no axe violations", async () => {
    const page = await staff.page();
    await open(page);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toMatch(/^Contract Sources\s*\(2\)$/);
    expect(await page.getByRole("link", { name: "Back to Contracts" }).getAttribute("href")).toBe("/admin/contracts");
    expect(await cardNames(page)).toEqual(["BidNet Direct", "Government Contract Bids"]);
    const bidnet = card(page, "BidNet Direct");
    const text = await bidnet.innerText();
    expect(text).toMatch(/Active[\s\S]*Open government solicitations/);
    expect(text).toMatch(/Base URL:\s*https:\/\/www\.bidnetdirect\.com/);
    expect(text).toMatch(/Type:\s*Web Scraper/);
    // The type is said once (it was a badge too).
    expect(text.split("Web Scraper")).toHaveLength(2);
    expect(text).toMatch(/Last updated:\s*[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(await bidnet.getByRole("link", { name: "Configurations (1) of BidNet Direct" }).getAttribute("href")).toMatch(/^\/admin\/contracts\/sources\/[0-9a-f-]{36}$/);
    for (const verb of ["Test", "Edit", "Delete"]) {
      const button = page.getByRole("button", { name: `${verb} BidNet Direct`, exact: true });
      // The visible text is the verb; the source's name is read to assistive technology only.
      expect(await button.evaluate((element) => [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join("").trim())).toBe(verb);
    }
    await expectNoAxeViolations(page, AXE);
  });

  test("Add Source: sections, defaults, the labelled switch, the spec's messages, the slug derived from the name, Escape and Cancel; created", async () => {
    const page = await staff.page();
    await open(page);
    await page.getByRole("button", { name: "Add Source" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Source" });
    const form = page.getByRole("form", { name: "Add Source" });
    expect(await dialog.getByRole("heading", { level: 2 }).allInnerTexts()).toEqual(["Add Source", "Basic Information", "Technical Configuration", "Rate limits", "Status"]);
    expect(await form.getByLabel("Source Type").locator("option").allInnerTexts()).toEqual(["Web Scraper", "API", "RSS Feed", "Manual Entry"]);
    expect(await form.getByLabel("Source Type").inputValue()).toBe("scraper");
    expect(await form.getByLabel("Requests per minute").inputValue()).toBe("30");
    expect(await form.getByLabel("Requests per hour").inputValue()).toBe("1000");
    expect(await form.getByLabel("Delay between requests (ms)").inputValue()).toBe("2000");
    const active = form.getByRole("switch", { name: ACTIVE_LABEL });
    expect(await active.getAttribute("aria-checked")).toBe("true");
    await active.click();
    expect(await active.getAttribute("aria-checked")).toBe("false");
    await active.click();
    expect(await form.getByRole("button", { name: "Cancel" }).isVisible()).toBe(true);

    // Escape closes it; so does Cancel.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Add Source" }).click();
    await form.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Add Source" }).click();
    await form.getByRole("button", { name: "Create Source" }).click();
    for (const message of ["Name is required.", "Slug is required.", "Base URL is required."]) await form.getByText(message, { exact: true }).waitFor();
    expect(await focusedName(page)).toBe("name");

    // The slug follows the name while typed, until it is edited by hand.
    await form.getByLabel("Name", { exact: true }).pressSequentially("Local   Fixture -- Bids!");
    expect(await form.getByLabel("Slug").inputValue()).toBe("local-fixture-bids");
    await fillSource(form, { slug: "Local Fixture" });
    await form.getByLabel("Name", { exact: true }).pressSequentially("?");
    expect(await form.getByLabel("Slug").inputValue()).toBe("Local Fixture");
    await fillSource(form, { baseUrl: "not a url" });
    await form.getByLabel("Logo URL").fill("ftp://logo.example.com/a.png");
    await form.getByLabel("Requests per minute").fill("100");
    await form.getByLabel("Requests per hour").fill("50");
    await form.getByRole("button", { name: "Create Source" }).click();
    await form.getByText("Slug must contain only lowercase letters, numbers, and hyphens.", { exact: true }).waitFor();
    expect(await form.getByText("Please enter a valid URL.", { exact: true }).count()).toBe(2);
    await form.getByText("Requests per hour must be at least the requests per minute.").waitFor();

    // A private address is refused by the server unless allowed (this app allows 127.0.0.1 only).
    await fillSource(form, { name: FIXTURE_SOURCE, slug: "local-fixture", baseUrl: "http://localhost:9/" });
    await form.getByLabel("Logo URL").fill("");
    await form.getByLabel("Requests per minute").fill("30");
    await form.getByLabel("Requests per hour").fill("1000");
    await form.getByRole("button", { name: "Create Source" }).click();
    await form.getByText("The crawler may not fetch this address: it is on this machine or a private network.").waitFor();
    // A value to change: the message under its field, no failure toast.
    expect(await page.locator("[data-sonner-toast]").filter({ hasText: "Failed to create source" }).count()).toBe(0);
    // A slug another source has.
    await fillSource(form, { slug: "bidnet", baseUrl: `${fixture.origin}/ok`, delay: "0" });
    await form.getByRole("button", { name: "Create Source" }).click();
    await form.getByText("Another source already uses this slug. Choose a different one.").waitFor();

    await fillSource(form, { slug: "local-fixture" });
    await form.getByLabel("Description", { exact: true }).fill("  Fixture server for the tests.  ");
    await form.getByLabel("Source Type").selectOption("api");
    await form.getByRole("button", { name: "Create Source" }).click();
    await expectToast(page, "Source created successfully", "Success");
    await dialog.waitFor({ state: "detached" });
    const added = card(page, FIXTURE_SOURCE);
    await added.waitFor();
    expect(await added.innerText()).toMatch(/Active[\s\S]*Fixture server for the tests\.[\s\S]*Type:\s*API/);
    expect(await added.getByRole("link", { name: `Configurations (0) of ${FIXTURE_SOURCE}` }).count()).toBe(1);
    const { rows } = await staff.pool().query("select slug, description, logo_url, rate_limit_config from contract_sources where name = $1", [FIXTURE_SOURCE]);
    expect(rows).toEqual([
      { slug: "local-fixture", description: "Fixture server for the tests.", logo_url: null, rate_limit_config: { requestsPerMinute: 30, requestsPerHour: 1000, delayBetweenRequestsMs: 0 } },
    ]);
  });

  test("Test: busy while testing, Success / Source is working correctly, Failed / Source test failed with the HTTP status", async () => {
    const page = await staff.page();
    await open(page);
    const testButton = page.getByRole("button", { name: `Test ${FIXTURE_SOURCE}`, exact: true });
    await testButton.click();
    await expectToast(page, "Source is working correctly", "Success");

    await staff.pool().query("update contract_sources set base_url = $1 where slug = 'local-fixture'", [`${fixture.origin}/slow`]);
    await staff.reload(page);
    await testButton.click();
    await expect.poll(() => testButton.getAttribute("aria-busy")).toBe("true");
    expect(await testButton.isDisabled()).toBe(true);
    await expectToast(page, "Source is working correctly", "Success");
    await expect.poll(() => testButton.getAttribute("aria-busy")).toBe(null);

    await staff.pool().query("update contract_sources set base_url = $1 where slug = 'local-fixture'", [`${fixture.origin}/down`]);
    await testButton.click();
    const failed = page.locator("[data-sonner-toast]").filter({ hasText: "Source test failed" });
    await failed.waitFor();
    expect(await failed.innerText()).toMatch(/Failed[\s\S]*Source test failed[\s\S]*HTTP 503 Service Unavailable/);
    expect(fixture.requestsTo("/down").map((r) => r.method)).toEqual(["HEAD"]);
  });

  test("Edit Source: the form holds the source; the slug is not re-derived; inactive with the switch; updated", async () => {
    const page = await staff.page();
    await open(page);
    await page.getByRole("button", { name: `Edit ${FIXTURE_SOURCE}`, exact: true }).click();
    const form = page.getByRole("form", { name: "Edit Source" });
    expect(await form.getByLabel("Name", { exact: true }).inputValue()).toBe(FIXTURE_SOURCE);
    expect(await form.getByLabel("Slug").inputValue()).toBe("local-fixture");
    expect(await form.getByLabel("Source Type").inputValue()).toBe("api");
    expect(await form.getByLabel("Delay between requests (ms)").inputValue()).toBe("0");
    await form.getByLabel("Name", { exact: true }).fill("Renamed Fixture Bids");
    expect(await form.getByLabel("Slug").inputValue()).toBe("local-fixture");
    await form.getByLabel("Base URL").fill(`${fixture.origin}/ok`);
    await form.getByLabel("Description", { exact: true }).fill("");
    const active = form.getByRole("switch", { name: ACTIVE_LABEL });
    expect(await active.getAttribute("aria-checked")).toBe("true");
    await active.click();
    await form.getByRole("button", { name: "Update Source" }).click();
    await expectToast(page, "Source updated successfully", "Success");
    const renamed = card(page, "Renamed Fixture Bids");
    await renamed.waitFor();
    expect(await renamed.innerText()).toMatch(/Inactive[\s\S]*No description/);
    // Back to its name (the next tests use it), with Escape closing an edit too.
    await page.getByRole("button", { name: "Edit Renamed Fixture Bids", exact: true }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Edit");
    await staff.pool().query("update contract_sources set name = $1 where slug = 'local-fixture'", [FIXTURE_SOURCE]);
  });

  test("Delete: a source with contracts is refused with how many and the advice to make it inactive; one without is deleted", async () => {
    const page = await staff.page();
    await staff.pool().query(
      "insert into contract_opportunities (source_id, external_id, title) select id, 'e2e-1', 'Roof replacement at the library' from contract_sources where slug = 'bidnet'",
    );
    await open(page);
    await page.getByRole("button", { name: "Delete BidNet Direct", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this source?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Delete BidNet Direct", exact: true }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    const refused = page.locator("[data-sonner-toast]").filter({ hasText: "Failed to delete source" });
    await refused.waitFor();
    expect(await refused.innerText()).toContain(
      "BidNet Direct has 1 contract, which would lose their source. Make the source inactive instead: it will no longer be crawled, and its contracts stay.",
    );
    expect(await cardNames(page)).toContain("BidNet Direct");

    await page.getByRole("button", { name: `Delete ${FIXTURE_SOURCE}`, exact: true }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Source deleted successfully", "Success");
    await card(page, FIXTURE_SOURCE).waitFor({ state: "detached" });
    expect(await cardNames(page)).toEqual(["BidNet Direct", "Government Contract Bids"]);
  });
});

describe("Search configurations", () => {
  const configCard = (page: Page, name: string) => card(page, name);

  test("the source's configurations from its card; add with inline errors; edit; make default; deactivate and reactivate; no axe violations", async () => {
    const page = await staff.page();
    await open(page);
    await card(page, "Government Contract Bids").getByRole("link", { name: "Configurations (1) of Government Contract Bids" }).click();
    await page.getByRole("heading", { level: 1, name: /^Government Contract Bids: Search Configurations\s*\(1\)$/ }).waitFor();
    expect(await page.getByRole("link", { name: "Back to Sources" }).getAttribute("href")).toBe(SCREEN);
    const seeded = configCard(page, "Ohio Roofing Contracts");
    expect(await seeded.innerText()).toMatch(/Default[\s\S]*Active[\s\S]*Keywords:\s*roof, roofing[\s\S]*Location:\s*Ohio \(OH\)[\s\S]*Schedule:\s*Not scheduled[\s\S]*Search options:\s*Government levels: state and local, federal/);
    expect(await seeded.innerText()).not.toContain("gov[]");
    expect(await seeded.getByRole("button", { name: "Deactivate Ohio Roofing Contracts" }).count()).toBe(0);
    expect(await seeded.getByRole("button", { name: "Make Default Ohio Roofing Contracts" }).count()).toBe(0);
    await expectNoAxeViolations(page, AXE);

    await page.getByRole("button", { name: "Add Configuration" }).click();
    const add = page.getByRole("form", { name: "Add Configuration" });
    expect(await add.getByRole("switch", { name: "Active — this configuration can be crawled and scheduled" }).getAttribute("aria-checked")).toBe("true");
    expect(await add.getByRole("switch", { name: "Default configuration — preselected when crawling this source" }).getAttribute("aria-checked")).toBe("false");
    await add.getByLabel("Custom parameters (JSON)").fill("{not json");
    await add.getByLabel("Schedule (cron)").fill("every morning");
    await add.getByLabel("State").fill("O1");
    await add.getByRole("button", { name: "Create Configuration" }).click();
    await add.getByText("Name is required.").waitFor();
    await add.getByText("Enter at least one keyword.").waitFor();
    await add.getByText("Custom parameters must be valid JSON.").waitFor();
    await add.getByText("Enter a 5-field cron expression (minute hour day month weekday), like 0 6 * * * for daily at 06:00.").waitFor();
    await add.getByText("Enter a two-letter state code, like OH.").waitFor();
    await add.getByLabel("Name", { exact: true }).fill("Ohio Gutters");
    await add.getByLabel("Keywords").fill("gutters, downspouts\nsiding");
    await add.getByLabel("State").fill("oh");
    await add.getByLabel("Custom parameters (JSON)").fill('{"gov[]": ["sl"]}');
    await add.getByLabel("Schedule (cron)").fill("0 6 * * *");
    await add.getByRole("button", { name: "Create Configuration" }).click();
    await expectToast(page, "Configuration created successfully", "Success");
    const gutters = configCard(page, "Ohio Gutters");
    await gutters.waitFor();
    expect(await gutters.innerText()).toMatch(/Active[\s\S]*Keywords:\s*gutters, downspouts, siding[\s\S]*Location:\s*Ohio \(OH\)[\s\S]*Schedule:\s*Daily at 06:00 \(Eastern time\)/);
    await page.getByRole("heading", { level: 1, name: /\(2\)$/ }).waitFor();

    // Edit: the form holds it, with the schedule read aloud in the hint.
    await gutters.getByRole("button", { name: "Edit Ohio Gutters" }).click();
    const edit = page.getByRole("form", { name: "Edit Configuration" });
    expect(await edit.getByLabel("Keywords").inputValue()).toBe("gutters\ndownspouts\nsiding");
    expect(await edit.getByText("Now: Daily at 06:00 (Eastern time).", { exact: false }).count()).toBe(1);
    await edit.getByLabel("Schedule (cron)").fill("30 7 * * 1-5");
    await edit.getByRole("button", { name: "Update Configuration" }).click();
    await expectToast(page, "Configuration updated successfully", "Success");
    await expect.poll(() => gutters.innerText()).toMatch(/Schedule:\s*Weekdays at 07:30 \(Eastern time\)/);

    // Make Default moves the default; the old one can then be deactivated and reactivated.
    await gutters.getByRole("button", { name: "Make Default Ohio Gutters" }).click();
    await expectToast(page, "Default configuration updated successfully", "Success");
    await expect.poll(() => gutters.innerText()).toMatch(/^Ohio Gutters\s*Default/);
    await seeded.getByRole("button", { name: "Deactivate Ohio Roofing Contracts" }).click();
    await expectToast(page, "Configuration deactivated successfully", "Success");
    await expect.poll(() => seeded.innerText()).toMatch(/Inactive/);
    await seeded.getByRole("button", { name: "Reactivate Ohio Roofing Contracts" }).click();
    await expectToast(page, "Configuration activated successfully", "Success");
    await expect.poll(() => seeded.innerText()).toMatch(/^Ohio Roofing Contracts\s*Active/);
    const { rows } = await staff.pool().query(
      "select c.name, c.is_default, c.is_active, c.schedule_cron from contract_search_configs c join contract_sources s on s.id = c.source_id where s.slug = 'govcb' order by c.name",
    );
    expect(rows).toEqual([
      { name: "Ohio Gutters", is_default: true, is_active: true, schedule_cron: "30 7 * * 1-5" },
      { name: "Ohio Roofing Contracts", is_default: false, is_active: true, schedule_cron: null },
    ]);
    await expectNoAxeViolations(page, AXE);
  });
});

describe("load failure and the empty state", () => {
  test("Error loading sources with Try Again, which loads the list once the data is back", async () => {
    const page = await staff.page();
    await staff.pool().query("alter table contract_sources rename to contract_sources_away");
    try {
      await open(page);
      await page.getByText("Error loading sources").first().waitFor();
      // The toast words it as the catalogue does (spec 2 §8).
      await expectToast(page, "Failed to load contract sources", "Error");
    } finally {
      await staff.pool().query("alter table contract_sources_away rename to contract_sources");
    }
    await page.getByRole("button", { name: "Try Again" }).click();
    await card(page, "BidNet Direct").waitFor();
  });

  test("a source's configurations that cannot be read: the page keeps its heading and back links, with Try Again", async () => {
    const page = await staff.page();
    const { rows } = await staff.pool().query<{ id: string }>("select id::text as id from contract_sources where slug = 'bidnet'");
    await staff.pool().query("alter table contract_search_configs rename to contract_search_configs_away");
    try {
      await staff.goto(page, `${SCREEN}/${rows[0]!.id}`);
      await page.getByText("Failed to load search configurations").first().waitFor();
      await page.getByRole("heading", { level: 1, name: "Search Configurations" }).waitFor();
      expect(await page.getByRole("link", { name: "Back to Sources" }).getAttribute("href")).toBe(SCREEN);
      await page.getByRole("link", { name: "Back to Dashboard" }).waitFor();
    } finally {
      await staff.pool().query("alter table contract_search_configs_away rename to contract_search_configs");
    }
    await page.getByRole("button", { name: "Try Again" }).click();
    await page.getByRole("heading", { level: 1, name: /^BidNet Direct: Search Configurations/ }).waitFor();
  });

  test("No contract sources configured / Get started by adding your first contract source", async () => {
    const page = await staff.page();
    await staff.pool().query("delete from contract_opportunities");
    await staff.pool().query("delete from contract_sources");
    await open(page);
    await page.getByText("No contract sources configured").waitFor();
    await page.getByText("Get started by adding your first contract source").waitFor();
    await expectNoAxeViolations(page, AXE);
  });
});
