import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, test, vi } from "vitest";
import * as schema from "~/db/schema";
import type { LeadEstimateRecord } from "~/db/schema/leads";
import { ESTIMATE_TEXT, STEEPNESS_OPTIONS } from "~/domain/estimate/inputs";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { createLead } from "../support/factories";
import { useStaff } from "../support/staff";

/**
 * The instant price range (issue 31 item 4) on a 390 px phone, with JavaScript off and on: the GET form,
 * its three steepness pictures in labelled radio cards, the field errors, three ranges with the
 * disclaimer and the link that carries the estimate to /book; a ZIP outside the service area (set in Site
 * Configuration's setting) told plainly; every control named (axe, with JavaScript: it runs in the page); the page cache keeps the empty page
 * and renders every answer. The home page and /services link to it, and the lead page shows an estimate
 * a lead carries.
 */

// Three axe runs and a few page loads per test, on a machine shared with other work.
vi.setConfig({ testTimeout: 180_000 });

const SECRET = "estimate-e2e-secret-0123456789abcdefghijklmnop";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "estimate-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET);
const PHONE = { width: 390, height: 844 };
const ANSWERS = "zip=43017&footprint=1800&stories=2&steepness=medium&material=asphalt";

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function visitor(javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser().newContext({ baseURL: app().url, viewport: PHONE, javaScriptEnabled });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  return context.newPage();
}

async function open(page: Page, url: string, javaScriptEnabled: boolean) {
  const response = await page.goto(url, { waitUntil: "domcontentloaded" });
  expect(response?.status(), url).toBe(200);
  if (javaScriptEnabled) await page.waitForFunction(() => document.documentElement.dataset.enhanced === "true");
}

const form = (page: Page) => page.getByRole("form", { name: "Roof price estimate" });

async function fill(page: Page, zip: string) {
  const f = form(page);
  await f.getByRole("textbox", { name: "ZIP code of the home" }).fill(zip);
  await f.getByRole("textbox", { name: "Home’s footprint (square feet)" }).fill("1800");
  await f.getByRole("radio", { name: "2 stories" }).check();
  await f.getByRole("radio", { name: /^Medium/ }).check();
  await f.getByRole("combobox", { name: "What is the roof covered with now?" }).selectOption({ label: "Asphalt shingles" });
  await f.getByRole("button", { name: "See my price range" }).click();
  await page.waitForURL(/\/estimate\?.*zip=/);
}

