import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { SITE_SETTING_SEEDS } from "~/db/seed/site-settings";
import { PUBLIC_ROUTES } from "~/domain/seo/public-routes";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { expectToast, chooseAction as choose, actionMenuEntries as menuEntries, useStaff } from "../support/staff";

/**
 * Site Settings (/admin/cms/settings, spec 2 §2) and its preview in Chromium
 * against the production server, driven as staff would: the settings grouped
 * by category with counts, Add with the §5 defaults and the required fields,
 * the value's input for each type, Edit, Make Public / Make Private and their
 * toasts, search, the category filter, Delete with Cancel and confirm, axe;
 * the settings the site reads (only Edit; a value the site cannot use is a
 * field error); a public change on the public pages at the very next request;
 * private values in no public HTML or `.data` response; an XSS payload in an
 * html setting never runs, on admin or public pages, even when written
 * straight into the database (sanitized again on render).
 */

const SECRET = "admin-settings-e2e-secret-0123456789abcdefghijklmn";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-settings-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const SCREEN = "/admin/cms/settings";
const PREVIEW = "/admin/cms/settings/preview";

const card = (page: Page, key: string): Locator => page.locator(`li[data-item="${key}"]`);
const cardKeys = (page: Page) => page.locator("li[data-item]").evaluateAll((items) => items.map((item) => item.getAttribute("data-item")));

