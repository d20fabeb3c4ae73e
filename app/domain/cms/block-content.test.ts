import { describe, expect, it } from "vitest";
import { CONTENT_BLOCK_TYPES } from "~/db/schema/cms";
import { BLOCK_CONTENT_SCHEMAS, BLOCK_TYPES, type BlockType, describeContentPath, emptyBlockContent, parseBlockContent } from "./block-content";

/** One schema per block type (spec 2 §9): what each accepts, what it refuses and how it says so. */

/** The first problem, as the editor shows it: "Card 2, Title: This field is required." */
function problem(type: BlockType, content: unknown): string | null {
  const result = parseBlockContent(type, content);
  if (result.success) return null;
  const [issue] = result.error.issues;
  return [describeContentPath(issue!.path), issue!.message].filter(Boolean).join(": ");
}

const VALID: Record<BlockType, unknown> = {
  text: { eyebrow: "Who we are", heading: "Our Mission", paragraphs: ["To protect central Ohio homes.", "Second paragraph."] },
  card_grid: {
    heading: "Our core values",
    intro: "Three principles.",
    cards: [
      { title: "Integrity First", text: "We tell you what your roof needs.", icon: "ShieldCheck" },
      { title: "Service Beyond", text: "We handle the details.", link: { label: "Our services", href: "/services" } },
    ],
  },
  list: { heading: "Why GAF", items: ["Factory-trained crews", "Complete roofing systems"], ordered: true },
  feature_list: { heading: "Our goals", features: [{ title: "Inspect honestly", description: "Photo-documented inspections.", icon: "Eye" }] },
  feature_grid: { features: [{ title: "24 years", description: "of active duty" }, { title: "36 months", description: "of deployments", icon: "Medal" }] },
  image_text: {
    heading: "Storm restoration",
    paragraphs: ["We tarp and secure exposed areas quickly."],
    imageUrl: "/images/gallery/hilliard-wind-restoration.svg",
    imageAlt: "A house with a restored roof",
    imageSide: "left",
  },
};

describe("block content schemas", () => {
  it("cover exactly the block types of the database", () => {
    expect([...BLOCK_TYPES].sort()).toEqual([...CONTENT_BLOCK_TYPES].sort());
    expect(Object.keys(BLOCK_CONTENT_SCHEMAS).sort()).toEqual([...CONTENT_BLOCK_TYPES].sort());
  });

  it.each(BLOCK_TYPES)("accept a %s block and normalise it (trimmed, blank optional texts omitted)", (type) => {
    const result = parseBlockContent(type, VALID[type]);
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });

  it("trim texts, drop blank optional ones and default the image side", () => {
    expect(parseBlockContent("text", { eyebrow: "  ", heading: " Hi ", paragraphs: ["  One.  "] }).data).toEqual({ heading: "Hi", paragraphs: ["One."] });
    expect(parseBlockContent("card_grid", { cards: [{ title: "A", text: "B", icon: "", link: null }] }).data).toEqual({ cards: [{ title: "A", text: "B" }] });
    const image = parseBlockContent("image_text", { ...(VALID.image_text as object), imageSide: undefined });
    expect(image.data?.imageSide).toBe("right");
  });

  it.each(BLOCK_TYPES)("refuse what is not an object for a %s block", (type) => {
    for (const value of [null, [], "text", 3, true]) expect(problem(type, value)).toMatch(/must be a JSON object/);
  });

  it.each(BLOCK_TYPES)("name an unknown key of a %s block", (type) => {
    expect(problem(type, { ...(VALID[type] as object), hedaing: "typo" })).toBe("“hedaing” is not part of this block type.");
  });

  it("say what is missing or wrong, and where", () => {
    expect(problem("text", { paragraphs: [] })).toBe("Paragraphs: Add at least one paragraph.");
    expect(problem("text", { paragraphs: ["ok", "  "] })).toBe("Paragraph 2: This field is required.");
    expect(problem("card_grid", { cards: [] })).toBe("Cards: Add at least one card.");
    expect(problem("card_grid", { cards: [{ title: "A", text: "B" }, { title: "", text: "x" }] })).toBe("Card 2, Title: This field is required.");
    expect(problem("card_grid", { cards: [{ title: "A", text: "B", icon: "Rocket" }] })).toBe("Card 1, Icon: Choose one of the listed icons.");
    expect(problem("card_grid", { cards: [{ title: "A", text: "B", link: { label: "Go", href: "javascript:alert(1)" } }] })).toMatch(/^Card 1, Link, Link address: Enter a site path/);
    expect(problem("card_grid", { cards: [{ title: "A", text: "B", link: { label: "", href: "/gaf" } }] })).toBe("Card 1, Link, Link text: This field is required.");
    expect(problem("list", { items: [] })).toBe("Items: Add at least one item.");
    expect(problem("list", { items: ["a"], ordered: "yes" })).toBe("Numbered: Choose one of the listed options.");
    expect(problem("feature_list", { features: [{ title: "T" }] })).toBe("Feature 1, Description: This field is required.");
    expect(problem("feature_grid", { features: "none" })).toBe("Features: Add at least one feature.");
    expect(problem("image_text", { ...(VALID.image_text as object), heading: "" })).toBe("Heading: This field is required.");
    expect(problem("image_text", { ...(VALID.image_text as object), imageUrl: "//evil.example/x.png" })).toMatch(/^Image address: Enter an image path/);
    expect(problem("image_text", { ...(VALID.image_text as object), imageSide: "top" })).toBe("Image side: Choose left or right.");
  });

  it("refuse control and bidi characters inside the JSON's texts", () => {
    expect(problem("text", { paragraphs: ["safe\u202eevil"] })).toBe("Paragraph 1: This field cannot contain text-direction override characters.");
    expect(problem("card_grid", { cards: [{ title: "A\u0000", text: "B" }] })).toBe("Card 1, Title: This field cannot contain control characters, tabs or line breaks.");
    // Multi-line texts keep their line breaks.
    expect(parseBlockContent("text", { paragraphs: ["line one\nline two"] }).data).toEqual({ paragraphs: ["line one\nline two"] });
  });

  it("allow only safe link and image addresses", () => {
    const link = (href: string) => parseBlockContent("card_grid", { cards: [{ title: "A", text: "B", link: { label: "Go", href } }] }).success;
    for (const ok of ["/gaf", "/about#testimonials", "#team", "https://www.gaf.com/en-us", "http://example.com"]) expect(link(ok), ok).toBe(true);
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "//evil.example", "/\\evil.example", "relative/path", "ftp://x.example", "/a b"]) {
      expect(link(bad), bad).toBe(false);
    }
  });

  it("limit the number of entries", () => {
    const cards = Array.from({ length: 25 }, (_, i) => ({ title: `Card ${i}`, text: "x" }));
    expect(problem("card_grid", { cards })).toBe("Cards: Use at most 24 cards.");
  });

  it.each(BLOCK_TYPES)("start a new %s block empty, which is not valid until filled in", (type) => {
    expect(parseBlockContent(type, emptyBlockContent(type)).success).toBe(false);
  });
});
