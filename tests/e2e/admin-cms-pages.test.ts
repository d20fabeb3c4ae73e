import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";
import { expectToast, chooseAction, useStaff } from "../support/staff";

/**
 * Page Content (/admin/cms/pages) and the content management hub (/admin/cms)
 * of spec 2 §2 in Chromium against the production server, as staff use them:
 * the two tabs with their counts, Add Page with the §5 defaults and the
 * required fields, a key already taken, a card grid block edited with its
 * structured form (a card added, checked, moved), the raw JSON mode (invalid
 * JSON is an inline error and nothing is saved), Publish/Unpublish with the
 * public page before and after, search, the status filter, Delete with Cancel
 * and confirm, each toast's text, axe; and the hub's figures, Status
 * Overview, Recent Changes and links, computed from the data.
 */

const SECRET = "admin-cms-pages-e2e-secret-0123456789abcdefghijkl";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-cms-pages-e2e-"));
const app = useApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET } });
const browser = useBrowser();
const staff = useStaff(app, browser, SECRET, { firstName: "Casey", lastName: "Content" });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const SCREEN = "/admin/cms/pages";
const AXE = { exclude: ["[data-sonner-toaster]"] };

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await staff.pool().query<{ n: number }>(sql, params);
  return rows[0]!.n;
}
const blockRow = async (key: string) =>
  (await staff.pool().query<{ id: string; status: string; content: Record<string, unknown>; block_type: string }>("select * from cms_content_blocks where block_key = $1", [key])).rows[0];
const pageRow = async (key: string) =>
  (await staff.pool().query<{ id: string; status: string; title: string; content: string; metadata: Record<string, unknown> }>("select * from cms_pages where page_key = $1", [key]))
    .rows[0];

/** Whether `html` shows `text` as an element's whole text. */
const shows = (html: string, text: string) => html.includes(`>${text}<`);

const row = (page: Page, key: string): Locator => page.locator(`tr[data-item="${key}"]`);

async function openScreen(page: Page, tab: "Pages" | "Blocks" = "Pages") {
  await staff.goto(page, SCREEN);
  await page.getByRole("heading", { level: 1, name: /^Page Content/ }).waitFor();
  await page.getByRole("tab", { name: /^Pages/ }).waitFor();
  if (tab === "Blocks") await page.getByRole("tab", { name: /^Blocks/ }).click();
  await page.getByRole("table", { name: tab === "Pages" ? "Pages" : "Content blocks" }).waitFor();
}

/** Opens an item's menu and picks one entry (item names here are prefixes of others: matched exactly). */
const choose = (page: Page, name: string, entry: string) => chooseAction(page, name, entry, { exact: true });

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return { name: element?.getAttribute("name") ?? null, legend: element?.closest("fieldset")?.querySelector("legend")?.textContent ?? null, label: element?.labels?.[0]?.textContent ?? null };
  });

