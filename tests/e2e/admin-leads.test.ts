import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { useStaff } from "../support/staff";

/**
 * The staff's lead workspace in Chromium against the production server:
 * the empty state, leads arriving from the public form (one with a file),
 * the table of spec 1 §2, Contacted (saved, then shown; a failure in the red
 * banner; also without JavaScript), "Loading leads...", search and filters,
 * the load-failure banner, the detail page (every field, the file download,
 * status, notes, insurance details), the CSV export, the dashboard chart,
 * and user text that never runs as markup (QUALITY S16).
 */

const SECRET = "admin-leads-e2e-secret-0123456789abcdefghijklmnop";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-leads-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET, LEAD_RATE_LIMIT_PER_MINUTE: "10000", LEAD_RATE_LIMIT_PER_HOUR: "100000" } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const XSS_NAME = `<img src=x onerror="window.__xss=1">`;
const PDF = Buffer.from("%PDF-1.4\n% the homeowner's claim letter\n");

async function submitLead(fields: Record<string, string>, files: Array<[Buffer, string]> = []) {
  const fd = new FormData();
  const all = { submissionKey: crypto.randomUUID(), formId: "inspection-form", landingPath: "/contact?utm_source=newsletter&utm_campaign=spring", phone: "614-555-0150", ...fields };
  for (const [k, v] of Object.entries(all)) fd.append(k, v);
  for (const [bytes, name] of files) fd.append("files", new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${app().url}/inspection-request`, { method: "POST", body: fd });
  expect(response.status).toBe(200);
}

async function leadIdOf(email: string): Promise<string> {
  const { rows } = await staff.pool().query<{ id: string }>("select id from leads where email = $1", [email]);
  return rows[0]!.id;
}

describe("lead management", () => {
  test("before any request: the spec's empty state, and the dashboard links here", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin");
    expect(await page.getByText("New leads per week", { exact: true }).isVisible()).toBe(true);
    await page.getByRole("link", { name: /Lead Management/ }).first().click();
    await page.getByRole("heading", { level: 1, name: "Lead Management" }).waitFor();
    await page.getByText("No leads found. When customers submit the contact form, they will appear here.").waitFor();
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/admin");
  });

  test("leads from the form appear newest first with the spec's columns", async () => {
    await submitLead({ firstName: "Olivia", lastName: "Older", email: "olivia@example.com", service: "roof-repair", message: "Small leak." });
    await submitLead(
      {
        firstName: "Henry",
        lastName: "Homeowner",
        email: "henry@example.com",
        service: "storm-restoration",
        message: `Hail on Tuesday. ${"The back slope lost shingles and the gutters are dented. ".repeat(6)}`,
        hasInsuranceDocs: "on",
        insuranceCompany: "Buckeye Mutual",
        claimNumber: "CLM-2026-001",
        dateOfLoss: "2026-06-02",
      },
      [[PDF, "claim letter.pdf"]],
    );
    await submitLead({ firstName: XSS_NAME, lastName: "Tester", email: "xss@example.com", message: `<script>window.__xss=2</script>` });
    await staff.pool().query("update leads set created_at = now() - interval '2 days' where email = 'olivia@example.com'");

    const page = await staff.page();
    await staff.goto(page, "/admin/leads");
    const headers = await page.locator("thead th").allInnerTexts();
    expect(headers).toEqual(["Name", "Contact Info", "Service", "Message", "Date", "Insurance", "Contacted"]);
    const rows = page.locator("tbody tr");
    expect(await rows.count()).toBe(3);
    const names = await rows.locator("td:first-child a").allInnerTexts();
    expect(names).toEqual([`${XSS_NAME} Tester`, "Henry Homeowner", "Olivia Older"]);
    const henry = rows.filter({ hasText: "Henry Homeowner" });
    const cells = await henry.locator("td").allInnerTexts();
    expect(cells[1]).toContain("henry@example.com");
    expect(cells[1]).toContain("(614) 555-0150");
    expect(cells[2]).toBe("Storm Restoration");
    expect(cells[5]).toMatch(/^Yes/);
    expect(await rows.filter({ hasText: "Olivia Older" }).locator("td").nth(5).innerText()).toBe("No");
    // The message is truncated in the table.
    const message = henry.locator("td").nth(3).locator("p");
    expect(await message.evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe("2");
    // User text is text: the payloads are shown, never run.
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(staff.dialogs()).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test("Contacted is saved before the row changes; a failed save shows the red banner", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/leads");
    const box = page.getByRole("checkbox", { name: "Contacted: Henry Homeowner" });
    expect(await box.getAttribute("aria-checked")).toBe("false");
    await box.click();
    await expect.poll(() => box.getAttribute("aria-checked")).toBe("true");
    const { rows } = await staff.pool().query("select contacted, pipeline_status from leads where email = 'henry@example.com'");
    expect(rows[0]).toEqual({ contacted: true, pipeline_status: "contacted" });

    // The lead disappears behind the page's back: the save fails and nothing changes on screen.
    const olivia = page.getByRole("checkbox", { name: "Contacted: Olivia Older" });
    const oliviaId = await leadIdOf("olivia@example.com");
    await staff.pool().query("update leads set submission_key = submission_key || '-moved', id = gen_random_uuid() where id = $1", [oliviaId]);
    await olivia.click();
    await page.getByText("Failed to update lead status. Please try again.").waitFor();
    expect(await page.getByRole("alert").filter({ hasText: "Failed to update lead status" }).isVisible()).toBe(true);
    expect(await olivia.getAttribute("aria-checked")).toBe("false");
    await staff.reload(page);
    expect(await page.getByRole("checkbox", { name: "Contacted: Henry Homeowner" }).getAttribute("aria-checked")).toBe("true");
  });

  test("without JavaScript the checkbox posts the page and the saved value comes back", async () => {
    const page = await staff.page({ javaScriptEnabled: false });
    await staff.goto(page, "/admin/leads");
    const box = page.getByRole("checkbox", { name: "Contacted: Olivia Older" });
    expect(await box.getAttribute("aria-checked")).toBe("false");
    await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), box.click()]);
    await page.waitForLoadState("domcontentloaded");
    expect(await page.getByRole("checkbox", { name: "Contacted: Olivia Older" }).getAttribute("aria-checked")).toBe("true");
  });

  test("search and filters, with Loading leads... while they load, and the CSV export of the filtered list", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/leads");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin/leads.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Search", { exact: true }).fill("henry");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("Loading leads...").waitFor();
    release();
    await page.waitForURL(/\/admin\/leads\?q=henry/);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await page.unroute("**/admin/leads.data*");

    await staff.goto(page, "/admin/leads?insurance=no&status=contacted");
    expect(await page.locator("tbody tr td:first-child a").allInnerTexts()).toEqual(["Olivia Older"]);
    await staff.goto(page, "/admin/leads?q=nobody-at-all");
    expect(await page.getByText("No leads match these filters.").isVisible()).toBe(true);

    await staff.goto(page, "/admin/leads?service=storm-restoration");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, "utf8");
    const lines = csv.replace(/^\ufeff/, "").trimEnd().split("\r\n");
    expect(lines[0]).toContain('"First name","Last name","Email","Phone","Street address","City","State","ZIP","Outside service area","Service"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Henry","Homeowner","henry@example.com","(614) 555-0150","","","","","No","Storm Restoration"');
    expect(lines[1]).toContain('"Buckeye Mutual","CLM-2026-001","2026-06-02"');
    expect(lines[1]).toContain('"newsletter"');
  });

  test("the detail page: every field, the file download, status, notes and insurance details", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/leads");
    await page.getByRole("link", { name: "Henry Homeowner" }).click();
    await page.getByRole("heading", { level: 1, name: "Henry Homeowner" }).waitFor();
    const request = page.locator("section", { has: page.getByRole("heading", { name: "Request", exact: true }) });
    const text = await request.innerText();
    for (const expected of ["henry@example.com", "(614) 555-0150", "Storm Restoration", "Hail on Tuesday."]) expect(text).toContain(expected);
    const source = await page.locator("section", { has: page.getByRole("heading", { name: "Where it came from" }) }).innerText();
    expect(source).toContain("/contact");
    expect(source).toContain("newsletter");
    expect(await page.getByLabel("Insurance company").inputValue()).toBe("Buckeye Mutual");
    expect(await page.getByLabel("Claim number").inputValue()).toBe("CLM-2026-001");

    // The file, as a download.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download claim letter.pdf" }).click()]);
    expect(download.suggestedFilename()).toBe("claim letter.pdf");
    expect(fs.readFileSync((await download.path())!)).toEqual(PDF);
    const href = await page.getByRole("link", { name: "Download claim letter.pdf" }).getAttribute("href");
    const direct = await fetch(`${app().url}${href}`, { headers: { cookie: staff.cookieHeader() } });
    expect(direct.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(direct.headers.get("x-content-type-options")).toBe("nosniff");
    // Not for anonymous visitors, and not through another lead's id.
    expect((await fetch(`${app().url}${href}`, { redirect: "manual" })).status).toBe(302);
    const otherLead = await leadIdOf("xss@example.com");
    const tampered = href!.replace(/\/admin\/leads\/[^/]+\//, `/admin/leads/${otherLead}/`);
    expect((await fetch(`${app().url}${tampered}`, { headers: { cookie: staff.cookieHeader() } })).status).toBe(404);

    // Pipeline status; "contacted" follows.
    await page.getByLabel("Status").selectOption("estimate_sent");
    await page.getByRole("button", { name: "Update status" }).click();
    await page.getByText("Status set to Estimate sent.").waitFor();
    await page.getByText("Status changed from Contacted to Estimate sent.").waitFor();
    expect(await page.getByRole("checkbox", { name: "Contacted: Henry Homeowner" }).getAttribute("aria-checked")).toBe("true");

    // A note on the timeline.
    await page.getByLabel("Add a note").fill("Adjuster meeting Friday 10am.");
    await page.getByRole("button", { name: "Add note" }).click();
    await page.getByText("Adjuster meeting Friday 10am.").waitFor();

    // Insurance details edited by staff.
    await page.getByLabel("Claim number").fill("CLM-2026-001-B");
    await page.getByRole("button", { name: "Save insurance details" }).click();
    await page.getByText("Insurance details saved.").waitFor();
    const { rows } = await staff.pool().query("select claim_number, pipeline_status, contacted from leads where email = 'henry@example.com'");
    expect(rows[0]).toEqual({ claim_number: "CLM-2026-001-B", pipeline_status: "estimate_sent", contacted: true });

    // A refused value is reported under its field, which gets the focus; the typed value stays. (On a fresh
    // load: the form above is drawn anew once the save's reload arrives, which may come after the typing.)
    await staff.goto(page, new URL(page.url()).pathname);
    const dateOfLoss = page.getByLabel("Date of loss");
    await dateOfLoss.fill("2099-01-01");
    await page.getByRole("button", { name: "Save insurance details" }).click();
    await page.locator("#lead-date-of-loss-error").waitFor();
    expect(await page.locator("#lead-date-of-loss-error").innerText()).toMatch(/future/);
    expect(await dateOfLoss.getAttribute("aria-invalid")).toBe("true");
    expect(await dateOfLoss.getAttribute("aria-describedby")).toBe("lead-date-of-loss-error");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("lead-date-of-loss");
    expect(await dateOfLoss.inputValue()).toBe("2099-01-01");
    // A mistake the user can fix is not a failure: no "Failed to ..." banner (issue 23).
    expect(await page.locator("#lead-date-of-loss-error").innerText()).toBe("The date of loss cannot be in the future.");
    expect(await page.getByText("Failed to save the insurance details").count()).toBe(0);
    expect(await page.getByRole("alert").count()).toBe(0);
    await expectNoAxeViolations(page);

    // Without JavaScript the page comes back with what was typed, the box too, and the message.
    const plain = await staff.page({ javaScriptEnabled: false });
    await staff.goto(plain, new URL(page.url()).pathname);
    await plain.getByLabel("Has insurance documents").uncheck();
    await plain.getByLabel("Insurance company").fill("Typed Mutual");
    await plain.getByLabel("Date of loss").fill("2099-01-01");
    await Promise.all([plain.waitForURL(/\/admin\/leads\//), plain.getByRole("button", { name: "Save insurance details" }).click()]);
    await plain.locator("#lead-date-of-loss-error").waitFor();
    expect(await plain.getByLabel("Insurance company").inputValue()).toBe("Typed Mutual");
    expect(await plain.getByLabel("Has insurance documents").isChecked()).toBe(false);
    expect(await plain.getByLabel("Date of loss").inputValue()).toBe("2099-01-01");
  });

  test("a reversed date range says so and keeps the dates; nothing is listed as not matching", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/leads");
    await page.getByLabel("From").fill("2026-06-10");
    await page.getByLabel("To").fill("2026-06-01");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/from=2026-06-10/);
    const message = page.locator("#leads-range-error");
    await message.waitFor();
    expect(await message.innerText()).toBe("The date range is reversed: From is after To. Swap the two dates, or clear one of them.");
    expect(await page.getByLabel("From").inputValue()).toBe("2026-06-10");
    expect(await page.getByLabel("To").inputValue()).toBe("2026-06-01");
    expect(await page.getByLabel("To").getAttribute("aria-describedby")).toBe("leads-range-error");
    expect(await page.getByText("No leads match these filters.").count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  test("a load failure shows the spec's red banner", async () => {
    const page = await staff.page();
    await staff.pool().query("alter table leads rename to leads_away");
    try {
      await staff.goto(page, "/admin/leads", { status: 500 });
      expect(await page.getByText("Failed to load leads. Please try again later.").isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "Back to Dashboard" }).isVisible()).toBe(true);
    } finally {
      await staff.pool().query("alter table leads_away rename to leads");
    }
  });

  test("the dashboard shows new leads per week", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin");
    const chart = page.locator("figure", { hasText: "New leads per week" });
    expect(await chart.innerText()).toMatch(/3 in the last 12 weeks/);
    expect(await chart.locator("[data-bar]").count()).toBe(12);
    await expectNoAxeViolations(page);
  });
});
