import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { PUBLIC_ROUTES } from "~/domain/seo/public-routes";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { useStaff } from "../support/staff";

/**
 * The public pages render what staff publish in the CMS (issue 9 items 6, 7),
 * in Chromium against the production server and its freshly seeded database:
 * an edit, unpublish, publish or delete shows on the next request (through
 * the Page Content action: at once; straight in the database: as soon as the
 * NOTIFY arrives); drafts and archived content never reach a public page or
 * its `.data`; the staff preview shows drafts under its banner, uncached and
 * noindex; markup typed into content is text and never runs.
 */

const SECRET = "cms-public-e2e-secret-0123456789abcdefghijklmnopq";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-public-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const BANNER = "Preview: includes unpublished drafts";

interface BlockRow {
  id: string;
  block_key: string;
  block_type: string;
  title: string;
  content: unknown;
  status: string;
}

async function block(key: string): Promise<BlockRow> {
  const { rows } = await staff.pool().query<BlockRow>(
    "select id, block_key, block_type, title, content, status from cms_content_blocks where block_key = $1",
    [key],
  );
  expect(rows[0], key).toBeDefined();
  return rows[0]!;
}

/** Blocks changed by a test, restored (content and status) after it. */
const changed = new Map<string, BlockRow>();
async function remember(key: string): Promise<BlockRow> {
  const row = await block(key);
  if (!changed.has(key)) changed.set(key, row);
  return row;
}
async function setBlock(key: string, values: { content?: unknown; status?: string }) {
  const row = await remember(key);
  await staff
    .pool()
    .query("update cms_content_blocks set content = $2, status = $3, updated_at = now() where id = $1", [
      row.id,
      JSON.stringify(values.content ?? row.content),
      values.status ?? row.status,
    ]);
}
/** Pages changed by a test, restored (status and metadata) after it. */
const changedPages = new Map<string, { status: string; metadata: unknown }>();
async function setPage(key: string, values: { status?: string; metadata?: Record<string, unknown> }) {
  const { rows } = await staff.pool().query<{ status: string; metadata: Record<string, unknown> }>(
    "select status, metadata from cms_pages where page_key = $1",
    [key],
  );
  const row = rows[0]!;
  if (!changedPages.has(key)) changedPages.set(key, row);
  await staff
    .pool()
    .query("update cms_pages set status = $2, metadata = $3 where page_key = $1", [
      key,
      values.status ?? row.status,
      JSON.stringify({ ...row.metadata, ...values.metadata }),
    ]);
}

afterEach(async () => {
  for (const [key, row] of changedPages) {
    await staff.pool().query("update cms_pages set status = $2, metadata = $3 where page_key = $1", [key, row.status, JSON.stringify(row.metadata)]);
  }
  changedPages.clear();
  for (const row of changed.values()) {
    await staff
      .pool()
      .query("update cms_content_blocks set content = $2, status = $3, block_type = $4 where id = $1", [
        row.id,
        JSON.stringify(row.content),
        row.status,
        row.block_type,
      ]);
  }
  changed.clear();
  await staff.pool().query("delete from cms_content_blocks where block_key like '%-e2e-%'");
});

/** The anonymous page, polled until `check` holds (a change made in the database arrives by NOTIFY, a moment later). */
async function expectPublic(url: string, check: (html: string) => boolean, message: string) {
  await expect.poll(async () => check(await staff.publicHtml(url)), { timeout: 5_000, message }).toBe(true);
}