describe("the content management hub", () => {
  test("opens from the dashboard with the four managers and the gallery, figures from the data, no recent changes yet, and no axe violations", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin");
    await page.getByRole("link", { name: "Open Content Management" }).click();
    await page.getByRole("heading", { level: 1, name: "Content Management" }).waitFor();
    await page.getByRole("heading", { name: "Status Overview" }).waitFor();
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/admin");

    const [services, members, pages, blocks, settings, gallery] = await Promise.all([
      count("select count(*)::int as n from cms_services"),
      count("select count(*)::int as n from cms_team_members"),
      count("select count(*)::int as n from cms_pages"),
      count("select count(*)::int as n from cms_content_blocks"),
      count("select count(*)::int as n from cms_site_settings"),
      count("select count(*)::int as n from cms_gallery_projects"),
    ]);
    expect(pages).toBeGreaterThan(0);
    expect(blocks).toBeGreaterThan(0);
    const figure = (title: string) => page.locator(`[data-card="${title}"] [data-figure]`).innerText();
    expect(await figure("Services Manager")).toBe(`${services} services`);
    expect(await figure("Team Members")).toBe(`${members} members`);
    expect(await figure("Page Content")).toBe(`${blocks} content blocks, ${pages} pages`);
    expect(await figure("Site Settings")).toBe(`${settings} settings`);
    expect(await figure("Gallery")).toBe(`${gallery} projects`);

    for (const [title, to] of [
      ["Services Manager", "/admin/cms/services"],
      ["Team Members", "/admin/cms/team"],
      ["Page Content", "/admin/cms/pages"],
      ["Site Settings", "/admin/cms/settings"],
      ["Gallery", "/admin/cms/gallery"],
    ] as const) {
      expect(await page.getByRole("link", { name: `Manage ${title}`, exact: true }).getAttribute("href")).toBe(to);
      expect(await page.getByRole("link", { name: `Preview ${title}`, exact: true }).getAttribute("href")).toBe(`${to}/preview`);
    }
    expect(await page.getByRole("link", { name: "Add New Service" }).getAttribute("href")).toBe("/admin/cms/services/new");
    expect(await page.getByRole("link", { name: "Add Team Member" }).getAttribute("href")).toBe("/admin/cms/team/new");

    // Status Overview: the totals and each kind's row, as the database has them.
    const statusSql = (status: string) =>
      count(
        "select ((select count(*) from cms_services where status = $1) + (select count(*) from cms_team_members where status = $1) + " +
          "(select count(*) from cms_pages where status = $1) + (select count(*) from cms_content_blocks where status = $1) + " +
          "(select count(*) from cms_gallery_projects where status = $1))::int as n",
        [status],
      );
    for (const status of ["published", "draft", "archived"]) {
      expect(await page.locator(`[data-status="${status}"] dd`).innerText(), status).toBe(String(await statusSql(status)));
    }
    expect(await page.locator('tr[data-kind="blocks"]').innerText()).toMatch(new RegExp(`Content blocks\\s+${await count("select count(*)::int as n from cms_content_blocks where status = 'published'")}\\s+`));

    await page.getByText("No recent changes").waitFor();
    await expectNoAxeViolations(page, AXE);

    await page.getByRole("link", { name: "Manage Page Content", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: /^Page Content/ }).waitFor();
  });
});

