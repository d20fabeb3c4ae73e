import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { useApp, waitForLog } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";

/**
 * The public layout (header, mobile menu, footer, not-found page) in Chromium
 * against the production server, which migrated and seeded its own fresh
 * database. One server, one browser and one browser context (warm HTTP
 * cache: ~2x faster pages on 2 cores) for the file; a new page per test.
 *
 * DOM contract (app/components/site/site-header.tsx, behaviours in
 * app/enhance/site.js): <header data-scrolled>,
 * <nav aria-label="Main">, toggle button "Open menu"/"Close menu" with
 * aria-expanded and aria-controls="mobile-menu", <nav id="mobile-menu"
 * aria-label="Mobile">, a skip link to <main id="main">.
 */

const PHONE = "(614) 555-0147";
const EMAIL = "office@buckeyevalorroofing.com";

const app = useApp();
const browser = useBrowser();

let context: BrowserContext;
const pages: Page[] = [];
beforeAll(async () => {
  context = await browser().newContext({ baseURL: app().url });
});
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.close()));
});
afterAll(async () => {
  await context?.close();
});

async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await context.newPage();
  pages.push(page);
  await page.setViewportSize(viewport);
  return page;
}

async function openPage(path = "/", viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await newPage(viewport);
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  expect(response?.status(), `GET ${path}`).toBeLessThan(500);
  await waitForEnhancement(page);
  return page;
}

/**
 * Public pages do not hydrate (ADR 007): app/enhance/site.js marks <html
 * data-enhanced="true"> once the header's behaviours are attached.
 */
async function waitForEnhancement(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.enhanced === "true");
}

/** Makes the document tall enough to scroll, whatever the page's content (React leaves <html>'s style alone). */
async function makeTall(page: Page, px = 4000) {
  await page.evaluate((height) => {
    document.documentElement.style.minHeight = `${height}px`;
  }, px);
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
}

async function headerState(page: Page) {
  return page.locator("header").first().evaluate((header) => {
    const color = getComputedStyle(header).backgroundColor;
    const parts = color.match(/[\d.]+/g)?.map(Number) ?? [];
    return { scrolled: header.getAttribute("data-scrolled"), alpha: parts.length === 4 ? parts[3]! : 1, color };
  });
}

/** Two animation frames: the header updates its state at most once per frame. */
async function settleFrames(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

function loggedPath(line: string): string | undefined {
  try {
    return (JSON.parse(line) as { path?: string }).path;
  } catch {
    return undefined;
  }
}

describe("header", () => {
  test("translucent at the top, opaque once scrolled more than 10 px", async () => {
    const page = await openPage("/");
    await makeTall(page);
    expect(await page.getByRole("banner").count()).toBe(1);

    const top = await headerState(page);
    expect(top.scrolled).toBe("false");
    expect(top.alpha, top.color).toBeLessThan(1);

    await scrollTo(page, 5);
    await settleFrames(page);
    await page.waitForTimeout(300); // longer than the background transition
    const at5 = await headerState(page);
    expect(at5.scrolled).toBe("false");
    expect(at5.alpha, at5.color).toBeLessThan(1);

    await scrollTo(page, 11);
    await expect.poll(async () => (await headerState(page)).scrolled).toBe("true");
    await expect.poll(async () => (await headerState(page)).alpha).toBe(1);

    await scrollTo(page, 0);
    await expect.poll(async () => (await headerState(page)).scrolled).toBe("false");
    await expect.poll(async () => (await headerState(page)).alpha).toBeLessThan(1);
  });

  test("the skip link is the first focusable element and leads to <main id=\"main\">", async () => {
    const page = await openPage("/");
    expect(await page.locator("main#main").count()).toBe(1);
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLAnchorElement | null;
      return { href: el?.getAttribute("href"), text: el?.textContent?.trim() };
    });
    expect(focused.href).toBe("#main");
    expect(focused.text).toMatch(/skip/i);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#main");
  });
});

