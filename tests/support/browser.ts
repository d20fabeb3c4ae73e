import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";

/**
 * Debian's chromium driven by playwright-core (never a downloaded browser).
 * Flags from /work/shared/STACK.md: without the background-networking ones,
 * Chromium floods the closed network with refused connections. Playwright's
 * `launch()` gives every browser a fresh temporary user-data dir and removes
 * it on close.
 */

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Debian's headless shell (package chromium-headless-shell, the same Chromium build without the browser's
 * UI layer) when installed, else Debian's chromium. The shell runs the same pages on half the CPU: the
 * public pages' file took 101 s with chromium and 70 s with the shell, 51 and 27 s of user CPU (ADR 059).
 */
const BROWSERS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

function chromiumPath(): string {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (!fs.existsSync(chosen)) throw new Error(`CHROMIUM_PATH is ${chosen}, which does not exist.`);
    return chosen;
  }
  const found = BROWSERS.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      "Chromium not found. Install it with `apt-get install -y chromium-headless-shell` (or chromium), or set CHROMIUM_PATH to a Chromium/Chrome binary.",
    );
  }
  return found;
}

async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS, timeout: 30_000 });
}

/** One browser for the file: launched in beforeAll, closed in afterAll. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("The browser is not running (did beforeAll fail?)");
    return browser;
  };
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21aa"];

/** Runs axe (WCAG 2.0 A/AA, 2.1 AA) on the page and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, { exclude = [] as string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const report = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.helpUrl}\n${v.nodes
        .slice(0, 5)
        .map((n) => `  - ${n.target.join(" ")}: ${n.failureSummary?.replaceAll("\n", " ")}`)
        .join("\n")}`,
  );
  expect(report, `axe found ${results.violations.length} violation(s) on ${page.url()}:\n${report.join("\n")}`).toEqual([]);
}