describe("Page Content", () => {
  test("shows the pages and the blocks in two tabs with their counts and status badges; no axe violations", async () => {
    const page = await staff.page();
    await openScreen(page);
    const pages = await count("select count(*)::int as n from cms_pages");
    const blocks = await count("select count(*)::int as n from cms_content_blocks");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toMatch(new RegExp(`^Page Content\\s*\\(${pages + blocks}\\)$`));
    expect(await page.getByRole("tab").allInnerTexts()).toEqual([`Pages (${pages})`, `Blocks (${blocks})`]);
    expect(await page.getByRole("link", { name: "Back to Content Management" }).getAttribute("href")).toBe("/admin/cms");
    expect(await page.getByRole("link", { name: "Preview pages" }).getAttribute("href")).toBe("/admin/cms/pages/preview");
    // Pages by key, each with title, key, status and a preview of at most 100 characters.
    expect(await page.locator("tr[data-item]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-item")))).toEqual(
      (await staff.pool().query<{ page_key: string }>("select page_key from cms_pages order by page_key")).rows.map((r) => r.page_key),
    );
    const about = await row(page, "about").innerText();
    expect(about).toMatch(/About Us[\s\S]*about[\s\S]*Published/);
    const preview = await row(page, "about").locator("p").first().innerText();
    expect(Array.from(preview).length).toBeLessThanOrEqual(100);
    await expectNoAxeViolations(page, AXE);

    await page.getByRole("tab", { name: /^Blocks/ }).click();
    await row(page, "about-values").waitFor();
    expect(await row(page, "about-values").innerText()).toMatch(/About: core values[\s\S]*about-values[\s\S]*Our core values[\s\S]*Card grid[\s\S]*Published/);
    await expectNoAxeViolations(page, AXE);
  });

  test("adds a page with the spec's defaults: required fields, metadata, a key already taken; a draft", async () => {
    const page = await staff.page();
    await openScreen(page);
    await page.getByRole("button", { name: "Add Page" }).click();
    const add = page.getByRole("form", { name: "Add Page" });
    expect(await add.getByLabel("Key").inputValue()).toBe("new-page");
    expect(await add.getByLabel("Title", { exact: true }).inputValue()).toBe("New Page");
    expect(await add.getByLabel("Content", { exact: true }).inputValue()).toBe("");
    await expectNoAxeViolations(page, AXE);

    // Required fields: a message under each, the first invalid field focused, nothing posted.
    await add.getByLabel("Title", { exact: true }).fill("  ");
    await add.getByRole("button", { name: "Add Page" }).click();
    await add.getByText("Title is required.").waitFor();
    await add.getByText("Content is required.").waitFor();
    expect((await focused(page)).name).toBe("title");
    await add.getByLabel("Key").fill("New Page");
    await add.getByRole("button", { name: "Add Page" }).click();
    await add.getByText("Use lowercase letters, numbers, hyphens and underscores, starting with a letter or a number.").waitFor();
    expect((await focused(page)).name).toBe("pageKey");
    expect(await pageRow("new-page")).toBeUndefined();

    await add.getByLabel("Key").fill("new-page");
    await add.getByLabel("Title", { exact: true }).fill("New Page");
    await add.getByLabel("Content", { exact: true }).fill("A page about our warranty promise.");
    const metadata = add.getByRole("group", { name: "Metadata" });
    await metadata.getByLabel("Search title").fill("Our Warranty Promise");
    await metadata.getByLabel("Search description").fill("What we promise on every roof.");
    await add.getByRole("button", { name: "Add Page" }).click();
    await expectToast(page, "Page created successfully", "Success");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await row(page, "new-page").waitFor();
    expect(await row(page, "new-page").innerText()).toMatch(/New Page[\s\S]*new-page[\s\S]*A page about our warranty promise\.[\s\S]*Draft/);
    expect(await pageRow("new-page")).toMatchObject({
      status: "draft",
      title: "New Page",
      metadata: { title: "Our Warranty Promise", description: "What we promise on every roof." },
    });

    // The same key again: a message under Key (a value to change, so no failure toast), the dialog stays
    // open with what was typed.
    await page.getByRole("button", { name: "Add Page" }).click();
    await add.getByLabel("Content", { exact: true }).fill("Another one.");
    await add.getByRole("button", { name: "Add Page" }).click();
    await add.getByText("Another page already uses this key.").waitFor();
    expect(await page.locator("[data-sonner-toast]").filter({ hasText: "Failed to save content" }).count()).toBe(0);
    expect(await add.getByLabel("Content", { exact: true }).inputValue()).toBe("Another one.");
    await add.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await count("select count(*)::int as n from cms_pages where page_key = 'new-page'")).toBe(1);
  });

  test("edits a card grid block with its form: adds a card (checked, then moved), and the public page shows it", async () => {
    const page = await staff.page();
    await openScreen(page, "Blocks");
    expect(shows(await staff.publicHtml("/about"), "Integrity First")).toBe(true);
    await choose(page, "About: core values", "Edit");
    const edit = page.getByRole("form", { name: "Edit Block" });
    expect(await edit.locator('select[name="blockType"]').inputValue()).toBe("card_grid");
    const content = edit.getByRole("group", { name: "Content" });
    expect(await content.getByRole("button", { name: "Form", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(await content.getByLabel("Heading").inputValue()).toBe("Our core values");
    const cards = content.getByRole("group", { name: /^Card \d+$/ });
    expect(await cards.count()).toBe(3);
    expect(await content.getByRole("group", { name: "Card 1" }).getByLabel("Title").inputValue()).toBe("Integrity First");
    await expectNoAxeViolations(page, AXE);

    await content.getByRole("button", { name: "Add card" }).click();
    expect(await cards.count()).toBe(4);
    const fourth = content.getByRole("group", { name: "Card 4" });
    // An empty card: its messages under its inputs, the first one focused, nothing saved.
    await edit.getByRole("button", { name: "Update Block" }).click();
    await edit.getByText("Card 4, Title: This field is required.").waitFor();
    await fourth.getByText("This field is required.").first().waitFor();
    expect(await focused(page)).toMatchObject({ legend: "Card 4", label: "Title*" });
    expect(((await blockRow("about-values"))!.content.cards as unknown[]).length).toBe(3);

    await fourth.getByLabel("Title").fill("Veterans First");
    await fourth.getByRole("textbox", { name: "Text", exact: true }).fill("We hire and train veterans, and we give back to the organizations that serve them.");
    await fourth.getByLabel("Icon").selectOption("Medal");
    await fourth.getByLabel("Link text").fill("Meet the team");
    await fourth.getByLabel("Link address").fill("/team");
    await content.getByRole("button", { name: "Move card 4 up" }).click();
    expect(await content.getByRole("group", { name: "Card 3" }).getByLabel("Title").inputValue()).toBe("Veterans First");
    await edit.getByRole("button", { name: "Update Block" }).click();
    await expectToast(page, "Block updated successfully", "Success");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    const saved = (await blockRow("about-values"))!;
    expect(saved.status).toBe("published");
    expect((saved.content.cards as Array<Record<string, unknown>>).map((card) => card.title)).toEqual(["Integrity First", "Service Beyond", "Veterans First", "Excellence Always"]);
    expect((saved.content.cards as Array<Record<string, unknown>>)[2]).toEqual({
      title: "Veterans First",
      text: "We hire and train veterans, and we give back to the organizations that serve them.",
      icon: "Medal",
      link: { label: "Meet the team", href: "/team" },
    });
    expect(shows(await staff.publicHtml("/about"), "Veterans First")).toBe(true);
  });

  test("raw JSON mode: invalid JSON is an inline error and nothing is saved; JSON that does not fit is refused too", async () => {
    const page = await staff.page();
    await openScreen(page, "Blocks");
    const before = (await blockRow("about-goals"))!;
    await choose(page, "About: goals", "Edit");
    const edit = page.getByRole("form", { name: "Edit Block" });
    const content = edit.getByRole("group", { name: "Content" });
    await content.getByRole("button", { name: "JSON", exact: true }).click();
    const json = content.getByLabel("Content (JSON)");
    expect(JSON.parse(await json.inputValue())).toEqual(before.content);

    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/admin/cms/pages")) posts += 1;
    });
    await json.fill('{"features": [{"title": "Unclosed"');
    await edit.getByRole("button", { name: "Update Block" }).click();
    await edit.getByText(/^This is not valid JSON \(.+\)\. Fix it before saving\.$/).waitFor();
    expect(await json.getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Content (JSON)");
    // Back to the form is refused while the JSON does not parse.
    await content.getByRole("button", { name: "Form", exact: true }).click();
    await content.getByRole("alert").filter({ hasText: "The JSON cannot be shown in the form" }).waitFor();
    expect(await content.getByRole("button", { name: "JSON", exact: true }).getAttribute("aria-pressed")).toBe("true");

    // Valid JSON that does not fit a feature list.
    await json.fill('{"features": [{"title": "Inspect honestly"}]}');
    await edit.getByRole("button", { name: "Update Block" }).click();
    await edit.getByText("Feature 1, Description: This field is required.").waitFor();
    await json.fill(JSON.stringify({ ...before.content, items: ["a"] }));
    await edit.getByRole("button", { name: "Update Block" }).click();
    await edit.getByText("“items” is not part of this block type.").waitFor();
    expect(posts).toBe(0);
    expect((await blockRow("about-goals"))!.content).toEqual(before.content);
    await edit.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // Valid JSON saves, and the form shows it again.
    await choose(page, "About: goals", "Edit");
    await content.getByRole("button", { name: "JSON", exact: true }).click();
    await json.fill(JSON.stringify({ ...before.content, heading: "Where we are going" }, null, 2));
    await content.getByRole("button", { name: "Form", exact: true }).click();
    expect(await content.getByLabel("Heading").inputValue()).toBe("Where we are going");
    await edit.getByRole("button", { name: "Update Block" }).click();
    await expectToast(page, "Block updated successfully", "Success");
    expect((await blockRow("about-goals"))!.content).toEqual({ ...before.content, heading: "Where we are going" });
    expect(shows(await staff.publicHtml("/about"), "Where we are going")).toBe(true);
  });

  test("adds a block with the defaults (key new-block, type text), and its form follows a change of type", async () => {
    const page = await staff.page();
    await openScreen(page, "Blocks");
    await page.getByRole("button", { name: "Add Block" }).click();
    const add = page.getByRole("form", { name: "Add Block" });
    expect(await add.getByLabel("Key").inputValue()).toBe("new-block");
    expect(await add.locator('select[name="blockType"]').inputValue()).toBe("text");
    const content = add.getByRole("group", { name: "Content" });
    await content.getByLabel("Heading").fill("Why homeowners call us");
    await add.getByRole("button", { name: "Add Block" }).click();
    await add.getByText("Title is required.").waitFor();

    await add.locator('input[name="title"]').fill("Home: why us");
    await add.locator('select[name="blockType"]').selectOption("feature_grid");
    const feature = content.getByRole("group", { name: "Feature 1" });
    await feature.getByLabel("Title").fill("Same-day callbacks");
    await feature.getByLabel("Description").fill("We answer every call the day it comes in.");
    await content.getByRole("button", { name: "Add feature" }).click();
    await content.getByRole("button", { name: "Remove feature 2" }).click();
    // Still the heading typed before the type changed.
    expect(await content.getByLabel("Heading").inputValue()).toBe("Why homeowners call us");
    await add.getByRole("button", { name: "Add Block" }).click();
    await expectToast(page, "Block created successfully", "Success");
    await row(page, "new-block").waitFor();
    expect(await row(page, "new-block").innerText()).toMatch(/Home: why us[\s\S]*Why homeowners call us · Same-day callbacks[\s\S]*Feature grid[\s\S]*Draft/);
    expect(await blockRow("new-block")).toMatchObject({
      status: "draft",
      block_type: "feature_grid",
      content: { heading: "Why homeowners call us", features: [{ title: "Same-day callbacks", description: "We answer every call the day it comes in." }] },
    });
  });

  test("publish and unpublish a block and a page; the public page follows on the next request", async () => {
    const page = await staff.page();
    await openScreen(page, "Blocks");
    expect(shows(await staff.publicHtml("/about"), "Integrity First")).toBe(true);
    await choose(page, "About: core values", "Unpublish");
    await expectToast(page, "Block unpublished", "Success");
    await expect.poll(() => row(page, "about-values").innerText()).toMatch(/Draft/);
    expect((await blockRow("about-values"))!.status).toBe("draft");
    expect(shows(await staff.publicHtml("/about"), "Integrity First")).toBe(false);

    await choose(page, "About: core values", "Publish");
    await expectToast(page, "Block published", "Success");
    await expect.poll(() => row(page, "about-values").innerText()).toMatch(/Published/);
    expect(shows(await staff.publicHtml("/about"), "Integrity First")).toBe(true);

    await page.getByRole("tab", { name: /^Pages/ }).click();
    await choose(page, "New Page", "Publish");
    await expectToast(page, "Page published", "Success");
    await expect.poll(() => row(page, "new-page").innerText()).toMatch(/Published/);
    expect((await pageRow("new-page"))!.status).toBe("published");
    await choose(page, "New Page", "Unpublish");
    await expectToast(page, "Page unpublished", "Success");
    await expect.poll(() => row(page, "new-page").innerText()).toMatch(/Draft/);

    // The edit form sets any status: archived.
    await choose(page, "New Page", "Edit");
    const edit = page.getByRole("form", { name: "Edit Page" });
    await edit.getByLabel("Status").selectOption("archived");
    await edit.getByRole("button", { name: "Update Page" }).click();
    await expectToast(page, "Page updated successfully", "Success");
    await expect.poll(() => row(page, "new-page").innerText()).toMatch(/Archived/);
  });

  test("search by title or key and the status filter, for both tabs", async () => {
    const page = await staff.page();
    await openScreen(page);
    const pages = await count("select count(*)::int as n from cms_pages");
    const blocks = await count("select count(*)::int as n from cms_content_blocks");
    const search = page.getByLabel("Search pages and blocks");

    await search.fill("ABOUT");
    const aboutPages = await count("select count(*)::int as n from cms_pages where title ilike '%about%' or page_key ilike '%about%'");
    const aboutBlocks = await count("select count(*)::int as n from cms_content_blocks where title ilike '%about%' or block_key ilike '%about%'");
    await expect.poll(() => page.getByRole("tab").allInnerTexts()).toEqual([`Pages (${aboutPages})`, `Blocks (${aboutBlocks})`]);
    await page.getByText(`Showing ${aboutPages} of ${pages}`).waitFor();
    await page.getByRole("tab", { name: /^Blocks/ }).click();
    await page.getByText(`Showing ${aboutBlocks} of ${blocks}`).waitFor();
    expect(await page.locator("tr[data-item]").count()).toBe(aboutBlocks);

    // By key.
    await search.fill("new-block");
    await expect.poll(() => page.locator("tr[data-item]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-item")))).toEqual(["new-block"]);

    // Status filter: the drafts.
    await search.fill("");
    await page.getByLabel("Status").selectOption("draft");
    const draftBlocks = await count("select count(*)::int as n from cms_content_blocks where status = 'draft'");
    await expect.poll(() => page.locator("tr[data-item]").count()).toBe(draftBlocks);
    await page.getByRole("tab", { name: /^Pages/ }).click();
    await page.getByLabel("Status").selectOption("archived");
    await expect.poll(() => page.locator("tr[data-item]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-item")))).toEqual(["new-page"]);

    // Nothing matches: say so, and clear.
    await search.fill("no such content anywhere");
    await page.getByText("Nothing matches the search and filter.").waitFor();
    await page.getByRole("button", { name: "Clear search and filter" }).click();
    await expect.poll(() => page.locator("tr[data-item]").count()).toBe(pages);
  });

  test("delete asks first: Cancel keeps the item, Delete removes it", async () => {
    const page = await staff.page();
    await openScreen(page);
    await choose(page, "New Page", "Delete");
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this content?" });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain("The page “New Page” (new-page) will be deleted. This cannot be undone.");
    await expectNoAxeViolations(page, AXE);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await pageRow("new-page")).toBeDefined();
    await row(page, "new-page").waitFor();

    await choose(page, "New Page", "Delete");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Page deleted successfully", "Success");
    await row(page, "new-page").waitFor({ state: "detached" });
    expect(await pageRow("new-page")).toBeUndefined();

    await page.getByRole("tab", { name: /^Blocks/ }).click();
    await choose(page, "Home: why us", "Delete");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Block deleted successfully", "Success");
    await row(page, "new-block").waitFor({ state: "detached" });
    expect(await blockRow("new-block")).toBeUndefined();
  });
});

describe("the hub after these changes", () => {
  test("Recent Changes says who did what, newest first; the figures follow", async () => {
    const page = await staff.page();
    await staff.goto(page, "/admin/cms");
    await page.getByRole("heading", { name: "Recent Changes" }).waitFor();
    const changes = page.locator("li[data-change]");
    await changes.first().waitFor();
    const texts = await changes.allInnerTexts();
    expect(texts[0]).toMatch(/^Deleted content block “Home: why us”\s+Casey Content · just now$/);
    expect(texts[1]).toMatch(/^Deleted page “New Page”\s+Casey Content · just now$/);
    expect(texts.length).toBeLessThanOrEqual(8);
    expect(texts.join("\n")).toContain("Updated page “New Page”");
    expect(await page.getByText("No recent changes").count()).toBe(0);

    const [pages, blocks] = await Promise.all([count("select count(*)::int as n from cms_pages"), count("select count(*)::int as n from cms_content_blocks")]);
    expect(await page.locator('[data-card="Page Content"] [data-figure]').innerText()).toBe(`${blocks} content blocks, ${pages} pages`);
    await expectNoAxeViolations(page, AXE);
  });
});
