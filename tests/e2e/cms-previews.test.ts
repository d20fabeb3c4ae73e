import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { useStaff } from "../support/staff";

/**
 * The previews of the Services Manager and Team Members (issue 9 item 6):
 * /admin/cms/services/preview and /admin/cms/team/preview, opened from the
 * hub's preview links, show the public /services and /team pages with their
 * drafts (never the archived items) under the preview banner, while the
 * public pages (HTML and .data) show only what is published. Admins only,
 * private, no-store and noindex; axe clean.
 */

const SECRET = "cms-previews-e2e-secret-0123456789abcdefghijklmnop";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-previews-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { firstName: "Pia", lastName: "Preview" });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const BANNER = "Preview: includes unpublished drafts";
const DRAFT_SERVICE = "Skylight Repair e2e-draft-4412";
const ARCHIVED_SERVICE = "Slate Roofing e2e-archived-9020";
const DRAFT_LEADER = "Jordan Draftwell e2e-draft-7781";
const ARCHIVED_LEADER = "Morgan Retired e2e-archived-3356";

beforeAll(async () => {
  const pool = staff.pool();
  await pool.query(
    `insert into cms_services (slug, title, description, status, sort_order) values
       ('skylight-repair-e2e', $1, 'Leaks around skylights, fixed for good.', 'draft', 0),
       ('slate-roofing-e2e', $2, 'Retired service.', 'archived', 0)`,
    [DRAFT_SERVICE, ARCHIVED_SERVICE],
  );
  await pool.query(
    `insert into cms_team_members (slug, name, role, bio, status, is_leadership, sort_order) values
       ('jordan-draftwell-e2e', $1, 'Chief Estimator', 'Twenty years on roofs.', 'draft', true, 9),
       ('morgan-retired-e2e', $2, 'Former Partner', 'Retired.', 'archived', true, 10)`,
    [DRAFT_LEADER, ARCHIVED_LEADER],
  );
});

const PREVIEWS = [
  { title: "Services Manager", route: "/admin/cms/services/preview", pageKey: "services", publicPath: "/services", draft: DRAFT_SERVICE, archived: ARCHIVED_SERVICE, back: "Back to Services Manager", pageTitle: "Preview: Services" },
  { title: "Team Members", route: "/admin/cms/team/preview", pageKey: "team", publicPath: "/team", draft: DRAFT_LEADER, archived: ARCHIVED_LEADER, back: "Back to Team Members", pageTitle: "Preview: Team" },
] as const;

describe.each(PREVIEWS)("the $title preview", ({ title, route, pageKey, publicPath, draft, archived, back, pageTitle }) => {
  test("the public page shows only what is published", async () => {
    const html = await staff.publicHtml(publicPath);
    expect(html).not.toContain(draft);
    expect(html).not.toContain(archived);
    const data = await fetch(`${app().url}${publicPath}.data`);
    expect(data.status).toBe(200);
    const text = await data.text();
    expect(text).not.toContain(draft);
    expect(text).not.toContain(archived);
  });

  test("opens from the hub: the public page with its drafts under the banner, never the archived; axe clean", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/cms");
    await page.getByRole("link", { name: `Preview ${title}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === route);
    await page.getByText(BANNER).waitFor();
    expect(await page.title()).toBe(pageTitle);
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/admin");
    expect(await page.getByRole("link", { name: back }).getAttribute("href")).toBe(route.replace(/\/preview$/, ""));
    expect(await page.getByRole("link", { name: "Open the public page" }).getAttribute("href")).toBe(publicPath);

    const preview = page.locator(`[data-preview-page=${pageKey}]`);
    await preview.getByText(draft).first().waitFor();
    expect(await preview.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await preview.getByText(archived).count()).toBe(0);
    expect(await page.locator("[data-preview-drafts]").innerText()).toContain(draft);
    // The published items are there too.
    expect(await preview.innerText()).toContain(pageKey === "services" ? "Roof Replacement" : "Marcus Hale");
    // A picture of the page: nothing in it takes focus or a click.
    expect(await preview.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    await expectNoAxeViolations(page);
  });

  test("admins only; private, no-store and noindex", async () => {
    const anonymous = await fetch(`${app().url}${route}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    const anonymousData = await fetch(`${app().url}${route}.data`, { redirect: "manual" });
    expect(await anonymousData.text()).not.toContain(draft);

    const response = await fetch(`${app().url}${route}`, { headers: { cookie: staff.cookieHeader() } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(response.headers.get("x-page-cache")).toBeNull();
    const html = await response.text();
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).toContain(`<title>${pageTitle}</title>`);
  });
});

test("the Page Content preview of the same pages shows and names the draft service and leader too", async () => {
  const page = await staff.page();
  for (const [key, draft] of [
    ["services", DRAFT_SERVICE],
    ["team", DRAFT_LEADER],
    ["about", DRAFT_LEADER],
  ] as const) {
    await staff.goto(page, `/admin/cms/pages/preview/${key}`);
    await page.locator(`[data-preview-page=${key}]`).getByText(draft).first().waitFor();
    expect(await page.locator("[data-preview-drafts]").innerText(), key).toContain(draft);
  }
});

test("publishing the draft brings it to the public page on the next request", async () => {
  await staff.pool().query("update cms_services set status = 'published' where slug = 'skylight-repair-e2e'");
  await expect.poll(async () => (await staff.publicHtml("/services")).includes(DRAFT_SERVICE), { timeout: 10_000 }).toBe(true);
  const page = await staff.page();
  await staff.goto(page, "/admin/cms/services/preview");
  await page.getByText(BANNER).waitFor();
  expect(await page.locator("[data-preview-drafts]").innerText()).toBe("No draft services: the page looks the same to visitors.");
});
