import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { expectToast, useStaff } from "../support/staff";

/**
 * The contract detail page (/admin/contracts/:id, ADR 026) in Chromium
 * against the production server: every field labelled, value in whole
 * dollars, Closing soon and Veteran set-aside, View on source, the back link
 * keeping the list's filters; stage, bookmark, add and delete a note (with
 * the confirmation), each toast; axe; the 404 page; and the CSV export
 * downloaded with the admin's cookie (header, file name, a neutralised formula).
 */

const SECRET = "admin-contract-detail-e2e-secret-0123456789abcdefgh";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-contract-detail-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { firstName: "Robin", lastName: "Hale" });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const AXE = { exclude: ["[data-sonner-toaster]"] };
const TITLE = "Roof replacement at Fire Station 7";
let contractId = "";

describe("contract detail page", () => {
  beforeAll(async () => {
    const { rows } = await staff.pool().query<{ id: string }>(
      `insert into contract_opportunities (source_id, external_id, source_url, title, description, agency_name, estimated_value,
         location_city, location_state, posted_date, deadline_date, tags, priority_score, raw_data, last_scraped_at, scrape_count)
       values ((select id from contract_sources where slug = 'bidnet'), 'e2e-1', 'https://bids.example.com/e2e-1', $1,
         'Tear-off and replacement of 12,000 sq ft', 'City of Columbus', 250000.75, 'Columbus', 'OH',
         now() - interval '2 days', now() + interval '3 days', array['bidnet', 'veteran-set-aside'], 87,
         '{"kind": "row", "agency": "City of Columbus"}', now(), 2)
       returning id`,
      [TITLE],
    );
    contractId = rows[0]!.id;
    await staff.pool().query(
      `insert into contract_opportunities (source_id, external_id, title, agency_name, location_state)
       values ((select id from contract_sources where slug = 'govcb'), 'e2e-2', '=HYPERLINK("http://evil.example","x")', '@SUM(A1)', 'OH')`,
    );
  });

  test("shows every field, the badges and the links; no axe violations", async () => {
    const page = await staff.page();
    await staff.goto(page, `/admin/contracts/${contractId}?back=${encodeURIComponent("q=roof&state=oh&page=2")}`);
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    const main = page.locator("main");
    for (const text of ["$250,001", "City of Columbus", "Columbus, OH", "Veteran set-aside", "Closing soon", "Relevance score: 87", "BidNet Direct", "Times seen", "First seen", "Last seen"]) {
      expect(await main.innerText(), text).toContain(text);
    }
    const back = page.getByRole("link", { name: "Back to Contracts" });
    expect(await back.getAttribute("href")).toBe("/admin/contracts?q=roof&state=OH&page=2");
    const source = page.getByRole("link", { name: /View on source/ });
    expect(await source.getAttribute("href")).toBe("https://bids.example.com/e2e-1");
    expect(await source.getAttribute("target")).toBe("_blank");
    expect(await source.getAttribute("rel")).toBe("noopener noreferrer");
    await page.getByText("Show the raw data the crawler stored").click();
    expect(await page.locator("pre").innerText()).toContain('"agency": "City of Columbus"');
    await expectNoAxeViolations(page, AXE);
  });

  test("stage, bookmark, and a note added then deleted after the confirmation", async () => {
    const page = await staff.page();
    await staff.goto(page, `/admin/contracts/${contractId}`);

    await page.getByLabel("Pipeline stage").selectOption("bidding");
    await page.getByRole("button", { name: "Save stage" }).click();
    await expectToast(page, "Pipeline stage set to Bidding.", "Success");
    await page.getByText("New → Bidding, by Robin Hale").waitFor();

    const bookmark = page.getByRole("button", { name: "Bookmark", exact: true });
    // The label says the state; a changing label is not also a pressed toggle.
    expect(await bookmark.getAttribute("aria-pressed")).toBeNull();
    await bookmark.click();
    await expectToast(page, "Contract bookmarked.", "Success");
    const remove = page.getByRole("button", { name: "Remove bookmark" });
    await remove.waitFor();
    expect(await remove.getAttribute("aria-pressed")).toBeNull();

    await page.getByRole("textbox", { name: "Note" }).fill("Walk the roof with the chief on Friday.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expectToast(page, "Note added.", "Success");
    await page.getByText("Walk the roof with the chief on Friday.").waitFor();
    await expectNoAxeViolations(page, AXE);

    await page.getByRole("button", { name: /^Delete note of/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this note?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Note deleted.", "Success");
    await page.getByText("Walk the roof with the chief on Friday.").waitFor({ state: "detached" });

    const { rows } = await staff.pool().query("select pipeline_stage, is_bookmarked from contract_opportunities where id = $1", [contractId]);
    expect(rows[0]).toEqual({ pipeline_stage: "bidding", is_bookmarked: true });
  });

  test("an unknown or invalid id is a 404 page", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/contracts/6f1c2b1e-0000-4000-8000-000000000000", { status: 404 });
    await page.getByRole("heading", { level: 1, name: "Contract not found" }).waitFor();
    await staff.goto(page, "/admin/contracts/not-an-id", { status: 404 });
    await page.getByRole("heading", { level: 1, name: "Contract not found" }).waitFor();
  });

  test("the CSV export: header, file name, no-store, formulas neutralised; invalid filters 400", async () => {
    const response = await fetch(`${app().url}/admin/contracts/export.csv?state=OH`, { headers: { cookie: staff.cookieHeader() } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=contracts-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith('\ufeff"Title","Agency","Location","Posted Date","Deadline Date","Estimated Value","URL","Status"\r\n')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")","'@SUM(A1)","OH"`);
    expect(text).toContain(`"${TITLE}","City of Columbus","Columbus, OH"`);
    const bad = await fetch(`${app().url}/admin/contracts/export.csv?page=0`, { headers: { cookie: staff.cookieHeader() } });
    expect(bad.status).toBe(400);
    const anonymous = await fetch(`${app().url}/admin/contracts/export.csv`, { redirect: "manual" });
    expect(anonymous.status).not.toBe(200);
  });

  test("at 390 x 844: the list with its cards and filters, and the detail page, no wider than the screen", async () => {
    const page = await staff.page({ viewport: { width: 390, height: 844 } });
    const overflow = () =>
      page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const over = document.documentElement.scrollWidth - width;
        if (over <= 0) return over;
        // Name the widest culprits in the failure (the deepest elements past the right edge).
        const past = [...document.querySelectorAll("main *")].filter((el) => el.getBoundingClientRect().width > width);
        throw new Error(`${over} px too wide: ${past.slice(0, 5).map((el) => `${el.tagName} ${String(el.className)} "${(el.textContent ?? "").slice(0, 30)}"`).join("; ")}`);
      });
    await staff.goto(page, "/admin/contracts");
    await page.getByRole("article", { name: TITLE }).waitFor();
    await page.getByText("More filters").click();
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Refused filters with their messages too.
    await staff.goto(page, "/admin/contracts?min=5000&max=100&posted_from=2026-03-02&posted_to=2026-03-01", { status: 400 });
    await page.locator("[data-filter-problems]").waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await staff.goto(page, `/admin/contracts/${contractId}`);
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, AXE);
  });
});
