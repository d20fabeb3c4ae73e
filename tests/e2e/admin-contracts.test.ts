import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { CrawlerFixtureServer } from "../support/crawler-fixture-server";
import { expectToast, useStaff } from "../support/staff";

/**
 * /admin/contracts (issue 11 items 1-3, ADR 028) in Chromium against the
 * built server (NODE_ENV=test) with its background jobs on, crawling a local fixture
 * server that stands in for BidNet Direct: the empty states and Get Started,
 * the Crawl Controls' states, Get Contracts with "Crawl Started", the crawl's
 * live progress while a page is held back, the list reloading by itself when
 * the crawl ends, Recent Crawl Sessions, the debug log panel (Refresh,
 * Download, Clear), a failed crawl, the filters in the URL, paging, and axe.
 */

const SECRET = "admin-contracts-e2e-secret-0123456789abcdefghijklmn";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-contracts-e2e-"));
const fixtures = new CrawlerFixtureServer();
const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/crawler");
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");

// CRAWLER_ALLOW_PRIVATE_HOSTS lets the crawler reach the fixture server on 127.0.0.1; a production server
// refuses to start with it, so this one runs with NODE_ENV=test (the built server all the same).
const app = useApp({
  env: { NODE_ENV: "test", DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET, JOBS_ENABLED: "true", CRAWLER_ALLOW_PRIVATE_HOSTS: "127.0.0.1" },
});
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { nodeEnv: "test" });

const SCREEN = "/admin/contracts";
const AXE = { exclude: ["[data-sonner-toaster]"] };
const SEARCH = "/public/solicitations/open?location=229&solSearchStatus=openSolicitationsTab";
const ROUTES = {
  roof1: `${SEARCH}&keywords=roof&pageNumberSelect=1`,
  roof2: `${SEARCH}&keywords=roof&pageNumberSelect=2`,
  roofing1: `${SEARCH}&keywords=roofing&pageNumberSelect=1`,
  stateRoof: "/ohio/solicitations/open-bids?keywords=roof",
  stateRoofing: "/ohio/solicitations/open-bids?keywords=roofing",
};
const TITLES = [
  "Roof Replacement & Repairs – Franklin County Engineer's Garage",
  "Gutter and Downspout Replacement – Delaware City Schools",
  "Metal Roofing Panels for Salt Barn",
  "Low-Slope Roof Coating, Building 12",
  "Roof Restoration — Licking County Courthouse",
];

/** Serves the BidNet pages; `hold` keeps page 2 of 'roof' back until the returned release() is called. */
function serveBidnet({ hold = false } = {}) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  fixtures.route("/robots.txt", { status: 200, headers: { "content-type": "text/plain" }, body: "User-agent: *\nDisallow: /private/\n" });
  fixtures.html(ROUTES.roof1, read("synthetic_bidnet_public_search_roof_page1.html"));
  fixtures.route(ROUTES.roof2, {
    handler: async (_req, res) => {
      if (hold) await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 25_000))]);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(read("synthetic_bidnet_public_search_roof_page2.html"));
    },
  });
  fixtures.html(ROUTES.roofing1, read("synthetic_bidnet_public_search_roofing_page1.html"));
  fixtures.html(ROUTES.stateRoof, read("synthetic_bidnet_state_open_bids_ohio_roof.html"));
  fixtures.html(ROUTES.stateRoofing, read("synthetic_bidnet_state_open_bids_ohio_empty.html"));
  return () => release();
}

beforeAll(async () => {
  await fixtures.start();
  await staff
    .pool()
    .query("update contract_sources set base_url = $1, rate_limit_config = $2", [
      fixtures.origin,
      { requestsPerMinute: 600, requestsPerHour: 10_000, delayBetweenRequestsMs: 50 },
    ]);
});