async function open(page: Page) {
  await staff.goto(page, SCREEN);
  await page.getByRole("heading", { level: 1, name: /^Site Settings/ }).waitFor();
  await page.locator("li[data-item], :text('No settings found.')").first().waitFor();
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name") ?? document.activeElement?.id ?? null);

/** Opens Add Setting and fills it; `type` first (the value's input follows it). */
async function fillSetting(form: Locator, values: { key?: string; type?: string; value?: string; category?: string; description?: string }) {
  if (values.key !== undefined) await form.getByLabel("Key").fill(values.key);
  if (values.type !== undefined) await form.getByLabel("Type").selectOption(values.type);
  if (values.value !== undefined) {
    const input = form.getByLabel("Value", { exact: true });
    if ((await input.evaluate((el) => el.tagName)) === "SELECT") await input.selectOption(values.value);
    else await input.fill(values.value);
  }
  if (values.category !== undefined) await form.getByLabel("Category").selectOption(values.category);
  if (values.description !== undefined) await form.getByLabel("Description").fill(values.description);
}

async function addSetting(page: Page, values: Parameters<typeof fillSetting>[1]) {
  await page.getByRole("button", { name: "Add Setting" }).click();
  const form = page.getByRole("form", { name: "Add Setting" });
  await fillSetting(form, values);
  await form.getByRole("button", { name: "Add Setting" }).click();
  await expectToast(page, "Setting created successfully", "Success");
  await page.getByRole("dialog").waitFor({ state: "detached" });
  await card(page, values.key!).waitFor();
}

const countOf = (category: string) => SITE_SETTING_SEEDS.filter((s) => s.category === category).length;

describe("Site Settings", () => {
  test("the settings grouped by category with counts; key, value, type, description, Public/Private; back links; axe", async () => {
    const page = await staff.page();
    await open(page);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toMatch(new RegExp(`^Site Settings\\s*\\(${SITE_SETTING_SEEDS.length}\\)$`));
    expect(await page.getByRole("link", { name: "Back to Content Management" }).getAttribute("href")).toBe("/admin/cms");
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/admin");
    expect(await page.getByRole("link", { name: "Preview settings" }).getAttribute("href")).toBe(PREVIEW);
    const headings = await page.getByRole("heading", { level: 2 }).allInnerTexts();
    expect(headings).toEqual([
      `General (${countOf("general")})`,
      `Contact (${countOf("contact")})`,
      `Social (${countOf("social")})`,
      `Certifications (${countOf("certifications")})`,
    ]);
    const phone = await card(page, "phone").innerText();
    expect(phone).toMatch(/phone[\s\S]*Public[\s\S]*Text[\s\S]*Required[\s\S]*\(614\) 555-0147[\s\S]*Public phone number[\s\S]*edited in Site Configuration/);
    // A business fact has one home, Site Configuration: here it links there.
    expect(await card(page, "phone").getByRole("link", { name: "Site Configuration (phone)" }).getAttribute("href")).toBe("/admin/site-config");
    expect(await card(page, "lead_alert_email").innerText()).toMatch(/Private[\s\S]*Required/);
    // Values are cut at 50 characters.
    const standards = await card(page, "accreditation_standards_text").locator("[data-setting-value]").textContent();
    expect(standards).toBe(`Value: ${SITE_SETTING_SEEDS.find((s) => s.settingKey === "accreditation_standards_text")!.settingValue.slice(0, 50)}...`);
    // The settings the site reads: only Edit (ADR 019); a business fact's Edit is in Site Configuration.
    expect(await menuEntries(page, "tagline")).toEqual(["Edit", "History"]);
    expect(await menuEntries(page, "phone")).toEqual(["Edit in Site Configuration", "History"]);
    expect(await menuEntries(page, "lead_alert_email")).toEqual(["Edit in Site Configuration", "History"]);
    await expectNoAxeViolations(page, { exclude: ["[data-sonner-toaster]"] });
  });

  test("add with the defaults: required fields, the key's form, each type's input and check, a private new setting, a taken key", async () => {
    const page = await staff.page();
    await open(page);
    await page.getByRole("button", { name: "Add Setting" }).click();
    const add = page.getByRole("form", { name: "Add Setting" });
    expect(await add.getByLabel("Key").inputValue()).toBe("new_setting");
    expect(await add.getByLabel("Type").inputValue()).toBe("text");
    expect(await add.getByLabel("Category").inputValue()).toBe("general");
    expect(await add.getByLabel("Value", { exact: true }).inputValue()).toBe("");
    await expectNoAxeViolations(page, { exclude: ["[data-sonner-toaster]"] });

    // Required fields and the key's form: messages under the fields, the first invalid focused, nothing posted.
    await add.getByLabel("Key").fill("Office Fax");
    await add.getByRole("button", { name: "Add Setting" }).click();
    await add.getByText("Use lowercase letters, numbers and underscores, starting with a letter.").waitFor();
    await add.getByText("Setting value is required.").waitFor();
    expect(await focusedName(page)).toBe("settingKey");
    await add.getByLabel("Key").fill("");
    await add.getByRole("button", { name: "Add Setting" }).click();
    await add.getByText("Setting key is required.").waitFor();

    // The value's input follows the type (spec 2 §5).
    const value = add.getByLabel("Value", { exact: true });
    const control = async () => value.evaluate((el) => `${el.tagName.toLowerCase()}${el instanceof HTMLInputElement ? `[${el.type}]` : ""}`);
    const inputs: Record<string, string> = { html: "textarea", json: "textarea", boolean: "select", number: "input[number]", url: "input[url]", text: "input[text]" };
    for (const [type, tag] of Object.entries(inputs)) {
      await add.getByLabel("Type").selectOption(type);
      expect(await control(), type).toBe(tag);
    }
    await add.getByLabel("Type").selectOption("boolean");
    expect(await value.locator("option").allInnerTexts()).toEqual(["True", "False"]);

    // Each type's check, in the browser, with the server's messages.
    await fillSetting(add, { key: "office_data", type: "json", value: '{"fax": ' });
    await add.getByRole("button", { name: "Add Setting" }).click();
    await add.getByText('Enter valid JSON, like {"facebook": "https://..."} or ["Columbus", "Dublin"].').waitFor();
    await fillSetting(add, { type: "url", value: "javascript:alert(1)" });
    await add.getByRole("button", { name: "Add Setting" }).click();
    await add.getByText("Enter a full web address starting with http:// or https://.").waitFor();

    await fillSetting(add, { key: "office_fax", type: "text", value: "(614) 555-0100", category: "contact", description: "Fax number of the office" });
    await add.getByRole("button", { name: "Add Setting" }).click();
    await expectToast(page, "Setting created successfully", "Success");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    // New settings are private (ADR 019).
    expect(await card(page, "office_fax").innerText()).toMatch(/office_fax[\s\S]*Private[\s\S]*Text[\s\S]*\(614\) 555-0100[\s\S]*Fax number of the office/);
    expect(await menuEntries(page, "office_fax")).toEqual(["Edit", "History", "Make Public", "Delete"]);

    // A taken key is the key's field error.
    await page.getByRole("button", { name: "Add Setting" }).click();
    await fillSetting(add, { key: "office_fax", value: "x" });
    await add.getByRole("button", { name: "Add Setting" }).click();
    await add.getByText("A setting with this key already exists.").waitFor();
    // A value to change: the message under its field, no failure toast.
    expect(await page.locator("[data-sonner-toast]").filter({ hasText: "Failed to save setting" }).count()).toBe(0);
    await page.keyboard.press("Escape");
  });

  test("saves a value of each type", async () => {
    const page = await staff.page();
    await open(page);
    await addSetting(page, { key: "promo_enabled", type: "boolean", value: "true", category: "branding" });
    await addSetting(page, { key: "promo_discount", type: "number", value: "12.5", category: "branding" });
    await addSetting(page, { key: "promo_link", type: "url", value: "https://example.com/spring", category: "branding" });
    await addSetting(page, { key: "promo_towns", type: "json", value: '["Dublin", "Powell"]', category: "branding" });
    await addSetting(page, { key: "promo_banner", type: "html", value: "<p>Spring <strong>sale</strong></p>", category: "branding" });
    const values = async (key: string) => card(page, key).locator("[data-setting-value]").textContent();
    expect(await values("promo_enabled")).toBe("Value: true");
    expect(await values("promo_discount")).toBe("Value: 12.5");
    expect(await values("promo_link")).toBe("Value: https://example.com/spring");
    expect(await values("promo_towns")).toBe('Value: ["Dublin", "Powell"]');
    expect(await values("promo_banner")).toBe("Value: Spring sale");
    expect(await page.getByRole("heading", { level: 2, name: "Branding (5)" }).count()).toBe(1);
  });

  test("edit a setting; a public one the site reads shows on the public pages at the next request", async () => {
    const page = await staff.page();
    await open(page);
    await choose(page, "office_fax", "Edit");
    const form = page.getByRole("form", { name: "Edit Setting" });
    expect(await form.getByLabel("Key").inputValue()).toBe("office_fax");
    await form.getByLabel("Value", { exact: true }).fill("(614) 555-0111");
    await form.getByRole("button", { name: "Update Setting" }).click();
    await expectToast(page, "Setting updated successfully", "Success");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => card(page, "office_fax").innerText()).toContain("(614) 555-0111");

    // The footer's tagline, from the cache before and fresh after the change.
    const seededTagline = SITE_SETTING_SEEDS.find((s) => s.settingKey === "tagline")!.settingValue;
    expect(await staff.publicHtml("/")).toContain(seededTagline);
    await choose(page, "tagline", "Edit");
    // Key and type stay for a setting the site reads: not in the form.
    expect(await form.getByLabel("Key").count()).toBe(0);
    expect(await form.getByLabel("Type").count()).toBe(0);
    await form.getByLabel("Value", { exact: true }).fill("Roofs done right, storm after storm");
    await form.getByRole("button", { name: "Update Setting" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => card(page, "tagline").innerText()).toContain("Roofs done right, storm after storm");
    const home = await staff.publicHtml("/");
    expect(home).toContain("Roofs done right, storm after storm");
    expect(home).not.toContain(seededTagline);

    // The phone's Edit leads to Site Configuration, its one home.
    await choose(page, "phone", "Edit in Site Configuration");
    await page.waitForURL(/\/admin\/site-config$/);
  });

  test("Make Public / Make Private with the catalogue's toasts", async () => {
    const page = await staff.page();
    await open(page);
    await choose(page, "office_fax", "Make Public");
    await expectToast(page, "Setting visibility enabled", "Success");
    await expect.poll(() => card(page, "office_fax").innerText()).toMatch(/Public/);
    expect(await menuEntries(page, "office_fax")).toEqual(["Edit", "History", "Make Private", "Delete"]);
    await choose(page, "office_fax", "Make Private");
    await expectToast(page, "Setting visibility disabled", "Success");
    await expect.poll(() => card(page, "office_fax").innerText()).toMatch(/Private/);
  });

  test("search by key, value or description; the category filter offers the categories in the data", async () => {
    const page = await staff.page();
    await open(page);
    const search = page.getByLabel("Search settings");
    await search.fill("fax");
    await expect.poll(() => cardKeys(page)).toEqual(["office_fax"]);
    await search.fill("storm after storm");
    await expect.poll(() => cardKeys(page)).toEqual(["tagline"]);
    await search.fill("where new inspection requests");
    await expect.poll(() => cardKeys(page)).toEqual(["lead_alert_email"]);
    await search.fill("no such setting anywhere");
    await page.getByText("No settings match your search or filter.").waitFor();
    await page.getByRole("button", { name: "Clear search and filter" }).click();
    await expect.poll(async () => (await cardKeys(page)).length).toBe(SITE_SETTING_SEEDS.length + 6);

    const filter = page.getByLabel("Category");
    expect(await filter.locator("option").allInnerTexts()).toEqual(["All Categories", "General", "Contact", "Branding", "Social", "Certifications"]);
    await filter.selectOption({ label: "Social" });
    // The review request's private link (issue 22) is a Social setting too.
    await expect.poll(() => cardKeys(page)).toEqual(["review_request_url", "social_links"]);
    expect(await page.getByRole("heading", { level: 2 }).allInnerTexts()).toEqual(["Social (2)"]);
    await filter.selectOption({ label: "Branding" });
    await search.fill("promo_d");
    await expect.poll(() => cardKeys(page)).toEqual(["promo_discount"]);
  });

  test("delete: Cancel keeps the setting, Delete removes it", async () => {
    const page = await staff.page();
    await open(page);
    await choose(page, "office_fax", "Delete");
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this setting?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await card(page, "office_fax").count()).toBe(1);
    await choose(page, "office_fax", "Delete");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Setting deleted successfully", "Success");
    await expect.poll(() => card(page, "office_fax").count()).toBe(0);
    const { rows } = await staff.pool().query("select 1 from cms_site_settings where setting_key = 'office_fax'");
    expect(rows).toHaveLength(0);
  });
});

