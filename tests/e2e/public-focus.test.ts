import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { useBrowser } from "../support/browser";

/**
 * The public header's and footer's links by keyboard (issue 31 item 5): each one, reached with Tab, shows
 * a visible focus indicator (an outline or a ring: its computed style, and screenshots of its box plus
 * 8 px, focused and unfocused, that differ in at least as many pixels as a one-pixel ring all around it),
 * on a desktop and in the open mobile menu, where focus stays inside (Tab from the last item goes back to
 * the first, the "Close menu" toggle; Shift+Tab the other way). And the
 * customers' way in: "Your requests" in the footer and the mobile menu, the same for everyone (the page
 * is cached), which sends a signed-out visitor to sign in.
 */

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

async function openPage(path: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await context.newPage();
  pages.push(page);
  await page.setViewportSize(viewport);
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await page.waitForFunction(() => document.documentElement.dataset.enhanced === "true");
  return page;
}

interface Focused {
  /** Where the focused element is: "header", "menu", "footer" or "other". */
  where: string;
  tag: string;
  name: string;
  href: string | null;
  outline: string;
  boxShadow: string;
  /** Its box in the viewport, padded by 8 px for an outline drawn outside it. */
  clip: { x: number; y: number; width: number; height: number };
}

/** The focused element, where it is, and how it is drawn. */
async function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const where = element.closest("#mobile-menu")
      ? "menu"
      : element.closest("header[data-site-header]")
        ? "header"
        : element.closest("footer")
          ? "footer"
          : "other";
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return {
      where,
      tag: element.tagName.toLowerCase(),
      name: (element.getAttribute("aria-label") ?? element.textContent ?? "").replace(/\s+/g, " ").trim(),
      href: element.getAttribute("href"),
      outline: `${style.outlineStyle} ${style.outlineWidth}`,
      boxShadow: style.boxShadow,
      clip: { x: Math.max(0, box.x - 8), y: Math.max(0, box.y - 8), width: box.width + 16, height: box.height + 16 },
    };
  });
}

/** A visible indicator by computed style: an outline of some width, or a box-shadow (Tailwind's ring). */
function hasIndicator(f: Focused): boolean {
  const [style, width] = f.outline.split(" ");
  const outline = style !== "none" && Number.parseFloat(width ?? "0") > 0;
  return outline || (f.boxShadow !== "none" && f.boxShadow !== "");
}

