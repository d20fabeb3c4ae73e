import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { withClient } from "../support/db";

/**
 * The GAF manufacturer portal (spec 1 §2) in Chromium against the production
 * server, which migrated and seeded its own fresh database (6 warranties,
 * 10 shingles, 6 roof layers with products, 23 colours).
 *
 * DOM contract (app/components/gaf/*): `article[data-warranty]`,
 * `[data-warranty-extra]`, `input[data-details-toggle]`, `article[data-shingle]`,
 * `[data-mark="yes|no|unknown"]`, `li[data-roof-layer]`, `[data-roof-product]`,
 * `a[data-learn-more]`, `a[data-color-swatch]`, `dialog[data-color-dialog]`.
 */

const PAGES = ["/gaf", "/gaf/warranties", "/gaf/shingles", "/gaf/roof-system", "/gaf/timberline-hdz-colors"] as const;

/** The seeded site setting manufacturer_partnership_url: where "Learn More" leads for a shingle without its own page. */
const MANUFACTURER_SHINGLES_URL = "https://www.gaf.com/en-us/roofing-products/residential-roofing-products/shingles";

const app = useApp();
const browser = useBrowser();

let context: BrowserContext;
let noScriptContext: BrowserContext;
const pages: Page[] = [];
beforeAll(async () => {
  context = await browser().newContext({ baseURL: app().url, viewport: { width: 1280, height: 900 } });
  noScriptContext = await browser().newContext({ baseURL: app().url, viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
});
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.close()));
});
afterAll(async () => {
  await context?.close();
  await noScriptContext?.close();
});

async function openPage(path: string, { javaScript = true } = {}): Promise<Page> {
  const page = await (javaScript ? context : noScriptContext).newPage();
  pages.push(page);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response?.status(), `GET ${path}`).toBe(200);
  expect(errors, `errors on ${path}`).toEqual([]);
  return page;
}

async function expectBackLink(page: Page) {
  const back = page.getByRole("link", { name: "Back to GAF Portal" });
  await expect.poll(() => back.getAttribute("href")).toBe("/gaf");
}

describe("/gaf", () => {
  test("shows the four cards and the external certification link", async () => {
    const page = await openPage("/gaf");
    expect(await page.title()).toContain("GAF");
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    const cards = page.locator("a[data-portal-card]");
    expect(await cards.locator("h2").allTextContents()).toEqual([
      "Warranties",
      "Compare Shingles",
      "Roof System Explorer",
      "Timberline HDZ Colors",
    ]);
    expect(await cards.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "/gaf/warranties",
      "/gaf/shingles",
      "/gaf/roof-system",
      "/gaf/timberline-hdz-colors",
    ]);

    const certified = page.getByRole("link", { name: /Learn Why We.re GAF-Certified/ });
    expect(await certified.getAttribute("href")).toMatch(/^https:\/\/www\.gaf\.com\//);
    expect(await certified.getAttribute("target")).toBe("_blank");
    expect(await certified.getAttribute("rel")).toContain("noopener");

    await cards.filter({ hasText: "Compare Shingles" }).click();
    await page.waitForURL("**/gaf/shingles");
    expect(await page.locator("article[data-shingle]").count()).toBe(10);
  });
});

