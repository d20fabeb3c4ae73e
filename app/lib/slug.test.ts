import { describe, expect, it } from "vitest";
import { firstFreeSlug, SLUG_MAX_LENGTH, slugify } from "./slug";

const PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe("slugify", () => {
  it("makes lowercase ASCII words joined by single hyphens, accents dropped", () => {
    expect(slugify("New Service", "x")).toBe("new-service");
    expect(slugify("  Roof Repairs & Storm -- Work!  ", "x")).toBe("roof-repairs-storm-work");
    expect(slugify("Ünïcödé Çafé", "x")).toBe("unicode-cafe");
    expect(slugify("Timberline® HDZ™ 2.0", "x")).toBe("timberline-hdz-2-0");
    expect(slugify("O'Brien's 3-Tab", "x")).toBe("o-brien-s-3-tab");
  });

  it("falls back when nothing Latin is left", () => {
    expect(slugify("屋根の修理", "service")).toBe("service");
    expect(slugify("😀 !!", "member")).toBe("member");
    expect(slugify("", "member")).toBe("member");
  });

  it("stays short, cut at a word when it can, and always matches the tables' pattern", () => {
    const long = slugify("Complete tear-off down to the deck and a full system installation with ridge cap", "x");
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(long).toBe("complete-tear-off-down-to-the-deck-and-a-full-system");
    expect(slugify("a".repeat(200), "x")).toBe("a".repeat(SLUG_MAX_LENGTH));
    expect(slugify("ﬁne ligature", "x")).toBe("fine-ligature");
    for (const text of ["-a-", "a--b", "ß straße", "İstanbul", "x".repeat(59) + " y"]) expect(slugify(text, "x")).toMatch(PATTERN);
  });
});

describe("firstFreeSlug", () => {
  it("takes the base, else the first free numbered one", () => {
    expect(firstFreeSlug("new-service", new Set())).toBe("new-service");
    expect(firstFreeSlug("new-service", new Set(["new-service"]))).toBe("new-service-2");
    expect(firstFreeSlug("new-service", new Set(["new-service", "new-service-2", "new-service-4"]))).toBe("new-service-3");
  });
});