/** How many pixels differ between two screenshots of the same clip (any channel by more than 24 of 255). */
async function changedPixels(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((png) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  if (x!.info.width !== y!.info.width || x!.info.height !== y!.info.height) return Number.POSITIVE_INFINITY;
  let changed = 0;
  for (let i = 0; i < x!.data.length; i += 3) {
    if (Math.max(Math.abs(x!.data[i]! - y!.data[i]!), Math.abs(x!.data[i + 1]! - y!.data[i + 1]!), Math.abs(x!.data[i + 2]! - y!.data[i + 2]!)) > 24) changed += 1;
  }
  return changed;
}

/**
 * The focused element as drawn, then unfocused (blurred), in its box plus 8 px: how many pixels differ,
 * against the box's perimeter (a ring one pixel wide all around it changes that many). Focus is put back
 * (still keyboard focus: :focus-visible) so that Tab goes on from it.
 */
async function focusRingPixels(page: Page, f: Focused): Promise<{ changed: number; perimeter: number }> {
  await page.waitForTimeout(200); // past the colour transition
  const on = await page.screenshot({ clip: f.clip, animations: "disabled" });
  const handle = await page.evaluateHandle(() => document.activeElement as HTMLElement);
  await handle.evaluate((el) => el.blur());
  await page.waitForTimeout(200);
  const off = await page.screenshot({ clip: f.clip, animations: "disabled" });
  await handle.evaluate((el) => el.focus());
  await handle.dispose();
  return { changed: await changedPixels(on, off), perimeter: 2 * (f.clip.width - 16 + f.clip.height - 16) };
}

/** The focused and unfocused screenshots differ by at least a one-pixel ring around the element. */
async function expectVisibleRing(page: Page, f: Focused): Promise<void> {
  const { changed, perimeter } = await focusRingPixels(page, f);
  expect(changed, `${f.where} ${f.name}: ${changed} pixels change when focused (a ring all around would change ${perimeter})`).toBeGreaterThanOrEqual(perimeter);
}

describe("focus rings of the public header and footer", () => {
  test("on a desktop (1280 px), every header and footer link shows a focus indicator when reached with Tab", async () => {
    const page = await openPage("/privacy", { width: 1280, height: 800 });
    const expected = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("header[data-site-header] a, header[data-site-header] button, footer a")]
        .filter((el) => el.getClientRects().length > 0 && !el.closest("#mobile-menu"))
        .map((el) => el.getAttribute("href") ?? el.getAttribute("aria-label")),
    );
    expect(expected.length).toBeGreaterThan(15);

    const seen: Focused[] = [];
    for (let i = 0; i < 300; i++) {
      await page.keyboard.press("Tab");
      const f = await focused(page);
      if (!f) break;
      if (f.where === "other") continue;
      if (seen.some((s) => s.where === f.where && s.href === f.href && s.name === f.name)) break; // around again
      seen.push(f);
      expect(hasIndicator(f), `${f.where} ${f.name}: outline ${f.outline}, box-shadow ${f.boxShadow}`).toBe(true);
      await expectVisibleRing(page, f);
      if (f.where === "footer" && f.href === "/terms") break; // the page's last link
    }
    expect(seen.map((s) => s.href ?? s.name)).toEqual(expected);
    expect(seen.filter((s) => s.where === "footer").map((s) => s.name)).toContain("Your requests");
  });

  test("at 390 px, the open mobile menu keeps focus inside, and each of its items shows a focus indicator", async () => {
    const page = await openPage("/", { width: 390, height: 800 });
    const toggle = page.locator('button[aria-controls="mobile-menu"]');
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#mobile-menu").isVisible()).toBe(true);
    expect((await focused(page))?.name).toBe("Close menu");

    const items = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("#mobile-menu a")].map((a) => a.textContent?.replace(/\s+/g, " ").trim() ?? ""),
    );
    expect(items).toContain("Your requests");
    expect(items).toContain("Schedule Inspection");

    // Forward: every item of the menu in order, then back to the toggle (the first).
    const forward: string[] = [];
    for (let i = 0; i < items.length; i++) {
      await page.keyboard.press("Tab");
      const f = (await focused(page))!;
      expect(f.where, `Tab ${i + 1} stays in the menu`).toBe("menu");
      expect(hasIndicator(f), `${f.name}: outline ${f.outline}, box-shadow ${f.boxShadow}`).toBe(true);
      await expectVisibleRing(page, f);
      forward.push(f.name);
    }
    expect(forward).toEqual(items);
    await page.keyboard.press("Tab");
    const first = (await focused(page))!;
    expect(first.name).toBe("Close menu");
    expect(hasIndicator(first)).toBe(true);
    await expectVisibleRing(page, first);

    // Backward: Shift+Tab from the toggle goes to the last item.
    await page.keyboard.press("Shift+Tab");
    expect((await focused(page))?.name).toBe(items.at(-1));
    // Escape closes it and gives the toggle the focus; Tab then leaves the header again.
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("#mobile-menu").isVisible()).toBe(false);
    await page.keyboard.press("Tab");
    expect((await focused(page))?.where).not.toBe("menu");
  });
});

describe("the customers' link", () => {
  test("'Your requests' in the footer leads a signed-out visitor to sign in, and back to /portal", async () => {
    const page = await openPage("/about", { width: 1280, height: 800 });
    const link = page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Your requests" });
    expect(await link.getAttribute("href")).toBe("/portal");
    await link.click();
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/portal");
    expect(await page.getByRole("heading", { level: 1 }).first().textContent()).toMatch(/sign in/i);
  });
});