describe("/gaf/warranties", () => {
  test("one card per warranty with the main terms and the extra details on by default", async () => {
    const page = await openPage("/gaf/warranties");
    await expectBackLink(page);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/warrant/i);

    const cards = page.locator("article[data-warranty]");
    expect(await cards.count()).toBe(6);
    expect(await cards.locator("h2").first().textContent()).toBe("GAF Shingle & Accessory Limited Warranty (Standard)");
    const first = cards.first();
    for (const term of ["Coverage type", "Coverage period", "Manufacturing defects", "Workmanship"]) {
      expect(await first.locator("dt", { hasText: term }).isVisible(), term).toBe(true);
    }
    for (const term of ["System coverage", "Wind protection", "Transferable", "Algae protection"]) {
      expect(await first.locator("dt", { hasText: term }).isVisible(), term).toBe(true);
    }
    // Seed: the standard warranty has no system coverage, 15 years of wind protection and can be transferred.
    expect(await first.locator("[data-warranty-extra]", { hasText: "System coverage" }).locator("dd").innerText()).toBe("No");
    expect(await first.locator("[data-warranty-extra]", { hasText: "Wind protection" }).locator("dd").innerText()).toBe("15 years");
    expect(await first.locator("[data-warranty-extra]", { hasText: "Transferable" }).locator("dd").innerText()).toBe("Yes");
    // No seeded warranty has a sample PDF: no dead link.
    expect(await page.getByRole("link", { name: /Download Sample PDF/ }).count()).toBe(0);

    const all = page.getByRole("link", { name: /all GAF limited warranties/i });
    expect(await all.getAttribute("href")).toMatch(/^https:\/\/www\.gaf\.com\//);
    expect(await all.getAttribute("target")).toBe("_blank");
  });

  test("the 'Show all details' switch hides and shows the extra details (mouse and keyboard)", async () => {
    const page = await openPage("/gaf/warranties");
    const toggle = page.getByRole("switch", { name: "Show all details" });
    const extra = page.locator("[data-warranty-extra]");
    expect(await extra.count()).toBe(6 * 4);
    expect(await toggle.isChecked()).toBe(true);
    expect(await extra.first().isVisible()).toBe(true);

    await page.getByText("Show all details").click();
    expect(await toggle.isChecked()).toBe(false);
    await expect.poll(() => extra.evaluateAll((rows) => rows.filter((r) => (r as HTMLElement).offsetParent !== null).length)).toBe(0);
    // The main terms stay.
    expect(await page.locator("dt", { hasText: "Coverage period" }).first().isVisible()).toBe(true);

    await toggle.focus();
    await page.keyboard.press("Space");
    expect(await toggle.isChecked()).toBe(true);
    await expect.poll(() => extra.evaluateAll((rows) => rows.filter((r) => (r as HTMLElement).offsetParent !== null).length)).toBe(24);
  });

  test("without JavaScript the details are visible and the switch still works", async () => {
    const page = await openPage("/gaf/warranties", { javaScript: false });
    const extra = page.locator("[data-warranty-extra]");
    expect(await extra.first().isVisible()).toBe(true);
    await page.getByText("Show all details").click();
    expect(await extra.first().isVisible()).toBe(false);
  });
});

describe("/gaf/shingles", () => {
  test("one card per model with badges and yes / no / dash marks", async () => {
    const page = await openPage("/gaf/shingles");
    await expectBackLink(page);
    const cards = page.locator("article[data-shingle]");
    expect(await cards.count()).toBe(10);
    expect(await cards.locator("h2").first().textContent()).toBe("Timberline HDZ");

    const hdz = cards.filter({ has: page.getByRole("heading", { name: "Timberline HDZ", exact: true }) });
    expect(await hdz.innerText()).toContain("Architectural");
    expect(await hdz.getByText("Price tier 2 of 4").count()).toBe(1);
    const hdzLayerLock = hdz.locator("div", { has: page.locator("dt", { hasText: "LayerLock technology" }) }).locator("dd");
    expect(await hdzLayerLock.innerText()).toBe("Yes");
    expect(await hdzLayerLock.locator("[data-mark]").getAttribute("data-mark")).toBe("yes");

    // Seed: Timberline NS's LayerLock is unknown, Title 24 unknown everywhere.
    const ns = cards.filter({ has: page.getByRole("heading", { name: "Timberline NS", exact: true }) });
    const nsLayerLock = ns.locator("div", { has: page.locator("dt", { hasText: "LayerLock technology" }) }).locator("[data-mark]");
    expect(await nsLayerLock.getAttribute("data-mark")).toBe("unknown");
    expect(await nsLayerLock.locator("[aria-hidden]").innerText()).toBe("—"); // what people see
    expect(await nsLayerLock.locator(".sr-only").textContent()).toBe("Unknown"); // what screen readers hear
    expect(await page.locator("dt", { hasText: "Title 24 compliant" }).count()).toBe(10);
    expect(
      await cards.evaluateAll((all) =>
        all.every((card) => {
          const row = [...card.querySelectorAll("dt")].find((dt) => dt.textContent === "Title 24 compliant")?.parentElement;
          return row?.querySelector("[data-mark]")?.getAttribute("data-mark") === "unknown";
        }),
      ),
    ).toBe(true);

    // Seed: Royal Sovereign has no lifetime warranty: a "No" mark, with words, not colour alone.
    const royal = cards.filter({ has: page.getByRole("heading", { name: "Royal Sovereign", exact: true }) });
    const lifetime = royal.locator("div", { has: page.locator("dt", { hasText: "Lifetime limited warranty" }) }).locator("[data-mark]");
    expect(await lifetime.getAttribute("data-mark")).toBe("no");
    expect(await lifetime.innerText()).toBe("No");
    expect(await royal.innerText()).toContain("3-Tab");

    // Every card has a "Learn More" link to an http(s) page, named after its shingle. No seeded shingle has an
    // official URL: they all lead to the manufacturer's shingles page (site setting manufacturer_partnership_url).
    const models = await cards.locator("h2").allTextContents();
    expect(models).toHaveLength(10);
    for (const [index, model] of models.entries()) {
      const learnMore = cards.nth(index).getByRole("link", { name: `Learn More about ${model} (opens in a new tab)`, exact: true });
      expect(await learnMore.count(), model).toBe(1);
      expect(await learnMore.getAttribute("href"), model).toMatch(/^https?:\/\/[^/\s]+/);
      expect(await learnMore.getAttribute("href"), model).toBe(MANUFACTURER_SHINGLES_URL);
      expect(await learnMore.getAttribute("target")).toBe("_blank");
      expect(await learnMore.getAttribute("rel")).toContain("noopener");
    }
    expect(await page.getByRole("link", { name: /^Learn More/ }).count()).toBe(10);
  });

  test("a shingle's own official URL is its Learn More link; the others keep the manufacturer's page", async () => {
    const setOfficialUrl = (url: string | null) =>
      withClient(app().databaseUrl, (client) => client.query(`update gaf_shingles set official_url = $1 where model = 'Timberline HDZ'`, [url]));
    const official = "https://www.gaf.com/en-us/roofing-products/residential-roofing-products/shingles/timberline-hdz";
    await setOfficialUrl(official);
    try {
      // The page cache hears about the change through LISTEN/NOTIFY: allow 5 s.
      await expect
        .poll(async () => (await (await fetch(new URL("/gaf/shingles", app().url))).text()).includes(official), { timeout: 5_000 })
        .toBe(true);
      const page = await openPage("/gaf/shingles");
      const hrefs = await page.locator("article[data-shingle]").evaluateAll((cards) =>
        cards.map((card) => [card.querySelector("h2")?.textContent, card.querySelector("a[data-learn-more]")?.getAttribute("href")]),
      );
      expect(hrefs).toHaveLength(10);
      for (const [model, href] of hrefs) expect(href, model ?? "").toBe(model === "Timberline HDZ" ? official : MANUFACTURER_SHINGLES_URL);
    } finally {
      await setOfficialUrl(null);
    }
  });
});

