import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { cmsContentBlocks, cmsPages } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { resetTestDatabase } from "../../../tests/support/test-database";
import { getPublicPage } from "./get-public-page.server";
import { PUBLIC_PAGE_KEYS, PUBLIC_PAGES } from "./public-pages";

const setBlock = (key: string, values: Partial<typeof cmsContentBlocks.$inferInsert>) =>
  db().update(cmsContentBlocks).set(values).where(eq(cmsContentBlocks.blockKey, key));

describe("getPublicPage (the public read model of the CMS pages)", () => {
  beforeEach(async () => {
    await resetTestDatabase();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("gives every seeded page its published metadata and every block its sections render", async () => {
    for (const key of PUBLIC_PAGE_KEYS) {
      const page = await getPublicPage(key);
      expect(page.metadata?.title, key).toBeTruthy();
      expect(page.metadata?.description, key).toBeTruthy();
      expect(Object.keys(page.blocks).filter((k) => !page.sections.includes(k)).sort(), key).toEqual(Object.keys(PUBLIC_PAGES[key].blocks).sort());
      expect(page.preview).toBe(false);
      expect(Object.values(page.blocks).some((block) => block.draft)).toBe(false);
    }
    const home = await getPublicPage("home");
    expect(home.blocks["home-hero"]).toMatchObject({ type: "text", content: { heading: "Veteran-owned roofing you can trust across central Ohio" } });
  });

  it("never returns a draft or archived block publicly; the preview adds drafts (marked) but never archived ones", async () => {
    await setBlock("about-values", { status: "draft", content: { heading: "Draft values", cards: [{ title: "Draft card", text: "Not yet." }] } });
    await setBlock("about-goals", { status: "archived" });

    const publicPage = await getPublicPage("about");
    expect(publicPage.blocks["about-values"]).toBeUndefined();
    expect(publicPage.blocks["about-goals"]).toBeUndefined();
    expect(JSON.stringify(publicPage)).not.toContain("Draft values");

    const preview = await getPublicPage("about", { includeDrafts: true });
    expect(preview.preview).toBe(true);
    expect(preview.blocks["about-values"]).toMatchObject({ draft: true, content: { heading: "Draft values" } });
    expect(preview.blocks["about-goals"]).toBeUndefined();
    expect(preview.blocks["about-hero"]?.draft).toBeUndefined();
  });

  it("a draft or archived page keeps its metadata out of the public page (defaults apply), not out of the preview", async () => {
    await db().update(cmsPages).set({ status: "draft", metadata: { title: "Draft title" } }).where(eq(cmsPages.pageKey, "team"));
    expect((await getPublicPage("team")).metadata).toBeNull();
    expect((await getPublicPage("team", { includeDrafts: true })).metadata).toEqual({ title: "Draft title" });
    await db().update(cmsPages).set({ status: "archived" }).where(eq(cmsPages.pageKey, "team"));
    expect((await getPublicPage("team", { includeDrafts: true })).metadata).toBeNull();
    // Blocks do not depend on the page row.
    expect((await getPublicPage("team")).blocks["team-hero"]).toBeDefined();
  });

  it("skips (and logs) a block whose JSON does not fit its type, or whose type is not its section's; the page still renders", async () => {
    const warn = vi.spyOn(logger, "warn");
    await setBlock("gallery-hero", { content: { heading: "", paragraphs: "not a list", script: "<script>alert(1)</script>" } });
    await setBlock("gallery-cta", { blockType: "list", content: { items: ["A list, not the text its section renders"] } });
    const page = await getPublicPage("gallery");
    expect(page.blocks).toEqual({});
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ blockKey: "gallery-hero" }), "cms block skipped: its content does not fit its type");
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ blockKey: "gallery-cta", expected: "text" }), "cms block skipped: not the type its section renders");

    await db().update(cmsPages).set({ metadata: { title: 42, unknown: true } }).where(eq(cmsPages.pageKey, "gallery"));
    expect((await getPublicPage("gallery")).metadata).toBeNull();
  });

  it("orders the numbered sections of a legal page by number, and leaves other pages' blocks out", async () => {
    await db()
      .insert(cmsContentBlocks)
      .values([
        { blockKey: "privacy-15-new-topic", blockType: "text", title: "New", content: { heading: "New topic", paragraphs: ["New."] }, status: "published" },
        { blockKey: "privacy-5-first", blockType: "list", title: "First", content: { items: ["First."] }, status: "published" },
        { blockKey: "privacy-notes", blockType: "text", title: "Not a section", content: { paragraphs: ["Internal."] }, status: "published" },
        { blockKey: "privacy-99-draft", blockType: "text", title: "Draft", content: { paragraphs: ["Draft."] }, status: "draft" },
      ]);
    const page = await getPublicPage("privacy");
    expect(page.sections).toEqual([
      "privacy-5-first",
      "privacy-10-who-we-are",
      "privacy-15-new-topic",
      "privacy-20-form",
      "privacy-30-form-use",
      "privacy-40-email",
      "privacy-50-sharing",
      "privacy-60-cookies",
      "privacy-70-retention",
      "privacy-80-security",
      "privacy-90-choices",
      "privacy-100-children",
      "privacy-110-changes",
    ]);
    expect(page.blocks["privacy-notes"]).toBeUndefined();
    expect((await getPublicPage("privacy", { includeDrafts: true })).sections).toContain("privacy-99-draft");
    expect(Object.keys((await getPublicPage("terms")).blocks).some((key) => key.startsWith("privacy-"))).toBe(false);
  });
});