describe("what the public site gets", () => {
  const PRIVATE_MARKER = "PRIVATE-MARKER-never-public-4711";
  const PRIVATE_EMAIL = "alerts-private-4711@example.com";

  async function publicBodies(): Promise<Map<string, string>> {
    const bodies = new Map<string, string>();
    for (const { path: route } of PUBLIC_ROUTES) {
      // React Router 8's data request of the home page is /_.data (trailing-slash-aware data requests).
      for (const url of [route, route === "/" ? "/_.data" : `${route}.data`]) {
        const response = await fetch(`${app().url}${url}`);
        expect(response.status, url).toBe(200);
        bodies.set(url, await response.text());
      }
    }
    return bodies;
  }

  test("a private setting's value is in no public page's HTML nor .data response; the preview lists it without its value", async () => {
    const page = await staff.page();
    await open(page);
    await addSetting(page, { key: "private_note", value: PRIVATE_MARKER, category: "general" });
    // The lead alert address is Site Configuration's to edit; here it is written directly.
    await staff.pool().query("update cms_site_settings set setting_value = $1 where setting_key = 'lead_alert_email'", [PRIVATE_EMAIL]);

    const bodies = await publicBodies();
    expect(bodies.size).toBeGreaterThanOrEqual(PUBLIC_ROUTES.length * 2);
    for (const [url, body] of bodies) {
      expect(body.includes(PRIVATE_MARKER), url).toBe(false);
      expect(body.includes(PRIVATE_EMAIL), url).toBe(false);
    }

    await staff.goto(page, PREVIEW);
    await page.getByText("Preview: what the website gets from the settings").waitFor();
    const privateList = await page.locator('[data-preview="private"]').innerText();
    expect(privateList).toContain("private_note");
    expect(privateList).toContain("lead_alert_email");
    expect(await page.content()).not.toContain(PRIVATE_MARKER);
    expect(await page.locator('[data-preview="public"]').innerText()).toContain("(614) 555-0147");
    await expectNoAxeViolations(page, { exclude: ["[data-sonner-toaster]"] });
    // Staff only, never stored, never indexed.
    const anonymous = await fetch(`${app().url}${PREVIEW}`, { redirect: "manual" });
    expect([302, 303, 401, 403]).toContain(anonymous.status);
    const signedIn = await fetch(`${app().url}${PREVIEW}`, { headers: { cookie: staff.cookieHeader() } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.headers.get("x-robots-tag")).toBe("noindex");
  });

  test("an XSS payload in an html setting never runs on admin or public pages, also when written straight into the database", async () => {
    const PAYLOAD =
      `<p>Safe text</p><img src=x onerror="window.__xss='img'; alert('img')"><script>window.__xss='script'; alert('script')</script>` +
      `<svg onload="alert('svg')"></svg><a href="javascript:alert('link')" id="xss-link">click</a>` +
      `<iframe srcdoc="<script>parent.alert('iframe')</script>"></iframe><a href="jav&#x61;script:alert('encoded')">encoded</a>`;
    const page = await staff.page();
    await open(page);
    await addSetting(page, { key: "xss_banner", type: "html", value: PAYLOAD, category: "branding" });
    await choose(page, "xss_banner", "Make Public");
    await expectToast(page, "Setting visibility enabled", "Success");
    const { rows } = await staff.pool().query<{ setting_value: string }>("select setting_value from cms_site_settings where setting_key = 'xss_banner'");
    expect(rows[0]!.setting_value).toBe("<p>Safe text</p>clickencoded");

    // Stored unsanitized behind the screen's back (a SQL console): the render sanitizes again.
    await staff.pool().query("insert into cms_site_settings (setting_key, setting_value, setting_type, category, is_public) values ('xss_raw', $1, 'html', 'branding', true)", [PAYLOAD]);

    const injected = (p: Page) =>
      p.evaluate(() => ({
        flag: (window as unknown as { __xss?: string }).__xss ?? null,
        elements: document.querySelectorAll('main img[src="x"], main svg[onload], main iframe[srcdoc], main #xss-link, main [onerror]').length,
        jsLinks: [...document.querySelectorAll("a[href]")].filter((a) => /^\s*javascript:/i.test(a.getAttribute("href") ?? "")).length,
      }));

    for (const url of [SCREEN, PREVIEW]) {
      await staff.goto(page, url);
      await page.waitForTimeout(300);
      expect(await injected(page), url).toEqual({ flag: null, elements: 0, jsLinks: 0 });
    }
    const other = page.locator('[data-preview="other"]');
    expect(await other.innerText()).toContain("Safe text");
    expect(await other.locator("img, script, svg, iframe").count()).toBe(0);

    const visitor = await browser().newContext({ baseURL: app().url });
    const dialogs: string[] = [];
    try {
      const publicPage = await visitor.newPage();
      publicPage.on("dialog", async (dialog) => {
        dialogs.push(dialog.message());
        await dialog.dismiss();
      });
      for (const { path: route } of PUBLIC_ROUTES) {
        await publicPage.goto(route, { waitUntil: "load" });
        expect(await injected(publicPage), route).toEqual({ flag: null, elements: 0, jsLinks: 0 });
      }
    } finally {
      await visitor.close();
    }
    expect(dialogs).toEqual([]);
    expect(staff.dialogs()).toEqual([]);
  });

  test("with no settings at all the screen says so and the public site still shows every page (defaults)", async () => {
    await staff.pool().query("delete from cms_site_settings");
    const page = await staff.page();
    await open(page);
    await page.getByText("No settings found.").waitFor();
    // The database's NOTIFY clears the caches; every value is its default again.
    await expect.poll(() => staff.publicHtml("/"), { timeout: 10_000 }).toContain("tel:+16145550147");
    expect(await staff.publicHtml("/contact")).toContain("office@buckeyevalorroofing.com");
  });
});