describe("/gaf/roof-system", () => {
  test("numbered layers, each with its products and a tidy placeholder for missing images", async () => {
    const page = await openPage("/gaf/roof-system");
    await expectBackLink(page);
    const layers = page.locator("li[data-roof-layer]");
    expect(await layers.count()).toBe(6);
    expect(await layers.locator("h2").allTextContents()).toEqual([
      "Layer 1: Leak Barrier",
      "Layer 2: Roof Deck Protection",
      "Layer 3: Starter Strip Shingles",
      "Layer 4: Shingles",
      "Layer 5: Attic Ventilation",
      "Layer 6: Hip & Ridge Cap Shingles",
    ]);
    // The numbers are visible (headings say "Layer N" to screen readers).
    expect(await layers.nth(2).locator("span[aria-hidden]").first().innerText()).toBe("3");

    const counts = await layers.evaluateAll((items) => items.map((li) => li.querySelectorAll("[data-roof-product]").length));
    expect(counts).toEqual([2, 3, 2, 2, 2, 3]);
    const first = layers.first().locator("[data-roof-product]").first();
    expect(await first.locator("h3").textContent()).toBe("WeatherWatch Leak Barrier");
    expect(await first.innerText()).toContain("Mineral-surfaced peel-and-stick leak barrier");
    // Seed: no product image yet: placeholders with an icon, no broken <img>.
    expect(await page.locator("[data-roof-product] img").count()).toBe(0);
    expect(await page.locator("[data-product-placeholder] svg").count()).toBe(14);
  });
});

