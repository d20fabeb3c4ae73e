import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { appDirectory, REPO_ROOT, startApp, type RunningApp } from "../support/app-server";
import { useBrowser } from "../support/browser";
import { makeTempDir } from "../support/temp-dirs";

/**
 * Issue 32 item 4 (ADR 055): `npm run build` beside a running server leaves that server's pages whole. A copy
 * of the project (its sources and the run's build) serves pages; a source file of each kind is changed (the
 * stylesheet, a public page's script, the hydrating app's root) and `npm run build` runs in the copy, as an
 * upgrade does on the server. The running server's pages, loaded again in a new browser, and the page loaded
 * before the build, navigating on, get every stylesheet and script with 200; so does a direct request for each
 * asset the first pages linked. Then the server restarts on the new build (the upgrade's restart): a browser
 * still showing a page of the old release gets its assets from the new server too.
 *
 * One real build (about a minute on a 2-core machine): the cost of the proof.
 */

vi.setConfig({ testTimeout: 300_000 });

const dir = makeTempDir("upgrade-build");
const browser = useBrowser();
let app: RunningApp | undefined;

/** What a build needs from the repository; node_modules is linked, the build copied from the run's copy of it. */
const SOURCES = ["app", "server", "public", "scripts", "server.js", "package.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json", ".gitignore"];

beforeAll(async () => {
  for (const entry of SOURCES) fs.cpSync(path.join(REPO_ROOT, entry), path.join(dir, entry), { recursive: true });
  fs.cpSync(path.join(appDirectory(), "build"), path.join(dir, "build"), { recursive: true });
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  app = await startApp({ cwd: dir });
});

afterAll(async () => {
  await app?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach((context) => {
  context.onTestFailed(() => {
    if (app) console.error(`---- server log (last 40 lines) ----\n${app.server.logTail(40)}\n---- end of server log ----`);
  });
});

interface Loaded {
  url: string;
  status: number;
  type: string;
}

/** Every stylesheet and script a page loads from now on (the browser's own requests, cache misses included). */
function recordAssets(page: Page): Loaded[] {
  const loaded: Loaded[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "stylesheet" || type === "script") loaded.push({ url: response.url(), status: response.status(), type });
  });
  page.on("requestfailed", (request) => {
    const type = request.resourceType();
    if (type === "stylesheet" || type === "script") loaded.push({ url: request.url(), status: 0, type });
  });
  return loaded;
}

/** The stylesheets, scripts and module preloads a page's document links. */
function linkedAssets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[rel="stylesheet"], link[rel="modulepreload"], script[src]')].map((el) =>
      el instanceof HTMLLinkElement ? el.href : el.src,
    ),
  );
}

async function open(page: Page, url: string): Promise<void> {
  const response = await page.goto(url, { waitUntil: "load" });
  expect(response?.status(), `GET ${url}`).toBe(200);
}

function runBuild(cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/build.js"], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.once("close", (code) => resolve({ code, output }));
  });
}

function appendTo(file: string, text: string): void {
  fs.appendFileSync(path.join(dir, file), text);
}

function expectAllOk(loaded: Loaded[], what: string): void {
  expect(loaded.length, `${what}: stylesheets and scripts seen`).toBeGreaterThan(0);
  expect(loaded.filter((l) => l.status !== 200), what).toEqual([]);
}

describe("npm run build beside a running server (issue 32 item 4)", () => {
  test("the running server's pages keep every stylesheet and script; after the restart, so does a page of the old release", async () => {
    const before = await browser().newContext({ baseURL: app!.url });
    const home = await before.newPage();
    await open(home, "/");
    const signIn = await before.newPage();
    await open(signIn, "/auth");
    await signIn.waitForFunction(() => Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__reactFiber")));
    const oldAssets = [...new Set([...(await linkedAssets(home)), ...(await linkedAssets(signIn))])];
    expect(oldAssets.some((url) => url.endsWith(".css"))).toBe(true);
    expect(oldAssets.some((url) => url.endsWith(".js"))).toBe(true);

    // The next release: its stylesheet, a public page's script and the app's root module change.
    appendTo("app/styles/app.css", "\n.upgrade-test-marker { outline-offset: 7px; }\n");
    appendTo("app/enhance/site.js", '\nconsole.debug("upgrade test: next release");\n');
    appendTo("app/root.tsx", '\nif (typeof document !== "undefined") console.debug("upgrade test: next release");\n');
    const build = await runBuild(dir);
    expect(build.code, build.output.slice(-3000)).toBe(0);
    const history = JSON.parse(fs.readFileSync(path.join(dir, "build/.builds.json"), "utf8")) as { builds: Array<{ files: string[] }> };
    const newFiles = new Set(history.builds[0]!.files.map((file) => `/${file.replace(/^client\//, "")}`));
    const replaced = oldAssets.filter((url) => !newFiles.has(new URL(url).pathname));
    // The old pages link files the new build does not have (else this test would prove nothing).
    expect(replaced.some((url) => url.endsWith(".css")), `replaced: ${replaced.join(", ")}`).toBe(true);
    expect(replaced.some((url) => url.endsWith(".js")), `replaced: ${replaced.join(", ")}`).toBe(true);

    // The running server, as a new visitor sees it.
    const after = await browser().newContext({ baseURL: app!.url });
    for (const url of ["/", "/auth", "/about"]) {
      const page = await after.newPage();
      const loaded = recordAssets(page);
      await open(page, url);
      expectAllOk(loaded, `${url} after the build`);
      await page.close();
    }
    // The page loaded before the build navigates on (a route module loaded now, from the old manifest).
    const navigation = recordAssets(signIn);
    await signIn.getByRole("link", { name: "Forgot your password?" }).click();
    await signIn.waitForURL("**/auth/forgot-password");
    await signIn.getByRole("heading", { level: 1 }).first().waitFor();
    expect(navigation.filter((l) => l.status !== 200), "navigation after the build").toEqual([]);
    for (const url of oldAssets) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type"), url).toMatch(/^(text\/css|text\/javascript|application\/javascript)/);
    }

    // The upgrade's restart: the new release serves the old release's assets to pages still open.
    await app!.stop();
    app = await startApp({ cwd: dir });
    for (const url of oldAssets) {
      const response = await fetch(`${app.url}${new URL(url).pathname}`);
      expect(response.status, url).toBe(200);
    }
    const fresh = await after.newPage();
    const loaded = recordAssets(fresh);
    await open(fresh, `${app.url}/`);
    expectAllOk(loaded, "/ on the new release");
    const replacedPaths = new Set(replaced.map((url) => new URL(url).pathname));
    expect((await linkedAssets(fresh)).filter((url) => replacedPaths.has(new URL(url).pathname)), "the new release links its own files").toEqual([]);
    await Promise.all([before.close(), after.close()]);
  });
});