describe("mobile menu", () => {
  const toggle = (page: Page) => page.locator('button[aria-controls="mobile-menu"]');
  const desktopNav = (page: Page) => page.locator('nav[aria-label="Main"]');
  const mobileNav = (page: Page) => page.locator('nav#mobile-menu[aria-label="Mobile"]');

  test("at 767 px: toggle shown, desktop nav hidden; the toggle opens and closes the menu", async () => {
    const page = await openPage("/", { width: 767, height: 900 });
    await expect.poll(() => toggle(page).isVisible()).toBe(true);
    expect(await desktopNav(page).isVisible()).toBe(false);
    expect(await mobileNav(page).isVisible()).toBe(false);
    expect(await toggle(page).getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("button", { name: "Open menu" }).count()).toBe(1);

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect.poll(() => mobileNav(page).isVisible()).toBe(true);
    expect(await toggle(page).getAttribute("aria-expanded")).toBe("true");
    expect(await page.getByRole("button", { name: "Close menu" }).count()).toBe(1);
    const links = mobileNav(page).getByRole("link");
    expect(await links.count()).toBeGreaterThan(3);
    expect(await mobileNav(page).getByRole("link", { name: "Home" }).isVisible()).toBe(true);

    await page.getByRole("button", { name: "Close menu" }).click();
    await expect.poll(() => mobileNav(page).isVisible()).toBe(false);
    expect(await toggle(page).getAttribute("aria-expanded")).toBe("false");
  });

  test("on the account pages, which hydrate, too: the menu opens in place (the address keeps its query) and the header follows the scroll", async () => {
    const page = await openPage("/auth?mode=signup", { width: 767, height: 900 });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect.poll(() => mobileNav(page).isVisible()).toBe(true);
    expect(new URL(page.url()).search).toBe("?mode=signup");
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect.poll(() => mobileNav(page).isVisible()).toBe(false);
    await makeTall(page);
    await scrollTo(page, 11);
    await expect.poll(async () => (await headerState(page)).scrolled).toBe("true");
  });

  test("at 769 px: toggle hidden, desktop nav shown", async () => {
    const page = await openPage("/", { width: 769, height: 900 });
    await expect.poll(() => desktopNav(page).isVisible()).toBe(true);
    expect(await toggle(page).isVisible()).toBe(false);
    expect(await mobileNav(page).isVisible()).toBe(false);
    expect(await desktopNav(page).getByRole("link").count()).toBeGreaterThan(3);
  });

  test("an open menu closes when the viewport grows from 767 to 769 px", async () => {
    const page = await openPage("/", { width: 767, height: 900 });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect.poll(() => mobileNav(page).isVisible()).toBe(true);

    await page.setViewportSize({ width: 769, height: 900 });
    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("false");
    expect(await mobileNav(page).isVisible()).toBe(false);
    expect(await toggle(page).isVisible()).toBe(false);
    expect(await desktopNav(page).isVisible()).toBe(true);

    // Back to the small width: the menu stays closed.
    await page.setViewportSize({ width: 767, height: 900 });
    await expect.poll(() => toggle(page).isVisible()).toBe(true);
    expect(await toggle(page).getAttribute("aria-expanded")).toBe("false");
    expect(await mobileNav(page).isVisible()).toBe(false);
  });
});

describe("navigation", () => {
  for (const where of ["header", "footer"] as const) {
    test(`following a link in the ${where} loads the new page at the top`, async () => {
      const page = await openPage("/");
      await makeTall(page);
      const link =
        where === "header"
          ? page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" })
          : page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" });
      const href = await link.getAttribute("href");
      expect(href).toMatch(/^\/[a-z]/);

      if (where === "header") await scrollTo(page, 2500); // the header is fixed: always on screen
      else await link.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      await waitForEnhancement(page);
      // Public pages are plain documents: the new page starts at the top, unscrolled.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect((await headerState(page)).scrolled).toBe("false");
    });
  }

  test("the menu button works without JavaScript: it leads to the footer navigation", async () => {
    const noJs = await browser().newContext({ baseURL: app().url, javaScriptEnabled: false, viewport: { width: 390, height: 800 } });
    try {
      const page = await noJs.newPage();
      await page.goto("/");
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.waitForURL((url) => url.hash === "#footer-nav");
      const footerNav = page.getByRole("navigation", { name: "Footer" });
      expect(await footerNav.isVisible()).toBe(true);
      expect(await footerNav.getByRole("link", { name: "Services" }).getAttribute("href")).toBe("/services");
    } finally {
      await noJs.close();
    }
  });
});

