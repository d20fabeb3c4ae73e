import { describe, expect, it } from "vitest";
import { CONTENT_KEY_PATTERN } from "~/db/schema";
import { isBlockType, parseBlockContent } from "~/domain/cms/block-content";
import { pageMetadataSchema } from "~/domain/cms/content-admin-schemas";
import { PUBLIC_PAGE_KEYS, PUBLIC_PAGES, sectionNumber } from "~/domain/cms/public-pages";
import { BLOCK_SEEDS, PAGE_SEEDS } from "./pages";

/** The seeded page texts fit the shapes the public renderer and the editor use. */
describe("page and block seeds", () => {
  it("one published page per public page, with valid metadata", () => {
    expect(PAGE_SEEDS.map((page) => page.pageKey).sort()).toEqual([...PUBLIC_PAGE_KEYS].sort());
    for (const page of PAGE_SEEDS) {
      expect(page.status, page.pageKey).toBe("published");
      expect(CONTENT_KEY_PATTERN.test(page.pageKey), page.pageKey).toBe(true);
      const metadata = pageMetadataSchema.safeParse(page.metadata);
      expect(metadata.success, `${page.pageKey}: ${JSON.stringify(metadata.error?.issues)}`).toBe(true);
      expect(metadata.data?.title && metadata.data.description, page.pageKey).toBeTruthy();
      expect(page.content?.trim(), page.pageKey).toBeTruthy();
    }
  });

  it("every block is published, keyed for the database and valid for its type", () => {
    const keys = BLOCK_SEEDS.map((block) => block.blockKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const block of BLOCK_SEEDS) {
      expect(CONTENT_KEY_PATTERN.test(block.blockKey), block.blockKey).toBe(true);
      expect(block.status, block.blockKey).toBe("published");
      expect(isBlockType(block.blockType), block.blockKey).toBe(true);
      const parsed = parseBlockContent(block.blockType!, block.content);
      expect(parsed.success, `${block.blockKey}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      // Stored as the schema leaves it: the editor's round trip changes nothing.
      expect(parsed.data, block.blockKey).toEqual(block.content);
    }
  });

  it("every section of every page has its block, of the type the page renders; every block belongs to a page", () => {
    const byKey = new Map(BLOCK_SEEDS.map((block) => [block.blockKey, block]));
    const used = new Set<string>();
    for (const page of Object.values(PUBLIC_PAGES)) {
      for (const [key, type] of Object.entries(page.blocks)) {
        expect(byKey.get(key)?.blockType, `${page.key}: ${key}`).toBe(type);
        used.add(key);
      }
      if (page.numberedSections) {
        const sections = BLOCK_SEEDS.filter((block) => sectionNumber(page.key, block.blockKey) !== null);
        expect(sections.length, page.key).toBeGreaterThan(5);
        for (const section of sections) used.add(section.blockKey);
      }
    }
    expect(BLOCK_SEEDS.map((block) => block.blockKey).filter((key) => !used.has(key))).toEqual([]);
  });
});
