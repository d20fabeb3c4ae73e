import { describe, expect, it } from "vitest";
import { safeLinkHref } from "~/lib/url-safety";
import {
  formatHex,
  prefersLightForeground,
  priceTierLabel,
  relativeLuminance,
  slugify,
  textOrNull,
  triState,
  uniqueSlugs,
  windProtectionLabel,
  yesNo,
} from "./format";

describe("triState", () => {
  it("maps true, false and null/undefined to yes, no and unknown", () => {
    expect(triState(true)).toEqual({ mark: "yes", label: "Yes" });
    expect(triState(false)).toEqual({ mark: "no", label: "No" });
    expect(triState(null)).toEqual({ mark: "unknown", label: "Unknown" });
    expect(triState(undefined)).toEqual({ mark: "unknown", label: "Unknown" });
  });
});

describe("yesNo", () => {
  it("says Yes or No", () => {
    expect(yesNo(true)).toBe("Yes");
    expect(yesNo(false)).toBe("No");
  });
});

describe("textOrNull", () => {
  it("keeps text and turns missing or blank values into null", () => {
    expect(textOrNull("  Class A ")).toBe("Class A");
    expect(textOrNull("")).toBeNull();
    expect(textOrNull("   ")).toBeNull();
    expect(textOrNull(null)).toBeNull();
    expect(textOrNull(undefined)).toBeNull();
  });
});

describe("windProtectionLabel", () => {
  it("counts years, with the singular for one", () => {
    expect(windProtectionLabel(15)).toBe("15 years");
    expect(windProtectionLabel(1)).toBe("1 year");
  });
  it("says None for no coverage or a nonsense value", () => {
    expect(windProtectionLabel(0)).toBe("None");
    expect(windProtectionLabel(-3)).toBe("None");
    expect(windProtectionLabel(Number.NaN)).toBe("None");
  });
});

describe("priceTierLabel", () => {
  it("describes the four tiers in words", () => {
    expect(priceTierLabel("$")).toBe("Price tier 1 of 4");
    expect(priceTierLabel("$$$$")).toBe("Price tier 4 of 4");
  });
  it("is null for a missing or unknown tier", () => {
    expect(priceTierLabel(null)).toBeNull();
    expect(priceTierLabel("$$$$$")).toBeNull();
    expect(priceTierLabel("cheap")).toBeNull();
  });
});

describe("formatHex", () => {
  it("upper-cases the hex code", () => {
    expect(formatHex("#3a3b3d")).toBe("#3A3B3D");
  });
});

describe("slugify / uniqueSlugs", () => {
  it("makes URL-fragment-safe slugs", () => {
    expect(slugify("Fox Hollow Gray")).toBe("fox-hollow-gray");
    expect(slugify("  Hip & Ridge  ")).toBe("hip-and-ridge");
    expect(slugify("Crème Brûlée!")).toBe("creme-brulee");
    expect(slugify("***")).toBe("");
  });
  it("keeps slugs unique and never empty", () => {
    expect(uniqueSlugs(["Slate", "Slate", "slate!", "***"])).toEqual(["slate", "slate-2", "slate-3", "item-4"]);
  });
});

describe("relativeLuminance / prefersLightForeground", () => {
  it("ranges from black to white", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 5);
    expect(relativeLuminance("not a colour")).toBe(0);
  });
  it("picks white on dark swatches and black on light ones", () => {
    expect(prefersLightForeground("#3a3b3d")).toBe(true);
    expect(prefersLightForeground("#f8f5ee")).toBe(false);
  });
});

describe("GAF links (safeLinkHref)", () => {
  it("keeps http(s) URLs and site-relative paths", () => {
    expect(safeLinkHref("https://www.gaf.com/en-us")).toBe("https://www.gaf.com/en-us");
    expect(safeLinkHref(" /files/warranty.pdf ")).toBe("/files/warranty.pdf");
  });
  it("drops anything that could run script or leave the site unexpectedly", () => {
    expect(safeLinkHref("javascript:alert(1)")).toBeNull();
    expect(safeLinkHref("data:text/html,hi")).toBeNull();
    expect(safeLinkHref("//evil.example/x")).toBeNull();
    expect(safeLinkHref("/\\evil.example")).toBeNull();
    // A browser drops tabs and newlines inside a URL: "/\t/host" is "//host".
    expect(safeLinkHref("/\t/evil.example/x")).toBeNull();
    expect(safeLinkHref("/\n/evil.example/x")).toBeNull();
    expect(safeLinkHref("not a url")).toBeNull();
    expect(safeLinkHref("")).toBeNull();
    expect(safeLinkHref(null)).toBeNull();
  });
});
