import { describe, expect, it } from "vitest";
import type { ParsedContract } from "./adapters";
import { categorySlugFor } from "./categorize";
import { isVeteranSetAside, milesFromHome, relevanceOf } from "./relevance";

const NOW = new Date("2026-10-01T12:00:00Z");

function contract(fields: Partial<ParsedContract>): ParsedContract {
  return {
    externalId: "1", title: "Something", description: null, agencyName: null, sourceUrl: "https://example.test/1",
    contractType: "government", estimatedValue: null, currency: "USD", locationCity: null, locationState: null,
    locationCountry: "US", postedDate: null, deadlineDate: null, tags: [], status: "active", rawData: {}, ...fields,
  };
}

describe("relevance", () => {
  it("ranks a nearby roofing job with time left above a far one, a closing one and an unrelated one", () => {
    const keywords = ["roof", "roofing"];
    const near = relevanceOf(contract({ title: "Roof Replacement - Westerville City Hall", deadlineDate: "2026-10-30", locationState: "OH" }), keywords, NOW);
    const far = relevanceOf(contract({ title: "Roof Replacement - Cleveland Library", deadlineDate: "2026-10-30", locationState: "OH" }), keywords, NOW);
    const closing = relevanceOf(contract({ title: "Roof Replacement - Westerville City Hall", deadlineDate: "2026-10-03", locationState: "OH" }), keywords, NOW);
    const unrelated = relevanceOf(contract({ title: "BHS Gym Audio", deadlineDate: "2026-10-19", locationState: "TN" }), keywords, NOW);
    expect(near.priorityScore).toBeGreaterThan(far.priorityScore);
    expect(near.priorityScore).toBeGreaterThan(closing.priorityScore);
    expect(far.priorityScore).toBeGreaterThan(unrelated.priorityScore);
    expect(near).toMatchObject({ daysLeft: 29, veteranSetAside: false });
    expect(near.milesFromHome).toBeLessThan(15);
    expect(unrelated.priorityScore).toBeGreaterThanOrEqual(1);
    expect(near.priorityScore).toBeLessThanOrEqual(100);
  });

  it("a stated value and a veteran set-aside count", () => {
    const base = contract({ title: "Roof Repair", deadlineDate: "2026-10-30" });
    const valued = contract({ title: "Roof Repair", deadlineDate: "2026-10-30", estimatedValue: 250_000 });
    const veteran = contract({ title: "Roof Repair", deadlineDate: "2026-10-30", description: "This is an SDVOSB set-aside." });
    expect(relevanceOf(valued, ["roof"], NOW).priorityScore).toBe(relevanceOf(base, ["roof"], NOW).priorityScore + 10);
    const v = relevanceOf(veteran, ["roof"], NOW);
    expect(v.veteranSetAside).toBe(true);
    expect(v.priorityScore).toBe(relevanceOf(base, ["roof"], NOW).priorityScore + 10);
  });

  it("recognises veteran set-aside wording", () => {
    for (const text of ["SDVOSB set-aside", "Total VOSB set aside", "Service-Disabled Veteran-Owned Small Business", "Ohio Veteran-Friendly Business Enterprise bid preference", "open to veteran-owned small business concerns"]) {
      expect(isVeteranSetAside(text)).toBe(true);
    }
    for (const text of ["Roof repair at the veterans memorial", "Small business set-aside", "VOSBX"]) {
      expect(isVeteranSetAside(text)).toBe(false);
    }
  });

  it("distance from Columbus from a named place or county", () => {
    expect(milesFromHome("Licking County Commissioners")).toBeGreaterThan(20);
    expect(milesFromHome("Licking County Commissioners")).toBeLessThan(40);
    expect(milesFromHome("City of Columbus")).toBe(0);
    expect(milesFromHome("Town of Ithaca")).toBeNull();
  });
});

describe("categories from title and description", () => {
  it.each([
    ["Low-Slope Roof Coating, Building 12", null, "roof-coatings"],
    ["Roof Replacement & Repairs – Franklin County", null, "roof-replacement"],
    ["ON-CALL ROOF REPAIR SERVICES", null, "roof-repair"],
    ["Metal Roofing Panels for Salt Barn", null, "sheet-metal-flashing"],
    ["Gutter and Downspout Replacement", null, "gutters-siding"],
    ["Fire Station 3", "Tear-off of the asphalt shingle roof", "roof-replacement"],
    ["Roofing services", null, "roofing"],
    ["Porte Cochere Addition For: Kingsport Senior Center", null, "general-construction"],
    ["BHS Gym Audio", null, null],
  ])("%s -> %s", (title, description, slug) => {
    expect(categorySlugFor(title, description)).toBe(slug);
  });
});