describe("/gaf/timberline-hdz-colors", () => {
  test("a swatch opens a dialog with the large swatch, name and hex; Escape closes it", async () => {
    const page = await openPage("/gaf/timberline-hdz-colors");
    await expectBackLink(page);
    const swatches = page.locator("a[data-color-swatch]");
    expect(await swatches.count()).toBe(23);
    expect(await swatches.first().innerText()).toContain("Charcoal");
    // Each swatch is a link (it works without JavaScript) announcing its dialog, named by its visible text first.
    const charcoalSwatch = page.getByRole("link", { name: "Charcoal #3A3B3D, view color details", exact: true });
    expect(await charcoalSwatch.count()).toBe(1);
    expect(await charcoalSwatch.getAttribute("aria-haspopup")).toBe("dialog");
    const named = await swatches.evaluateAll((links) =>
      links.map((a) => ({
        visible: (a as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
        label: a.getAttribute("aria-label") ?? "",
        popup: a.getAttribute("aria-haspopup"),
      })),
    );
    for (const { visible, label, popup } of named) {
      expect(label, visible).toBe(`${visible}, view color details`);
      expect(popup, visible).toBe("dialog");
    }
    for (const { label } of named.slice(0, 3)) expect(await page.getByRole("link", { name: label, exact: true }).count(), label).toBe(1);

    await page.waitForFunction(() => document.querySelector("[data-gaf-colors]")?.hasAttribute("data-gaf-enhanced"));
    const swatch = swatches.filter({ hasText: "Weathered Wood" });
    await swatch.click();
    const dialog = page.getByRole("dialog", { name: "Weathered Wood" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open && d.matches(":modal"))).toBe(true);
    expect(await dialog.locator("[data-color-hex]").innerText()).toBe("#756B5E");
    expect(
      await dialog.locator("[data-color-large-swatch]").evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe("rgb(117, 107, 94)");
    // No seeded colour has an availability link.
    expect(await dialog.getByRole("link", { name: /Check Availability/ }).count()).toBe(0);

    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Focus goes back to the swatch that opened it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Weathered Wood");

    // The close button works too.
    await swatches.filter({ hasText: "Charcoal" }).click();
    const charcoal = page.getByRole("dialog", { name: "Charcoal" });
    await expect.poll(() => charcoal.isVisible()).toBe(true);
    await charcoal.getByRole("link", { name: "Close" }).click();
    await expect.poll(() => charcoal.isVisible()).toBe(false);
    expect(new URL(page.url()).hash).toBe("");
  });

  test("a link to one colour opens its dialog", async () => {
    const page = await openPage("/gaf/timberline-hdz-colors#color-hunter-green");
    const dialog = page.getByRole("dialog", { name: "Hunter Green" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  test("without JavaScript each swatch leads to its details", async () => {
    const page = await openPage("/gaf/timberline-hdz-colors", { javaScript: false });
    const swatch = page.locator("a[data-color-swatch]", { hasText: "Patriot Red" });
    expect(await swatch.getAttribute("href")).toBe("#color-patriot-red");
    await swatch.click();
    const panel = page.locator("#color-patriot-red");
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await panel.innerText()).toContain("#6B2F2A");
    await panel.getByRole("link", { name: "Close" }).click();
    await expect.poll(() => panel.isVisible()).toBe(false);
  });
});

describe("content changes", () => {
  test("a deactivated row disappears from its page", async () => {
    const setActive = (table: string, column: string, value: string, active: boolean) =>
      withClient(app().databaseUrl, (client) =>
        client.query(`update ${table} set is_active = $1 where ${column} = $2`, [active, value]),
      );
    const fetchText = async (path: string) => (await fetch(new URL(path, app().url))).text();

    // Fill the page cache first (server/page-cache.ts: X-Page-Cache: hit), so the check below proves its
    // invalidation rather than a first render.
    for (const [path, text] of [["/gaf/timberline-hdz-colors", "Patriot Red"], ["/gaf/shingles", "Grand Canyon"]] as const) {
      expect(await fetchText(path)).toContain(text);
      // The page is stored once its compressed forms are made, a moment after the first render.
      await expect
        .poll(async () => {
          const again = await fetch(new URL(path, app().url));
          return (await again.text()).includes(text) ? again.headers.get("x-page-cache") : "without the text";
        })
        .toBe("hit");
    }

    await setActive("gaf_colors", "name", "Patriot Red", false);
    await setActive("gaf_shingles", "model", "Grand Canyon", false);
    try {
      // A page cache may take a moment to hear about the change (LISTEN/NOTIFY): allow 5 s.
      await expect
        .poll(async () => (await fetchText("/gaf/timberline-hdz-colors")).includes("Patriot Red"), {
          timeout: 5_000,
          message: "stale /gaf/timberline-hdz-colors: a deactivated colour is still served",
        })
        .toBe(false);
      await expect
        .poll(async () => (await fetchText("/gaf/shingles")).includes("Grand Canyon"), {
          timeout: 5_000,
          message: "stale /gaf/shingles: a deactivated shingle is still served",
        })
        .toBe(false);

      const page = await openPage("/gaf/timberline-hdz-colors");
      expect(await page.locator("a[data-color-swatch]").count()).toBe(22);
      const shingles = await openPage("/gaf/shingles");
      expect(await shingles.locator("article[data-shingle]").count()).toBe(9);
    } finally {
      await setActive("gaf_colors", "name", "Patriot Red", true);
      await setActive("gaf_shingles", "model", "Grand Canyon", true);
    }
  });
});

describe("accessibility", () => {
  test.each(PAGES)("axe finds no violations on %s", async (path) => {
    const page = await openPage(path);
    await expectNoAxeViolations(page);
  });

  test("axe finds no violations in an open colour dialog", async () => {
    const page = await openPage("/gaf/timberline-hdz-colors");
    await page.waitForFunction(() => document.querySelector("[data-gaf-colors]")?.hasAttribute("data-gaf-enhanced"));
    await page.locator("a[data-color-swatch]").first().click();
    await expect.poll(() => page.getByRole("dialog", { name: "Charcoal" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
  });
});