/** Posts one intent to the Page Content screen's action as the signed-in admin. */
async function pageContentAction(fields: Record<string, string>): Promise<number> {
  const response = await fetch(`${app().url}/admin/cms/pages`, {
    method: "POST",
    headers: { cookie: staff.cookieHeader(), "content-type": "application/x-www-form-urlencoded", origin: app().url },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

const decodeHtml = (html: string) => html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

describe("publishing shows on the public pages", () => {
  test("an edit made in the database shows on the next request, also from the page cache", async () => {
    // Warm the cache: once the first render is stored (with its compressed forms), requests are hits.
    await staff.publicHtml("/about");
    let warm = "";
    await expect
      .poll(async () => {
        const response = await fetch(`${app().url}/about`);
        warm = await response.text();
        return response.headers.get("x-page-cache");
      })
      .toBe("hit");
    expect(decodeHtml(warm)).toContain("Integrity First");

    const values = await block("about-values");
    const content = structuredClone(values.content) as { cards: { title: string }[] };
    content.cards[0]!.title = "Integrity Above All";
    await setBlock("about-values", { content });
    await expectPublic("/about", (html) => html.includes("Integrity Above All") && !html.includes("Integrity First"), "edited title");

    // A page's metadata drives its <title> and description.
    await setPage("about", { metadata: { title: "About the Crew", description: "All about the {businessName} crew, veterans who build roofs across central Ohio." } });
    await expectPublic("/about", (html) => html.includes("<title>About the Crew | Buckeye Valor Roofing</title>"), "page title");
    expect(await staff.publicHtml("/about")).toContain('content="All about the Buckeye Valor Roofing crew, veterans who build roofs across central Ohio."');
  });

  test("unpublish, publish, edit and delete through the Page Content action show on the very next request", async () => {
    const cta = await remember("team-cta");
    const heading = "Put a veteran-led crew on your roof";
    expect(decodeHtml(await staff.publicHtml("/team"))).toContain(heading);

    expect(await pageContentAction({ intent: "set-block-status", id: cta.id, status: "draft" })).toBe(200);
    expect(decodeHtml(await staff.publicHtml("/team"))).not.toContain(heading);

    expect(await pageContentAction({ intent: "set-block-status", id: cta.id, status: "published" })).toBe(200);
    expect(decodeHtml(await staff.publicHtml("/team"))).toContain(heading);

    const edited = { heading: "Your roof, our standard", paragraphs: ["Start with a free inspection."] };
    expect(
      await pageContentAction({
        intent: "save-block",
        id: cta.id,
        blockKey: "team-cta",
        blockType: "text",
        title: cta.title,
        content: JSON.stringify(edited),
        status: "published",
      }),
    ).toBe(200);
    const html = decodeHtml(await staff.publicHtml("/team"));
    expect(html).toContain("Your roof, our standard");
    expect(html).not.toContain(heading);

    // A new numbered section of the privacy policy, then deleted.
    const marker = "Section added by staff e2e";
    expect(
      await pageContentAction({
        intent: "save-block",
        blockKey: "privacy-105-e2e-new",
        blockType: "text",
        title: "Privacy: e2e",
        content: JSON.stringify({ heading: marker, paragraphs: ["New text."] }),
        status: "published",
      }),
    ).toBe(200);
    // A new block starts as a draft (spec 2 §4): not public until published.
    const added = await block("privacy-105-e2e-new");
    expect(added.status).toBe("draft");
    expect(decodeHtml(await staff.publicHtml("/privacy"))).not.toContain(marker);
    expect(await pageContentAction({ intent: "set-block-status", id: added.id, status: "published" })).toBe(200);
    const privacy = decodeHtml(await staff.publicHtml("/privacy"));
    expect(privacy.indexOf(marker)).toBeGreaterThan(privacy.indexOf("Children"));
    expect(privacy.indexOf(marker)).toBeLessThan(privacy.indexOf("Changes to this policy"));
    expect(await pageContentAction({ intent: "delete-block", id: added.id })).toBe(200);
    expect(decodeHtml(await staff.publicHtml("/privacy"))).not.toContain(marker);
  });

  test("a block whose content does not fit its type is left out; the page still renders", async () => {
    await setBlock("about-goals", { content: { heading: "Our goals", features: "not a list" } });
    await expectPublic("/about", (html) => !html.includes("Our goals") && html.includes("Our core values"), "invalid block skipped");
  });
});

describe("drafts never reach the public site", () => {
  const DRAFT = "DRAFT-MARKER-never-public";

  async function publicBodies(cookie?: string): Promise<Map<string, string>> {
    const bodies = new Map<string, string>();
    const headers: Record<string, string> = cookie ? { cookie } : {};
    for (const { path: route } of PUBLIC_ROUTES) {
      for (const url of [route, route === "/" ? "/_.data" : `${route}.data`]) {
        const response = await fetch(`${app().url}${url}`, { headers });
        expect(response.status, url).toBe(200);
        bodies.set(url, await response.text());
      }
    }
    return bodies;
  }

  test("draft and archived blocks and a draft page's metadata are in no public HTML or .data response; the preview shows them", async () => {
    await setBlock("home-hero", { status: "draft", content: { eyebrow: DRAFT, heading: `${DRAFT} hero`, paragraphs: [DRAFT] } });
    await setBlock("about-values", { status: "archived", content: { heading: `${DRAFT} values`, cards: [{ title: DRAFT, text: DRAFT }] } });
    await setBlock("shared-inspection", {
      status: "draft",
      content: { heading: `${DRAFT} inspection`, cards: [{ title: DRAFT, text: DRAFT }] },
    });
    await staff
      .pool()
      .query(
        `insert into cms_content_blocks (block_key, block_type, title, content, status) values ('terms-15-e2e-draft', 'text', 'Draft', $1, 'draft')`,
        [JSON.stringify({ heading: DRAFT, paragraphs: [DRAFT] })],
      );
    await setPage("team", { status: "draft", metadata: { description: `${DRAFT} description for the team page of the site` } });

    // Anonymous visitors (page cache) and a signed-in admin (rendered for them) alike.
    await expectPublic("/", (html) => !html.includes(DRAFT), "draft gone from the cached home page");
    for (const cookie of [undefined, staff.cookieHeader()]) {
      for (const [url, body] of await publicBodies(cookie)) {
        expect(body.includes(DRAFT), `${url}${cookie ? " (signed in)" : ""}`).toBe(false);
      }
    }
    // The .data responses do carry the published content (so the check above is not vacuous).
    const about = await fetch(`${app().url}/about.data`).then((r) => r.text());
    expect(about).toContain("Where we are headed");

    // The page without its hero block keeps one h1 (the business name); without its page row, default meta.
    const home = await staff.publicHtml("/");
    expect(home.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(await staff.publicHtml("/team")).toMatch(/<title>Team \| Buckeye Valor Roofing<\/title>/);

    // The preview shows the drafts (never the archived block), under its banner.
    const page = await staff.page();
    await staff.goto(page, "/admin/cms/pages/preview");
    await page.getByText(BANNER).waitFor();
    const preview = page.locator("[data-preview-page=home]");
    await preview.getByRole("heading", { level: 1, name: `${DRAFT} hero` }).waitFor();
    expect(await preview.getByRole("heading", { name: `${DRAFT} inspection` }).count()).toBe(1);
    expect(await page.locator("[data-preview-drafts]").innerText()).toContain("home-hero, shared-inspection");

    await staff.goto(page, "/admin/cms/pages/preview/about");
    await page.locator("[data-preview-page=about]").waitFor();
    expect(await page.getByText(`${DRAFT} values`).count()).toBe(0);
    expect(await page.locator("[data-preview-page=about]").getByRole("heading", { name: "Our goals" }).count()).toBe(1);

    await staff.goto(page, "/admin/cms/pages/preview/terms");
    await page.locator("[data-preview-page=terms]").getByRole("heading", { level: 2, name: DRAFT }).waitFor();
  });
});

describe("the staff preview", () => {
  test("admins only; private, no-store and noindex; unknown pages 404; a page picker; axe clean", async () => {
    const anonymous = await fetch(`${app().url}/admin/cms/pages/preview/about`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);

    const response = await fetch(`${app().url}/admin/cms/pages/preview/about`, { headers: { cookie: staff.cookieHeader() } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(response.headers.get("x-page-cache")).toBeNull();
    const html = await response.text();
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).toContain("<title>Preview: About Us</title>");

    const unknown = await fetch(`${app().url}/admin/cms/pages/preview/no-such-page`, { headers: { cookie: staff.cookieHeader() } });
    expect(unknown.status).toBe(404);

    const page = await staff.page();
    await staff.goto(page, "/admin/cms/pages/preview/about");
    await page.getByText(BANNER).waitFor();
    const picker = page.getByRole("navigation", { name: "Pages to preview" });
    expect(await picker.getByRole("link").allInnerTexts()).toEqual([
      "Home",
      "About Us",
      "Services",
      "Team",
      "Our Work",
      "Contact Us",
      "Privacy Policy",
      "Terms of Service",
      "Open the public page",
    ]);
    expect(await picker.getByRole("link", { name: "About Us" }).getAttribute("aria-current")).toBe("page");
    await page.locator("[data-preview-page=about]").getByRole("heading", { level: 1, name: "About Buckeye Valor Roofing" }).waitFor();
    expect(await page.getByText("No drafts on this page: it looks the same to visitors.").count()).toBe(1);
    await expectNoAxeViolations(page, { exclude: ["[data-sonner-toaster]"] });

    await picker.getByRole("link", { name: "Privacy Policy" }).click();
    await page.locator("[data-preview-page=privacy]").getByRole("heading", { level: 2, name: "Who we are" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/cms/pages/preview/privacy");
  });
});

describe("content is text, never markup", () => {
  const PAYLOADS = [
    `<script>window.__xss = 1; alert("script")</script>`,
    `<img src=x onerror="window.__xss = 2; alert('img')">`,
    `"><svg onload="window.__xss = 3">`,
    `[a link](javascript:window.__xss=4)`,
    `**<iframe src="javascript:window.__xss=5"></iframe>**`,
  ];

  async function expectInert(page: Page, scope: string) {
    const root = page.locator(scope);
    for (const text of ['<script>window.__xss = 1; alert("script")</script>', "<img src=x onerror=", '"><svg onload=']) {
      expect(await root.getByText(text, { exact: false }).count(), text).toBeGreaterThan(0);
    }
    expect(await root.locator("script:not([type='application/ld+json']), img[src=x], iframe, svg[onload]").count()).toBe(0);
    expect(await root.locator("a[href^='javascript' i]").count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  }

  test("payloads in published blocks show as text on the public page and in the preview, and never run", async () => {
    await setBlock("about-hero", { content: { eyebrow: "About us", heading: "About {businessName}", paragraphs: PAYLOADS } });
    await setBlock("privacy-10-who-we-are", { content: { heading: PAYLOADS[2], paragraphs: PAYLOADS } });
    await setBlock("home-insurance", {
      content: { heading: PAYLOADS[0], intro: PAYLOADS[1], cards: [{ title: PAYLOADS[2], text: PAYLOADS[3], icon: "Star" }] },
    });

    for (const url of ["/about", "/privacy", "/"]) {
      await expectPublic(url, (html) => html.includes("window.__xss = 1"), `payload on ${url}`);
      const page = await staff.page({ javaScriptEnabled: true });
      const dialogsBefore = staff.dialogs().length;
      await page.context().clearCookies(); // an anonymous visitor
      await page.goto(url, { waitUntil: "load" });
      await page.waitForFunction(() => document.documentElement.dataset.enhanced === "true");
      await expectInert(page, "main");
      expect(staff.dialogs().length, url).toBe(dialogsBefore);
    }

    // The preview is a hydrated React page: the same texts stay text there.
    const page = await staff.page();
    await staff.goto(page, "/admin/cms/pages/preview/about");
    await page.locator("[data-preview-page=about]").waitFor();
    await expectInert(page, "[data-preview-page=about]");
    expect(staff.dialogs()).toEqual([]);
  });
});
