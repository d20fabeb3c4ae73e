import { describe, expect, it } from "vitest";
import { BLOCK_TYPES, parseBlockContent } from "./block-content";
import { draftForType, draftFrom, fitsDraft, moved, newDraft, serializeDraft, splitParagraphs } from "./block-draft";

/** The structured editor's working copy of a block (what the form shows and what it posts). */

describe("block drafts", () => {
  it("round-trip every type's content through the form unchanged", () => {
    const contents = {
      text: { eyebrow: "E", heading: "H", paragraphs: ["One.", "Two,\nwith a line break."] },
      card_grid: { heading: "H", intro: "I", cards: [{ title: "A", text: "B", icon: "Star", link: { label: "Go", href: "/gaf" } }, { title: "C", text: "D" }] },
      list: { heading: "H", items: ["a", "b"], ordered: true },
      feature_list: { features: [{ title: "T", description: "D", icon: "Eye" }] },
      feature_grid: { intro: "I", features: [{ title: "T", description: "D" }] },
      image_text: { heading: "H", paragraphs: ["P"], imageUrl: "/images/a.svg", imageAlt: "A", imageSide: "left" },
    } as const;
    for (const type of BLOCK_TYPES) {
      const content = contents[type];
      expect(fitsDraft(type, content), type).toBe(true);
      const posted = serializeDraft(type, draftFrom(content));
      expect(parseBlockContent(type, JSON.parse(JSON.stringify(posted))).data, type).toEqual(parseBlockContent(type, content).data);
    }
  });

  it("keep JSON the form cannot show without changing it out of the form", () => {
    expect(fitsDraft("text", { paragraphs: ["a"], extra: 1 })).toBe(false);
    expect(fitsDraft("text", { paragraphs: ["two\n\nparagraphs in one"] })).toBe(false);
    expect(fitsDraft("card_grid", { cards: [{ title: 3, text: "x" }] })).toBe(false);
    expect(fitsDraft("card_grid", { cards: "none" })).toBe(false);
    expect(fitsDraft("list", [])).toBe(false);
    // Empty optional values are the same as absent ones.
    expect(fitsDraft("card_grid", { heading: "", cards: [{ title: "A", text: "B", icon: "", link: null }] })).toBe(true);
  });

  it("split paragraphs on blank lines only", () => {
    expect(splitParagraphs("One.\n\nTwo\nstill two.\n \nThree.\n\n\n")).toEqual(["One.", "Two\nstill two.", "Three."]);
    expect(splitParagraphs("   ")).toEqual([]);
  });

  it("keep what was typed when the type changes: cards become features and back", () => {
    const cards = draftForType("card_grid", draftFrom({ heading: "Values", cards: [{ title: "A", text: "B", icon: "Star" }] }));
    const features = draftForType("feature_grid", cards);
    expect(serializeDraft("feature_grid", features)).toEqual({ heading: "Values", features: [{ title: "A", description: "B", icon: "Star" }] });
    expect(serializeDraft("text", features)).toEqual({ heading: "Values", paragraphs: [] });
    expect(draftForType("list", features).items).toHaveLength(1);
  });

  it("start each type with one empty entry to fill in", () => {
    expect(newDraft("card_grid").cards).toHaveLength(1);
    expect(newDraft("feature_list").features).toHaveLength(1);
    expect(newDraft("list").items).toHaveLength(1);
    expect(serializeDraft("card_grid", newDraft("card_grid"))).toEqual({ cards: [{ title: "", text: "" }] });
  });

  it("move entries", () => {
    expect(moved(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moved(["a", "b"], 0, -1)).toEqual(["a", "b"]);
  });
});
