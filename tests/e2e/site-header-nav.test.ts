import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { useApp } from "../support/app-server";
import { useBrowser } from "../support/browser";
import { useStaff } from "../support/staff";

/**
 * The public header's main navigation at the widths office and visitors' screens have (issue 23 item 7:
 * "Our Work" wrapped onto two lines at 1366 px): every link on one line, the links clear of the logo and
 * of the phone and Schedule Inspection on their right, and nothing wider than the page; for a visitor,
 * and for a signed-in admin (whose header has an eighth link, Admin).
 */

const SECRET = "site-header-nav-e2e-secret-0123456789abcdefghij";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-header-nav-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET);
let context: BrowserContext;
beforeAll(async () => {
  context = await browser().newContext({ baseURL: app().url });
});
afterAll(async () => {
  await context?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const WIDTHS = [768, 1024, 1280, 1366, 1440, 1920];

describe("the header's navigation", () => {
  test.each(WIDTHS)("for a visitor at %i px: each link on one line, clear of its neighbours", async (width) => {
    const page = await context.newPage();
    try {
      await checkHeader(page, width, 7);
    } finally {
      await page.close();
    }
  });

  test.each(WIDTHS)("for an admin at %i px: each link on one line, clear of its neighbours", async (width) => {
    const page = await staff.page();
    await checkHeader(page, width, 8);
  });
});

async function checkHeader(page: Page, width: number, linkCount: number) {
  {
    {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${app().url}/gallery`, { waitUntil: "domcontentloaded" });
      const layout = await page.evaluate(() => {
        const nav = document.querySelector('nav[aria-label="Main"]')!;
        const links = [...nav.querySelectorAll("a")].map((a) => {
          const range = document.createRange();
          range.selectNodeContents(a);
          // One line of text: its pieces share one top (a wrapped label has a second line below).
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          const box = a.getBoundingClientRect();
          return { label: a.textContent?.trim() ?? "", lines: tops.size, left: box.left, right: box.right, top: box.top, bottom: box.bottom };
        });
        const box = (selector: string) => {
          const r = document.querySelector(selector)!.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        };
        return {
          links,
          logo: box("header a[href='/']"),
          phone: box("header a[href^='tel:']"),
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        };
      });
      expect(layout.links.map((l) => l.label)).toContain("Our Work");
      expect(layout.links).toHaveLength(linkCount);
      for (const link of layout.links) expect(link.lines, `${link.label} at ${width} px`).toBe(1);
      const overlaps = (a: { left: number; right: number; top: number; bottom: number }, b: typeof a) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      for (const link of layout.links) {
        expect(overlaps(link, layout.logo), `${link.label} over the logo at ${width} px: ${JSON.stringify([link, layout.logo])}`).toBe(false);
        expect(overlaps(link, layout.phone), `${link.label} over the phone at ${width} px`).toBe(false);
      }
      expect(layout.overflow).toBeLessThanOrEqual(0);
    }
  }
}