describe("mobile menu closing", () => {
  const toggle = (page: Page) => page.locator('button[aria-controls="mobile-menu"]');
  const mobileNav = (page: Page) => page.locator('nav#mobile-menu[aria-label="Mobile"]');

  test("Escape closes the menu and returns focus to the toggle", async () => {
    const page = await openPage("/", { width: 390, height: 800 });
    await toggle(page).click();
    await expect.poll(() => mobileNav(page).isVisible()).toBe(true);
    expect(await page.locator("header").getAttribute("data-menu-open")).toBe("true");
    await page.keyboard.press("Escape");
    await expect.poll(() => mobileNav(page).isVisible()).toBe(false);
    expect(await page.locator("header").getAttribute("data-menu-open")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("mobile-menu");
  });

  test("a click outside the menu closes it", async () => {
    const page = await openPage("/", { width: 390, height: 800 });
    await toggle(page).click();
    await expect.poll(() => mobileNav(page).isVisible()).toBe(true);
    await page.mouse.click(200, 750); // on the backdrop, below the panel
    await expect.poll(() => mobileNav(page).isVisible()).toBe(false);
    expect(await toggle(page).getAttribute("aria-expanded")).toBe("false");
  });

  test("following a link in the menu closes it", async () => {
    const page = await openPage("/", { width: 390, height: 800 });
    await toggle(page).click();
    // An in-page link keeps the same document: the menu must close by itself.
    await page.evaluate(() => {
      const link = document.querySelector<HTMLAnchorElement>("#mobile-menu a[href^='/contact']");
      if (link) link.href = "#main";
    });
    await mobileNav(page).getByRole("link", { name: "Schedule Inspection" }).click();
    await expect.poll(() => mobileNav(page).isVisible()).toBe(false);
    expect(await toggle(page).getAttribute("aria-expanded")).toBe("false");
  });
});

describe("not found", () => {
  test("/this-does-not-exist answers 404 with a way home, and the path is logged", async () => {
    const page = await newPage();
    const response = await page.goto("/this-does-not-exist", { waitUntil: "domcontentloaded" });
    expect(response?.status()).toBe(404);
    await waitForEnhancement(page);
    expect(await page.getByRole("heading", { name: "Oops! Page not found" }).isVisible()).toBe(true);

    // A JSON log line names the attempted path.
    await waitForLog(app().server, (log) => log.split("\n").some((line) => loggedPath(line) === "/this-does-not-exist"));

    const home = page.getByRole("link", { name: "Return to Home" });
    expect(await home.getAttribute("href")).toBe("/");
    await home.click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByRole("heading", { name: "Oops! Page not found" }).count()).toBe(0);
  });
});

describe("footer", () => {
  test("shows the seeded phone, email and the current year", async () => {
    const page = await openPage("/");
    const footer = page.getByRole("contentinfo");
    const text = (await footer.innerText()).replace(/\s+/g, " ");
    expect(text).toContain(PHONE);
    expect(text).toContain(EMAIL);
    expect(text).toContain(`© ${new Date().getFullYear()}`);
    expect(await footer.getByRole("link", { name: PHONE }).getAttribute("href")).toBe("tel:+16145550147");
    expect(await footer.getByRole("link", { name: EMAIL }).getAttribute("href")).toBe(`mailto:${EMAIL}`);
  });
});

describe("accessibility", () => {
  test("the home page has no axe violations (WCAG 2.1 AA)", async () => {
    const page = await openPage("/");
    await expectNoAxeViolations(page);
  });

  test("the not-found page has no axe violations (WCAG 2.1 AA)", async () => {
    const page = await openPage("/this-does-not-exist");
    await expectNoAxeViolations(page);
  });
});
