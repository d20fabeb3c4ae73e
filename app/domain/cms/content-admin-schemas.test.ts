import { describe, expect, it } from "vitest";
import { CONTENT_KEY_PATTERN as DATABASE_KEY_PATTERN } from "~/db/schema/cms";
import { fieldErrorsOf } from "~/lib/admin-result";
import { CONTENT_KEY_PATTERN, contentActionSchema, pageMetadataSchema, saveBlockSchema, savePageSchema } from "./content-admin-schemas";
import { blockPreview, pagePreview, truncatePreview } from "./content-preview";

/** What /admin/cms/pages posts, as the browser and the action both check it. */

function errors(schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrorsOf(result.error!);
}

const page = (fields: Record<string, string>) => ({ intent: "save-page", pageKey: "new-page", title: "New Page", content: "Text", metadata: "", ...fields });
const block = (fields: Record<string, string>) => ({ intent: "save-block", blockKey: "new-block", blockType: "text", title: "T", content: '{"paragraphs":["P"]}', ...fields });

describe("Page Content schemas", () => {
  it("use the database's key rule", () => {
    expect(CONTENT_KEY_PATTERN.source).toBe(DATABASE_KEY_PATTERN.source);
  });

  it("require key, title and content, with their own messages", () => {
    expect(errors(savePageSchema, page({ pageKey: "", title: " ", content: "" }))).toEqual({
      pageKey: "Key is required.",
      title: "Title is required.",
      content: "Content is required.",
    });
    expect(errors(saveBlockSchema, block({ blockKey: "", title: "", content: "  " }))).toEqual({
      blockKey: "Key is required.",
      title: "Title is required.",
      content: "Content is required.",
    });
  });

  it("allow lowercase letters, digits, hyphens and underscores in keys", () => {
    for (const key of ["home", "about-us", "privacy_10", "404-page", "a"]) expect(errors(savePageSchema, page({ pageKey: key })), key).toEqual({});
    for (const key of ["About", "-lead", "_lead", "with space", "ünï", "a/b", "a.b"]) {
      expect(errors(savePageSchema, page({ pageKey: key })).pageKey, key).toMatch(/^Use lowercase letters/);
    }
  });

  it("refuse block content that is not JSON, with the parser's reason, as a field error", () => {
    const { content } = errors(saveBlockSchema, block({ content: '{"paragraphs": ["unclosed"' }));
    expect(content).toMatch(/^This is not valid JSON \(.+\)\. Fix it before saving\.$/);
    expect(errors(saveBlockSchema, block({ content: "{paragraphs: []}" })).content).toMatch(/^This is not valid JSON/);
  });

  it("refuse JSON that does not fit the block's type, saying where", () => {
    expect(errors(saveBlockSchema, block({ blockType: "card_grid", content: '{"cards":[{"title":"A","text":""}]}' }))).toEqual({
      content: "Card 1, Text: This field is required.",
    });
    expect(errors(saveBlockSchema, block({ blockType: "card_grid" })).content).toBe("Cards: Add at least one card.");
    // A blank title and a broken card are reported together.
    expect(Object.keys(errors(saveBlockSchema, block({ title: "", blockType: "list", content: '{"items":[]}' }))).sort()).toEqual(["content", "title"]);
  });

  it("check page metadata: blank is {}, JSON only, known keys only", () => {
    const parsed = savePageSchema.safeParse(page({}));
    expect(parsed.success && parsed.data.metadata).toEqual({});
    expect(errors(savePageSchema, page({ metadata: "{title: 1}" })).metadata).toMatch(/^This is not valid JSON/);
    expect(errors(savePageSchema, page({ metadata: "[]" })).metadata).toBe('The metadata must be a JSON object, like {"title": "..."}.');
    expect(errors(savePageSchema, page({ metadata: '{"titel":"x"}' })).metadata).toBe("“titel” is not a metadata field (use title, description or ogImage).");
    expect(errors(savePageSchema, page({ metadata: '{"ogImage":"javascript:alert(1)"}' })).metadata).toMatch(/^Social image: Enter an image path/);
    expect(pageMetadataSchema.parse({ title: " About ", description: "", ogImage: "/images/og.png" })).toEqual({ title: "About", ogImage: "/images/og.png" });
  });

  it("publish and unpublish only between published and draft", () => {
    const id = "0b0e5f8e-4c3a-4b8e-9a1e-1f2a3b4c5d6e";
    expect(contentActionSchema.safeParse({ intent: "set-page-status", id, status: "published" }).success).toBe(true);
    expect(contentActionSchema.safeParse({ intent: "set-block-status", id, status: "draft" }).success).toBe(true);
    expect(contentActionSchema.safeParse({ intent: "set-block-status", id, status: "archived" }).success).toBe(false);
    expect(contentActionSchema.safeParse({ intent: "delete-page", id: "1" }).success).toBe(false);
  });
});

describe("content previews", () => {
  it("are one line of at most 100 characters", () => {
    expect(truncatePreview("short\n\ntext")).toBe("short text");
    const long = truncatePreview("word ".repeat(40));
    expect(Array.from(long).length).toBeLessThanOrEqual(100);
    expect(long.endsWith("…")).toBe(true);
    expect(Array.from(truncatePreview("😀".repeat(150))).length).toBe(100);
    expect(pagePreview("x".repeat(100))).toBe("x".repeat(100));
  });

  it("show a block's texts, not its addresses or icon names", () => {
    expect(blockPreview({ heading: "Values", cards: [{ title: "A", text: "B", icon: "Star", link: { label: "Go", href: "/gaf" } }] })).toBe("Values · A · B · Go");
    // In reading order, whatever order the database keeps the keys in.
    expect(blockPreview({ cards: [{ icon: "Star", text: "B", title: "A" }], intro: "I", heading: "H", eyebrow: "E" })).toBe("E · H · I · A · B");
  });
});