async function ranges(page: Page) {
  const items = page.locator("[data-estimate-summary] [data-tier]");
  await items.first().waitFor();
  return items.allInnerTexts();
}

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe("/estimate on a phone", () => {
  test("without JavaScript: the pictures, the field errors, then three ranges, the disclaimer and the booking link", async () => {
    const page = await visitor(false);
    await open(page, "/estimate", false);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("What will a new roof cost?");
    expect(await page.title()).toBe("Instant Roof Price Estimate | Buckeye Valor Roofing");

    // Three steepness choices, each a labelled radio card with its drawing.
    for (const key of ["low", "medium", "steep"] as const) {
      const radio = form(page).getByRole("radio", { name: `${STEEPNESS_OPTIONS[key].label} ${STEEPNESS_OPTIONS[key].hint}` });
      await expect.poll(() => radio.count()).toBe(1);
      expect(await page.locator(`label:has(#estimate-steepness-${key}) svg`).count()).toBe(1);
    }
    // Nothing answered: the errors under their fields and a summary linking to them.
    await form(page).getByRole("button", { name: "See my price range" }).click();
    await page.waitForURL(/\/estimate\?zip=/);
    const summary = page.getByRole("alert");
    expect(await summary.innerText()).toContain("Check your answers");
    expect(await summary.getByRole("link").allInnerTexts()).toEqual([
      `ZIP code: ${ESTIMATE_TEXT.zip}`,
      `Footprint: ${ESTIMATE_TEXT.sizeMissing}`,
      `Stories: ${ESTIMATE_TEXT.stories}`,
      `Roof steepness: ${ESTIMATE_TEXT.steepness}`,
      `Current material: ${ESTIMATE_TEXT.material}`,
    ]);
    const zip = form(page).getByRole("textbox", { name: "ZIP code of the home" });
    expect(await zip.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#${await zip.getAttribute("aria-describedby")}`).innerText()).toBe(ESTIMATE_TEXT.zip);

    await fill(page, "43017");
    // The form's query (with the empty squares field): the page renders from it, so the result can be shared or reloaded.
    expect(new URL(page.url()).search).toBe("?zip=43017&footprint=1800&squares=&stories=2&steepness=medium&material=asphalt");
    expect(new URL(page.url()).hash).toBe("#estimate-result");
    const tiers = await ranges(page);
    expect(tiers).toHaveLength(3);
    for (const [index, label] of ["GOOD", "BETTER", "BEST"].entries()) expect(tiers[index]).toMatch(new RegExp(`^${label}\\s+\\$[\\d,]+ to \\$[\\d,]+\\s+\\S`));
    expect(await page.getByText(ESTIMATE_TEXT.disclaimer).count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator("[data-estimate-outside]").count()).toBe(0);
    // The answers stay in the form.
    expect(await form(page).getByRole("radio", { name: /^Medium/ }).isChecked()).toBe(true);
    const book = page.getByRole("link", { name: ESTIMATE_TEXT.bookLink });
    expect(await book.getAttribute("href")).toBe(`/book?estimate=${encodeURIComponent(ANSWERS)}`);
  });

  test("with JavaScript, a ZIP outside the service area is told plainly, with the ranges", async () => {
    // The service area of Site Configuration (its setting): the change reaches the app through the database's notification.
    await staff.pool().query("update cms_site_settings set setting_value = $1 where setting_key = 'service_area_zips'", ["43017, 43016, 432"]);
    const page = await visitor(true);
    // Axe (every control named, contrast...) and the phone's width, on the page as it opens and with its errors
    // (page.evaluate needs JavaScript: the same HTML as above).
    await open(page, "/estimate", true);
    await expectNoAxeViolations(page);
    await fitsThePhone(page);
    await form(page).getByRole("button", { name: "See my price range" }).click();
    await page.getByRole("alert").waitFor();
    await expectNoAxeViolations(page);
    await fitsThePhone(page);

    await expect
      .poll(
        async () => {
          await open(page, "/estimate", true);
          await fill(page, "43950");
          return page.locator("[data-estimate-outside]").count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await page.locator("[data-estimate-outside]").innerText()).toBe(ESTIMATE_TEXT.outsideArea("43950"));
    expect(await ranges(page)).toHaveLength(3);
    expect(await page.getByText(ESTIMATE_TEXT.disclaimer).count()).toBeGreaterThanOrEqual(1);
    await expectNoAxeViolations(page);
    await fitsThePhone(page);

    await open(page, "/estimate", true);
    await fill(page, "43017");
    expect(await ranges(page)).toHaveLength(3);
    expect(await page.locator("[data-estimate-outside]").count()).toBe(0);
  });

  test("the page cache keeps /estimate and renders every answer; home and /services link to it", async () => {
    await fetch(`${app().url}/estimate`);
    expect((await fetch(`${app().url}/estimate?utm_source=ad`)).headers.get("x-page-cache")).toBe("hit");
    const answered = await fetch(`${app().url}/estimate?${ANSWERS}`);
    expect(answered.headers.get("x-page-cache")).toBeNull();
    expect(await answered.text()).toContain("Your price range");
    for (const pagePath of ["/", "/services"]) expect(await staff.publicHtml(pagePath), pagePath).toContain('href="/estimate"');
    const sitemap = await (await fetch(`${app().url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${app().url}/estimate</loc>`);
  });
});

describe("the lead page", () => {
  test("shows the estimate a lead carries: the ranges, the inputs in words and the disclaimer", async () => {
    const estimate: LeadEstimateRecord = {
      inputs: { zip: "43017", footprintSqFt: 1800, squares: null, stories: 2, steepness: "medium", material: "asphalt" },
      squares: 22.97,
      tiers: [
        { key: "good", label: "Good", product: "Royal Sovereign 3-tab shingles", lowCents: 1_050_400, highCents: 1_311_400 },
        { key: "better", label: "Better", product: "Timberline HDZ shingles", lowCents: 1_151_400, highCents: 1_421_600 },
        { key: "best", label: "Best", product: "Timberline UHDZ shingles", lowCents: 1_252_500, highCents: 1_531_900 },
      ],
      computedAt: "2026-11-29T15:00:00.000Z",
    };
    const lead = await createLead({ db: drizzle(staff.pool(), { schema, casing: "snake_case" }), overrides: { estimate } });
    const page = await staff.page({ viewport: PHONE });
    await staff.goto(page, `/admin/leads/${lead.id}`);
    const section = page.getByRole("region", { name: "Instant estimate" });
    const text = await section.innerText();
    expect(text).toContain("$10,504 to $13,114");
    expect(text).toContain("Timberline UHDZ shingles");
    expect(text).toContain("A 1,800 sq ft footprint: about 22.97 squares of roof");
    expect(text).toContain(ESTIMATE_TEXT.disclaimer);
    await expectNoAxeViolations(page);
  });
});
