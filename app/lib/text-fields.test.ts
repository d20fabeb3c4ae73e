import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  checkboxFlag,
  hexColor,
  optionalHttpUrl,
  optionalRecordId,
  optionalUrlOrPath,
  orderedRecordIds,
  optionalText,
  requiredText,
  TEXT_ERRORS,
  textProblem,
  triState,
  wholeNumber,
} from "./text-fields";

const message = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe("textProblem", () => {
  it("refuses NUL and other control characters in one-line text, tab and newline included", () => {
    for (const bad of ["a\u0000", "a\u0007b", "a\tb", "a\nb", "a\rb", "a\u007fb", "a\u0085b", "a\u2028b"]) {
      expect(textProblem(bad), JSON.stringify(bad)).toBe(TEXT_ERRORS.control);
    }
  });
  it("allows tab and line breaks in multi-line text, nothing else", () => {
    expect(textProblem("line one\n\tline two\r\n", { multiline: true })).toBeNull();
    expect(textProblem("a\u0000", { multiline: true })).toBe(TEXT_ERRORS.controlMultiline);
    expect(textProblem("a\u000b", { multiline: true })).toBe(TEXT_ERRORS.controlMultiline);
  });
  it("refuses bidi overrides, embeddings and isolates, and unpaired surrogates", () => {
    for (const bad of ["\u202eevil", "x\u202ay", "x\u2066y\u2069", "x\u2068"]) expect(textProblem(bad)).toBe(TEXT_ERRORS.bidi);
    expect(textProblem("x\ud800")).toBe(TEXT_ERRORS.surrogate);
    expect(textProblem("x\udc00y")).toBe(TEXT_ERRORS.surrogate);
  });
  it("accepts ordinary text in any script, emoji and joiners", () => {
    for (const good of ["Crème brûlée", "مرحبا", "日本語", "👩‍👩‍👧 family", "🇺🇸", "O'Brien & Sons"]) expect(textProblem(good)).toBeNull();
  });
});

describe("requiredText / optionalText", () => {
  const name = requiredText({ max: 10, requiredMessage: "Name is required." });
  it("trims and NFC-normalises, never strips", () => {
    expect(name.parse("  Cafe\u0301 ")).toBe("Café");
    expect(message(name, "Jane\u0000")).toBe(TEXT_ERRORS.control);
    expect(message(name, "   ")).toBe("Name is required.");
    expect(message(name, undefined)).toBe("Name is required.");
    expect(message(name, 42)).toBe("Name is required.");
    expect(message(name, "x".repeat(11))).toBe("Use at most 10 characters.");
  });
  it("required text must show something: invisible characters alone are blank", () => {
    for (const invisible of ["\u200b", "\u200c\u200d", "\u2060", "\u00ad", "\u3164", "\u115f", "\u180e", "\ufe0f", "\u{e0020}", "\u034f", "\u0301"]) {
      expect(message(name, invisible), JSON.stringify(invisible)).toBe("Name is required.");
    }
    expect(name.parse("\u200bAl")).toBe("\u200bAl");
    expect(name.parse("#1")).toBe("#1");
    expect(name.parse("🙂")).toBe("🙂");
  });
  it("optional: blank becomes null", () => {
    const note = optionalText({ max: 50, multiline: true });
    expect(note.parse(undefined)).toBeNull();
    expect(note.parse("  ")).toBeNull();
    expect(note.parse("a\r\nb")).toBe("a\nb");
  });
});

describe("format types", () => {
  it("URLs: absolute http(s) only", () => {
    const url = optionalHttpUrl();
    expect(url.parse("https://www.gaf.com/x")).toBe("https://www.gaf.com/x");
    expect(url.parse("")).toBeNull();
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "ftp://x.test/", "/relative", "//evil.test", "http://", "www.gaf.com"]) {
      expect(message(url, bad), bad).toBe(TEXT_ERRORS.url);
    }
  });
  it("image addresses: absolute http(s), or a path on this site", () => {
    const image = optionalUrlOrPath();
    expect(image.parse("https://images.example.com/a.jpg")).toBe("https://images.example.com/a.jpg");
    expect(image.parse(" /images/team/marcus-hale.svg ")).toBe("/images/team/marcus-hale.svg");
    expect(image.parse("")).toBeNull();
    for (const bad of ["javascript:alert(1)", "data:image/png;base64,AAAA", "//evil.test/a.png", "/\\evil.test", "/a b.png", "images/a.png", "ftp://x.test/a.png", "http://"]) {
      expect(message(image, bad), bad).toBe(TEXT_ERRORS.urlOrPath);
    }
  });
  it("reorder lists: distinct record ids, comma-separated", () => {
    const a = "0b7c2f1e-8d4a-4c59-9f3e-2a6b1d0e5c77";
    const b = "5e0c8a3b-1f2d-4e6a-8b9c-7d3e2f1a0b94";
    expect(orderedRecordIds.parse(`${a},${b}`)).toEqual([a, b]);
    expect(message(orderedRecordIds, `${a},${a}`)).toBe("An item appears twice in the new order.");
    expect(message(orderedRecordIds, `${a},x`)).toBeTruthy();
    expect(message(orderedRecordIds, "")).toBeTruthy();
  });
  it("hex colours: #RRGGBB, stored lower-case", () => {
    expect(hexColor.parse("#3A3B3D")).toBe("#3a3b3d");
    for (const bad of ["#12345", "3a3b3d", "#gggggg", "#1234567", "red"]) expect(message(hexColor, bad), bad).toBe(TEXT_ERRORS.hex);
  });
  it("whole numbers: a non-number is an error, never 0", () => {
    const years = wholeNumber({ min: 0, max: 100 });
    expect(years.parse(" 15 ")).toBe(15);
    expect(years.parse("0")).toBe(0);
    for (const bad of ["fifteen", "1.5", "1e3", "12abc", ""]) expect(message(years, bad), bad).toBe(TEXT_ERRORS.wholeNumber);
    expect(message(years, "101")).toBe("Enter a number from 0 to 100.");
    expect(message(years, "-1")).toBe("Enter a number from 0 to 100.");
  });
  it("checkbox, yes/no/unknown and record ids", () => {
    expect(checkboxFlag.parse("on")).toBe(true);
    expect(checkboxFlag.parse(undefined)).toBe(false);
    expect(message(checkboxFlag, "maybe")).toBe(TEXT_ERRORS.choice);
    expect([triState.parse("yes"), triState.parse("no"), triState.parse("unknown"), triState.parse(undefined)]).toEqual([true, false, null, null]);
    expect(message(triState, "true")).toBe(TEXT_ERRORS.choice);
    expect(optionalRecordId.parse("")).toBeUndefined();
    expect(message(optionalRecordId, "1")).toBeTruthy();
  });
});