afterAll(async () => {
  await fixtures.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => fixtures.reset());

const sourceSelect = (page: Page) => page.getByLabel("Source", { exact: true });
const configurationSelect = (page: Page) => page.getByLabel("Configuration", { exact: true });
const getContracts = (page: Page) => page.getByRole("button", { name: /^(Get Contracts|Crawling\.\.\.)$/ });
const cardTitles = (page: Page) => page.locator("article h3").allInnerTexts();

async function waitForNoRunningCrawl() {
  await expect
    .poll(async () => (await staff.pool().query("select count(*)::int as n from contract_crawl_sessions where status = 'running'")).rows[0].n, {
      timeout: 30_000,
    })
    .toBe(0);
}

describe("/admin/contracts", () => {
  test("before any crawl: both empty-state texts, Export CSV disabled, and Get Started chooses the first source", async () => {
    const page = await staff.page();
    await staff.goto(page, SCREEN);
    await page.getByRole("heading", { level: 1, name: "Contracts" }).waitFor();
    await page.getByRole("link", { name: "Back to Dashboard" }).waitFor();
    expect(await page.getByRole("link", { name: "Sources" }).getAttribute("href")).toBe("/admin/contracts/sources");
    expect(await page.getByRole("button", { name: "Export CSV" }).isDisabled()).toBe(true);
    await page.getByRole("link", { name: "Refresh" }).waitFor();

    await page.getByText("No contracts found").waitFor();
    await page.getByText("No contracts have been crawled yet. Use the 'Get Contracts' button to start crawling.").waitFor();
    expect(await page.getByRole("heading", { name: "Recent Crawl Sessions" }).count()).toBe(1);
    await page.getByText("No crawls yet.").waitFor();

    // All Sources: no configuration to choose, nothing to crawl.
    expect(await sourceSelect(page).inputValue()).toBe("");
    expect(await configurationSelect(page).isDisabled()).toBe(true);
    expect(await getContracts(page).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, AXE);

    await page.getByRole("button", { name: "Get Started" }).click();
    await page.waitForURL(/\?source=bidnet$/);
    await expect.poll(() => sourceSelect(page).inputValue()).toBe("bidnet");
    expect(await configurationSelect(page).isDisabled()).toBe(false);
    // The default configuration is preselected.
    expect(await configurationSelect(page).locator("option:checked").innerText()).toBe("Ohio Roofing Contracts (default)");
    expect(await getContracts(page).isDisabled()).toBe(false);
  });

  test("Get Contracts: Crawl Started, live progress while the crawl runs, then the list reloads by itself", async () => {
    const release = serveBidnet({ hold: true });
    const page = await staff.page();
    await staff.goto(page, `${SCREEN}?source=bidnet`);
    await getContracts(page).click();
    await expectToast(page, "Crawling BidNet Direct... Check back in a moment for results.", "Crawl Started");

    // The crawl is held on page 2 of 'roof': the page shows its progress and the busy button.
    const progress = page.getByRole("region", { name: /^Crawling BidNet Direct\.\.\./ });
    await progress.waitFor();
    await expect.poll(() => getContracts(page).innerText()).toBe("Crawling...");
    expect(await getContracts(page).isDisabled()).toBe(true);
    const counter = (label: string) => progress.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd");
    await expect.poll(async () => Number(await counter("Pages").innerText()), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(Number(await counter("Requests").innerText())).toBeGreaterThanOrEqual(2);
    expect(Number(await counter("Found").innerText())).toBe(2);
    expect(Number(await counter("New").innerText())).toBe(2);
    for (const label of ["Updated", "Failed", "Rate-limit waits"]) await counter(label).waitFor();
    const log = page.getByRole("region", { name: "Crawl debug log" });
    await log.getByText("Crawl started: BidNet Direct / Ohio Roofing Contracts").waitFor();
    await log.getByText("Page 1 of keyword search 'roof': 2 solicitations").waitFor();
    // Nothing listed yet on this page: the list has not been reloaded by hand.
    expect(await cardTitles(page)).toEqual([]);

    release();
    // Without a manual refresh: the crawl ends, the list and the sessions reload.
    await expect.poll(async () => (await cardTitles(page)).length, { timeout: 30_000 }).toBe(5);
    expect(new Set(await cardTitles(page))).toEqual(new Set(TITLES));
    await progress.waitFor({ state: "detached" });
    await log.getByText("Crawl completed: 5 found, 5 new, 0 updated.").waitFor();
    expect(await getContracts(page).innerText()).toBe("Get Contracts");
    const sessions = page.getByRole("region", { name: "Recent Crawl Sessions" });
    await sessions.getByText("Completed").waitFor();
    await sessions.getByText("5 new contracts").waitFor();
    expect(await page.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/admin/contracts/export.csv?source=bidnet");
    await expectNoAxeViolations(page, AXE);
  });

  test("contract cards: value in whole dollars or N/A, status, View in a new tab, dates, closing soon", async () => {
    await waitForNoRunningCrawl();
    const pool = staff.pool();
    const deadline = new Date(Date.now() + 3 * 86_400_000);
    await pool.query(
      `update contract_opportunities set estimated_value = 1234567.89, description = $1, deadline_date = $2,
         location_city = 'Newark', location_state = 'OH', agency_name = 'Licking County Commissioners'
       where title like 'Roof Restoration%'`,
      ["A long description. ".repeat(60), deadline],
    );
    await pool.query("update contract_opportunities set estimated_value = null where title = 'Metal Roofing Panels for Salt Barn'");
    const page = await staff.page();
    await staff.goto(page, SCREEN);
    const card = page.getByRole("article", { name: "Roof Restoration — Licking County Courthouse" });
    expect(await card.locator("[data-value]").innerText()).toBe("$1,234,568");
    await card.getByText("Licking County Commissioners").waitFor();
    await card.getByText("Newark, OH").waitFor();
    await card.getByText("Active", { exact: true }).waitFor();
    await card.getByText(/^Closing soon/).waitFor();
    for (const term of ["Posted Date", "Deadline", "Last Updated"]) await card.getByText(term, { exact: true }).waitFor();
    const view = card.getByRole("link", { name: /^View Roof Restoration — Licking County Courthouse on BidNet Direct/ });
    expect(await view.getAttribute("target")).toBe("_blank");
    expect(await view.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await view.getAttribute("href")).toMatch(new RegExp(`^${fixtures.origin}/`));
    // Clamped to three lines.
    const clamp = await card.locator("p.line-clamp-3").evaluate((p) => getComputedStyle(p).webkitLineClamp);
    expect(clamp).toBe("3");
    // Bookmark from the list: the card says so once the server confirmed it.
    await card.getByRole("button", { name: "Bookmark Roof Restoration — Licking County Courthouse" }).click();
    await expectToast(page, "Contract bookmarked.", "Success");
    await card.getByRole("button", { name: "Remove bookmark Roof Restoration — Licking County Courthouse" }).waitFor();
    await card.getByText("Bookmarked", { exact: true }).waitFor();
    await staff.goto(page, `${SCREEN}?bookmarked=1`);
    await expect.poll(() => cardTitles(page)).toEqual(["Roof Restoration — Licking County Courthouse"]);
    await staff.goto(page, SCREEN);
    const other = page.getByRole("article", { name: "Metal Roofing Panels for Salt Barn" });
    expect(await other.locator("[data-value]").innerText()).toBe("N/A");
  });

  test("search, filters and sort live in the URL; nothing matching says so", async () => {
    await waitForNoRunningCrawl();
    const page = await staff.page();
    await staff.goto(page, SCREEN);
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.fill("ROOFING panels");
    await search.press("Enter");
    await page.waitForURL(/q=ROOFING\+panels/);
    await expect.poll(() => cardTitles(page)).toEqual(["Metal Roofing Panels for Salt Barn"]);
    // Agency is searched too (case-insensitive).
    await staff.goto(page, `${SCREEN}?q=licking+county+COMMISSIONERS`);
    await expect.poll(() => cardTitles(page)).toEqual(["Roof Restoration — Licking County Courthouse"]);
    // A shared URL shows the same view.
    await staff.goto(page, `${SCREEN}?q=zzz-nothing`);
    await page.getByText("No contracts found").waitFor();
    await page.getByText("No contracts match your current search criteria.").waitFor();
    expect(await page.getByRole("button", { name: "Get Started" }).count()).toBe(0);

    // More filters: value range, applied through the form.
    await staff.goto(page, SCREEN);
    await page.getByText("More filters").click();
    await page.getByLabel("Minimum value (USD)").fill("1000000");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/min=1000000/);
    await expect.poll(() => cardTitles(page)).toEqual(["Roof Restoration — Licking County Courthouse"]);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await page.waitForURL((url) => url.search === "");
    await expect.poll(async () => (await cardTitles(page)).length).toBe(5);

    // The Search box belongs to the list's filters, not to Crawl Controls.
    const controls = page.getByRole("region", { name: "Crawl Controls" });
    expect(await controls.getByRole("searchbox").count()).toBe(0);
    expect(await page.getByRole("form", { name: "Contract filters" }).getByRole("searchbox", { name: "Search" }).count()).toBe(1);

    // Refused filters come back with everything typed, "More filters" open, every problem listed at once.
    await page.getByLabel("Search").fill("roof");
    await page.getByText("More filters").click();
    await page.getByLabel("Minimum value (USD)").fill("5000");
    await page.getByLabel("Maximum value (USD)").fill("100");
    await page.getByLabel("Posted from").fill("2026-03-02");
    await page.getByLabel("Posted to").fill("2026-03-01");
    await page.getByLabel("Bookmarked").check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/max=100/);
    const problems = page.locator("[data-filter-problems] li");
    await expect.poll(() => problems.allInnerTexts()).toEqual(["Minimum value must not be more than the maximum value.", "Posted from must not be after posted to."]);
    expect(await page.locator("details:has(> summary:has-text('More filters'))").getAttribute("open")).not.toBeNull();
    expect(await page.getByLabel("Search").inputValue()).toBe("roof");
    expect(await page.getByLabel("Minimum value (USD)").inputValue()).toBe("5000");
    expect(await page.getByLabel("Maximum value (USD)").inputValue()).toBe("100");
    expect(await page.getByLabel("Maximum value (USD)").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Posted from").inputValue()).toBe("2026-03-02");
    expect(await page.getByLabel("Posted to").inputValue()).toBe("2026-03-01");
    expect(await page.getByLabel("Bookmarked").isChecked()).toBe(true);
    await expectNoAxeViolations(page, { exclude: ["[data-sonner-toaster]"] });

    // A filter the server cannot use says so and shows the unfiltered list.
    const response = await page.goto(`${SCREEN}?min=-5`);
    expect(response?.status()).toBe(400);
    await page.getByRole("form", { name: "Contract filters" }).getByText(/^These filters cannot be used:/).waitFor();
    expect(await page.getByLabel("Minimum value (USD)").getAttribute("aria-invalid")).toBe("true");
  });

  test("a configuration chosen by hand stays chosen while the data reloads; a source switched off still filters the list but cannot be crawled", async () => {
    await waitForNoRunningCrawl();
    const pool = staff.pool();
    await pool.query(
      "insert into contract_search_configs (source_id, name, keywords, sort_order) select id, 'Gutters only', '{gutter}', 5 from contract_sources where slug = 'bidnet'",
    );
    try {
      const page = await staff.page();
      await staff.goto(page, `${SCREEN}?source=bidnet`);
      const checked = () => configurationSelect(page).locator("option:checked").innerText();
      expect(await checked()).toBe("Ohio Roofing Contracts (default)");
      await configurationSelect(page).selectOption({ label: "Gutters only" });
      // A bookmark reloads the page's data: the choice is kept, not reset to the default.
      const card = page.getByRole("article", { name: "Metal Roofing Panels for Salt Barn" });
      await card.getByRole("button", { name: "Bookmark Metal Roofing Panels for Salt Barn" }).click();
      await expectToast(page, "Contract bookmarked.", "Success");
      await card.getByRole("button", { name: "Remove bookmark Metal Roofing Panels for Salt Barn" }).waitFor();
      expect(await checked()).toBe("Gutters only");
      await card.getByRole("button", { name: "Remove bookmark Metal Roofing Panels for Salt Barn" }).click();
      await card.getByRole("button", { name: "Bookmark Metal Roofing Panels for Salt Barn" }).waitFor();
      expect(await checked()).toBe("Gutters only");

      // Switched off (ADR 027): its contracts stay, and the Source select still filters by it.
      await pool.query("update contract_sources set is_active = false where slug = 'bidnet'");
      await staff.goto(page, SCREEN);
      await sourceSelect(page).selectOption({ label: "BidNet Direct (inactive)" });
      await page.waitForURL(/[?&]source=bidnet(&|$)/);
      // The list shows the same five either way: wait for the controls to show the chosen source.
      await expect.poll(checked).toBe("Source is inactive");
      await expect.poll(async () => (await cardTitles(page)).length).toBe(5);
      expect(await configurationSelect(page).isDisabled()).toBe(true);
      expect(await getContracts(page).isDisabled()).toBe(true);
      await page.getByText("This source is inactive: activate it under Sources to crawl it.").waitFor();
      await expectNoAxeViolations(page, AXE);
    } finally {
      await pool.query("update contract_sources set is_active = true where slug = 'bidnet'");
      await pool.query("delete from contract_search_configs where name = 'Gutters only'");
    }
  });

  test("paging: 50 per page with Previous and Next", async () => {
    await waitForNoRunningCrawl();
    const pool = staff.pool();
    await pool.query(
      `insert into contract_opportunities (source_id, external_id, title, posted_date, status)
       select s.id, 'page-test-' || n, 'Paging test bid ' || lpad(n::text, 3, '0'), now() - make_interval(days => 400 + n), 'active'
       from contract_sources s, generate_series(1, 60) n where s.slug = 'govcb'`,
    );
    const page = await staff.page();
    await staff.goto(page, SCREEN);
    await page.getByText("Showing 1–50 of 65 contracts").waitFor();
    expect((await cardTitles(page)).length).toBe(50);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    await page.getByText("Showing 51–65 of 65 contracts").waitFor();
    expect((await cardTitles(page)).at(-1)).toBe("Paging test bid 060");
    expect(await page.getByRole("link", { name: "Next" }).getAttribute("aria-disabled")).toBe("true");
    await pool.query("delete from contract_opportunities where external_id like 'page-test-%'");
  });

  test("the debug log: Download names the file by date, Clear hides it until the next crawl; a failed crawl says why", async () => {
    await waitForNoRunningCrawl();
    const page = await staff.page();
    await staff.goto(page, SCREEN);
    const log = page.getByRole("region", { name: "Crawl debug log" });
    await log.waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), log.getByRole("link", { name: "Download" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^crawl-log-\d{4}-\d{2}-\d{2}\.txt$/);
    const text = fs.readFileSync((await download.path())!, "utf8");
    expect(text).toContain("Source: BidNet Direct");
    expect(text).toContain("Crawl completed: 5 found, 5 new, 0 updated, 0 failed");

    await log.getByRole("button", { name: "Clear" }).click();
    await log.waitFor({ state: "detached" });
    await staff.reload(page);
    await page.getByRole("heading", { name: "Recent Crawl Sessions" }).waitFor();
    expect(await page.getByRole("region", { name: "Crawl debug log" }).count()).toBe(0);

    // The next crawl (every search answers 404) brings the panel back, with the reason it failed.
    for (const route of Object.values(ROUTES)) fixtures.route(route, { status: 404, body: "Not here" });
    fixtures.route("/robots.txt", { status: 404, body: "" });
    await staff.goto(page, `${SCREEN}?source=bidnet`);
    await getContracts(page).click();
    await expectToast(page, "Crawling BidNet Direct... Check back in a moment for results.", "Crawl Started");
    await log.getByText("Scraping error: every search failed").first().waitFor({ timeout: 30_000 });
    await log.getByText("HTTP 404 for keyword 'roof': Not Found").first().waitFor();
    const sessions = page.getByRole("region", { name: "Recent Crawl Sessions" });
    await sessions.getByText("Failed").first().waitFor();
  });

  test("when the data cannot be read: Failed to load data, in the page and as a toast", async () => {
    await waitForNoRunningCrawl();
    const page = await staff.page();
    await staff.pool().query("alter table contract_opportunities rename to contract_opportunities_away");
    try {
      await staff.goto(page, SCREEN);
      await page.getByRole("alert").filter({ hasText: "Failed to load data" }).waitFor();
      await expectToast(page, "Failed to load data", "Error");
    } finally {
      await staff.pool().query("alter table contract_opportunities_away rename to contract_opportunities");
    }
    await staff.reload(page);
    await expect.poll(async () => (await cardTitles(page)).length).toBeGreaterThan(0);
  });
});
