import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { expectToast, useStaff } from "../support/staff";

/**
 * /admin/gaf-config in Chromium against the production server, as staff use
 * it: every tab's add/edit form and list, validation of each required field
 * and format rule, cancel, deactivate (the spec's delete), reactivate,
 * reorder (drag and keyboard), each toast's text; and the public GAF pages
 * following every change on the very next request (page cache invalidated).
 */

const SECRET = "admin-gaf-e2e-secret-0123456789abcdefghijklmnopqr";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-gaf-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function openScreen(page: Page, tab?: string) {
  await staff.goto(page, "/admin/gaf-config");
  await page.getByRole("heading", { level: 1, name: "GAF Portal Configuration" }).waitFor();
  await page.getByRole("tab", { name: "Colors" }).waitFor();
  if (tab) await page.getByRole("tab", { name: tab }).click();
}

const form = (page: Page, name: RegExp | string) => page.getByRole("form", { name });
const row = (page: Page, item: string) => page.locator(`tr[data-item="${item}"]`);

describe("GAF portal configuration", () => {
  test("opens from the dashboard with its four tabs and no axe violations", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin");
    await page.getByRole("link", { name: "Open GAF Portal Config" }).click();
    await page.getByRole("heading", { level: 1, name: "GAF Portal Configuration" }).waitFor();
    await page.getByRole("tab", { name: "Colors" }).waitFor();
    expect(await page.getByRole("tab").allInnerTexts()).toEqual(["Colors", "Warranties", "Shingles", "Roof System"]);
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/admin");
    // The seeded colours, in order, each with swatch, name, hex and status.
    await row(page, "Charcoal").waitFor();
    expect(await row(page, "Charcoal").innerText()).toMatch(/Charcoal[\s\S]*#3A3B3D[\s\S]*Active/);
    await expectNoAxeViolations(page, { exclude: ["[data-sonner-toaster]"] });

    // (The loading text while the data streams in: app/components/admin/admin-data.test.tsx.)
  });

  test("colors: validate, add, edit with cancel, deactivate and reactivate; the public page follows", async () => {
    const page = await staff.page();
    await openScreen(page);
    const add = form(page, "Add Color");
    expect(await add.getByLabel("Hex Color", { exact: true }).inputValue()).toBe("#000000");

    // Required name: inline error, focused, nothing posted.
    await add.getByRole("button", { name: "Add Color" }).click();
    await add.getByText("Color name is required.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    // Bad hex and a javascript: URL.
    await add.getByLabel("Color Name").fill("Harbor Fog");
    await add.getByLabel("Hex Color", { exact: true }).fill("#12345");
    await add.getByLabel("Availability URL").fill("javascript:alert(1)");
    await add.getByRole("button", { name: "Add Color" }).click();
    await add.getByText("Enter a color as # followed by six hex digits, like #3A3B3D.").waitFor();
    await add.getByText("Enter a full web address starting with http:// or https://.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("hexColor");

    // The picker and the text stay in sync.
    await add.getByLabel("Hex Color picker").fill("#8a9ba8");
    expect(await add.getByLabel("Hex Color", { exact: true }).inputValue()).toBe("#8a9ba8");
    await add.getByLabel("Availability URL").fill("https://www.example.com/harbor-fog");
    await add.getByRole("button", { name: "Add Color" }).click();
    await expectToast(page, "Color created successfully", "Success");
    await row(page, "Harbor Fog").waitFor();
    expect(await row(page, "Harbor Fog").innerText()).toContain("#8A9BA8");
    // The form is empty again.
    expect(await add.getByLabel("Color Name").inputValue()).toBe("");
    expect(await staff.publicHtml("/gaf/timberline-hdz-colors")).toContain("Harbor Fog");

    // Edit, then cancel: nothing changes.
    await row(page, "Harbor Fog").getByRole("button", { name: "Edit Harbor Fog" }).click();
    const edit = form(page, "Edit Color");
    expect(await edit.getByLabel("Color Name").inputValue()).toBe("Harbor Fog");
    await edit.getByLabel("Color Name").fill("Something Else");
    await edit.getByRole("button", { name: "Cancel" }).click();
    await form(page, "Add Color").waitFor();
    await row(page, "Harbor Fog").waitFor();

    // Edit and update.
    await row(page, "Harbor Fog").getByRole("button", { name: "Edit Harbor Fog" }).click();
    await form(page, "Edit Color").getByLabel("Color Name").fill("Harbor Mist");
    await form(page, "Edit Color").getByRole("button", { name: "Update Color" }).click();
    await expectToast(page, "Color updated successfully", "Success");
    await row(page, "Harbor Mist").waitFor();
    const colorsPage = await staff.publicHtml("/gaf/timberline-hdz-colors");
    expect(colorsPage).toContain("Harbor Mist");
    expect(colorsPage).not.toContain("Harbor Fog");

    // Delete = deactivate; then reactivate.
    await row(page, "Harbor Mist").getByRole("button", { name: "Delete Harbor Mist" }).click();
    await expectToast(page, "Color deactivated successfully", "Success");
    await row(page, "Harbor Mist").getByText("Inactive").waitFor();
    expect(await staff.publicHtml("/gaf/timberline-hdz-colors")).not.toContain("Harbor Mist");
    await row(page, "Harbor Mist").getByRole("button", { name: "Reactivate Harbor Mist" }).click();
    await expectToast(page, "Color reactivated successfully", "Success");
    await row(page, "Harbor Mist").getByText("Active", { exact: true }).waitFor();
    expect(await staff.publicHtml("/gaf/timberline-hdz-colors")).toContain("Harbor Mist");
  });

  test("colors: reorder by keyboard and by dragging; the public page shows the new order", async () => {
    const page = await staff.page();
    await openScreen(page);
    const names = async () => (await page.locator("tr[data-item]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-item")))).slice(0, 3);
    const before = await names();
    // Keyboard alternative: Move the second colour up.
    await page.getByRole("button", { name: `Move ${before[1]} up` }).focus();
    await page.keyboard.press("Enter");
    await expectToast(page, "Colors reordered successfully", "Success");
    await expect.poll(names).toEqual([before[1], before[0], before[2]]);
    const publicOrder = (html: string, items: string[]) => items.map((name) => html.indexOf(`>${name}<`));
    let positions = publicOrder(await staff.publicHtml("/gaf/timberline-hdz-colors"), [before[1]!, before[0]!, before[2]!]);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    // Drag the third row onto the first.
    await row(page, before[2]!).dragTo(row(page, before[1]!));
    await expect.poll(names).toEqual([before[2], before[1], before[0]]);
    positions = publicOrder(await staff.publicHtml("/gaf/timberline-hdz-colors"), [before[2]!, before[1]!, before[0]!]);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  test("warranties: required name, wind term must be a whole number, checkboxes; the public page follows", async () => {
    const page = await staff.page();
    await openScreen(page, "Warranties");
    const add = form(page, "Add Warranty");
    expect(await add.getByLabel("Wind Term (years)").inputValue()).toBe("0");
    await add.getByLabel("Wind Term (years)").fill("fifteen");
    await add.getByRole("button", { name: "Add Warranty" }).click();
    await add.getByText("Warranty name is required.").waitFor();
    await add.getByText("Enter a whole number.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");

    await add.getByLabel("Warranty Name").fill("Buckeye Test Pledge");
    await add.getByLabel("Coverage Type").fill("System");
    await add.getByLabel("Wind Term (years)").fill("15");
    await add.getByLabel("PDF URL").fill("ftp://example.com/x.pdf");
    await add.getByRole("button", { name: "Add Warranty" }).click();
    await add.getByText("Enter a full web address starting with http:// or https://.").waitFor();
    await add.getByLabel("PDF URL").fill("https://example.com/pledge.pdf");
    await add.getByLabel("Transferable").check();
    await add.getByRole("button", { name: "Add Warranty" }).click();
    await expectToast(page, "Warranty created successfully", "Success");
    const created = row(page, "Buckeye Test Pledge");
    await created.waitFor();
    expect(await created.innerText()).toMatch(/15 years[\s\S]*Yes/);
    const { rows } = await staff.pool().query("select wind_term_years, transferable, system_coverage, pdf_url from gaf_warranties where name = 'Buckeye Test Pledge'");
    expect(rows[0]).toEqual({ wind_term_years: 15, transferable: true, system_coverage: false, pdf_url: "https://example.com/pledge.pdf" });
    expect(await staff.publicHtml("/gaf/warranties")).toContain("Buckeye Test Pledge");

    await created.getByRole("button", { name: "Delete Buckeye Test Pledge" }).click();
    await expectToast(page, "Warranty deactivated successfully", "Success");
    expect(await staff.publicHtml("/gaf/warranties")).not.toContain("Buckeye Test Pledge");
  });

  test("shingles: required model, price tier, type and yes / no / unknown; Learn More follows the official URL", async () => {
    const page = await staff.page();
    await openScreen(page, "Shingles");
    const add = form(page, "Add Shingle");
    expect(await add.getByLabel("Price Tier").locator("option").allInnerTexts()).toEqual(["Not set", "$", "$$", "$$$", "$$$$"]);
    expect(await add.getByLabel("Shingle Type").locator("option").allInnerTexts()).toEqual(["Not set", "Architectural", "Designer", "3-Tab"]);
    expect(await add.getByLabel("LayerLock technology").locator("option").allInnerTexts()).toEqual(["Unknown", "Yes", "No"]);
    await add.getByRole("button", { name: "Add Shingle" }).click();
    await add.getByText("Shingle model is required.").waitFor();

    await add.getByLabel("Model").fill("Test Ridge HDZ");
    await add.getByLabel("Price Tier").selectOption("$$$");
    await add.getByLabel("Shingle Type").selectOption("Designer");
    await add.getByLabel("LayerLock technology").selectOption("yes");
    await add.getByLabel("WindProven eligible").selectOption("no");
    await add.getByRole("button", { name: "Add Shingle" }).click();
    await expectToast(page, "Shingle created successfully", "Success");
    await row(page, "Test Ridge HDZ").waitFor();
    const { rows } = await staff.pool().query(
      "select price_tier, shingle_type, layer_lock, wind_proven, lifetime_warranty from gaf_shingles where model = 'Test Ridge HDZ'",
    );
    expect(rows[0]).toEqual({ price_tier: "$$$", shingle_type: "Designer", layer_lock: true, wind_proven: false, lifetime_warranty: null });

    // Without an official URL, Learn More leads to the manufacturer's shingles page; with one, to it.
    const learnMore = (html: string) => {
      const card = html.slice(html.indexOf(">Test Ridge HDZ<"));
      return /href="([^"]+)"[^>]*>Learn More/.exec(card.slice(0, card.indexOf("</article>")))?.[1];
    };
    await expect.poll(async () => learnMore(await staff.publicHtml("/gaf/shingles"))).toMatch(/^https:\/\/www\.gaf\.com\//);
    await row(page, "Test Ridge HDZ").getByRole("button", { name: "Edit Test Ridge HDZ" }).click();
    const edit = form(page, "Edit Shingle");
    expect(await edit.getByLabel("LayerLock technology").inputValue()).toBe("yes");
    expect(await edit.getByLabel("Lifetime limited warranty").inputValue()).toBe("unknown");
    await edit.getByLabel("Official URL").fill("https://www.example.com/test-ridge");
    await edit.getByRole("button", { name: "Update Shingle" }).click();
    await expectToast(page, "Shingle updated successfully", "Success");
    // Polled: under load a read can fail once, and that page (never cached) tells the visitor so.
    await expect.poll(async () => learnMore(await staff.publicHtml("/gaf/shingles"))).toBe("https://www.example.com/test-ridge");
  });

  test("roof system: layers and products, a product chooses its layer; the public page follows", async () => {
    const page = await staff.page();
    await openScreen(page, "Roof System");
    await page.getByRole("heading", { level: 2, name: "Roof Layers" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Roof Products" }).waitFor();
    const addLayer = form(page, "Add Roof Layer");
    await addLayer.getByRole("button", { name: "Add Roof Layer" }).click();
    await addLayer.getByText("Roof layer title is required.").waitFor();
    await addLayer.getByLabel("Title").fill("Test Underlayment");
    await addLayer.getByLabel("Description").fill("Line one.\nLine two.");
    await addLayer.getByRole("button", { name: "Add Roof Layer" }).click();
    await expectToast(page, "Roof layer created successfully", "Success");
    await row(page, "Test Underlayment").waitFor();

    const addProduct = form(page, "Add Roof Product");
    await addProduct.getByRole("button", { name: "Add Roof Product" }).click();
    await addProduct.getByText("Choose a roof layer.").waitFor();
    await addProduct.getByText("Roof product name is required.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("layerId");
    await addProduct.getByLabel("Roof Layer").selectOption({ label: "Test Underlayment" });
    await addProduct.getByLabel("Product Name").fill("TestGuard Deck Shield");
    await addProduct.getByLabel("Tagline").fill("Keeps the deck dry");
    await addProduct.getByRole("button", { name: "Add Roof Product" }).click();
    await expectToast(page, "Roof product created successfully", "Success");
    expect(await row(page, "TestGuard Deck Shield").innerText()).toContain("Test Underlayment");
    let html = await staff.publicHtml("/gaf/roof-system");
    expect(html).toContain("Test Underlayment");
    expect(html).toContain("TestGuard Deck Shield");

    await row(page, "TestGuard Deck Shield").getByRole("button", { name: "Delete TestGuard Deck Shield" }).click();
    await expectToast(page, "Roof product deactivated successfully", "Success");
    await row(page, "Test Underlayment").getByRole("button", { name: "Delete Test Underlayment" }).click();
    await expectToast(page, "Roof layer deactivated successfully", "Success");
    html = await staff.publicHtml("/gaf/roof-system");
    expect(html).not.toContain("TestGuard Deck Shield");
    expect(html).not.toContain("Test Underlayment");
  });

  test("a change the server refuses shows the catalogue's error toast and keeps the form", async () => {
    const page = await staff.page();
    await openScreen(page);
    await staff.pool().query("insert into gaf_colors (name, hex_color, sort_order) values ('Vanishing Slate', '#445566', 999)");
    await page.reload();
    await row(page, "Vanishing Slate").getByRole("button", { name: "Edit Vanishing Slate" }).click();
    // Someone removes it meanwhile.
    await staff.pool().query("delete from gaf_colors where name = 'Vanishing Slate'");
    await form(page, "Edit Color").getByLabel("Color Name").fill("Vanishing Slate II");
    // A slow answer: the button says Saving... and the form is disabled until it comes.
    await page.route("**/admin/gaf-config.data*", async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await form(page, "Edit Color").getByRole("button", { name: "Update Color" }).click();
    const saving = form(page, "Edit Color").getByRole("button", { name: "Saving..." });
    await saving.waitFor();
    expect(await saving.isDisabled()).toBe(true);
    expect(await form(page, "Edit Color").getByLabel("Color Name").isDisabled()).toBe(true);
    await expectToast(page, "Failed to save color", "Error");
    // The toast is the destructive kind.
    expect(await page.locator("[data-sonner-toast][data-type=error]").filter({ hasText: "Failed to save color" }).count()).toBe(1);
    expect(await form(page, "Edit Color").getByLabel("Color Name").inputValue()).toBe("Vanishing Slate II");
  });
});
