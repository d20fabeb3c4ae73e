import { describe, expect, test } from "vitest";
import { bookingHref, ESTIMATE_TEXT, estimateQueryString, isEstimateQuery, parseEstimateQuery, readEstimateForm } from "./inputs";

const form = (query: string) => readEstimateForm(new URLSearchParams(query));

describe("the estimate's inputs", () => {
  test("a footprint or the squares, stories, steepness and material, from the query string", () => {
    expect(parseEstimateQuery("zip=43017&footprint=1800&stories=2&steepness=medium&material=asphalt")).toEqual({
      zip: "43017",
      footprintSqFt: 1800,
      squares: null,
      stories: 2,
      steepness: "medium",
      material: "asphalt",
    });
    expect(parseEstimateQuery("?zip=43017-1234&footprint=&squares=28.5&stories=1&steepness=steep&material=unknown&utm_source=x")).toEqual({
      zip: "43017",
      footprintSqFt: null,
      squares: 28.5,
      stories: 1,
      steepness: "steep",
      material: "unknown",
    });
    // The way homeowners write a size; the squares win when both are given.
    expect(parseEstimateQuery("zip=43017&footprint=1%2C800+sq+ft&stories=3&steepness=low&material=metal")?.footprintSqFt).toBe(1800);
    expect(parseEstimateQuery("zip=43017&footprint=1800&squares=30&stories=3&steepness=low&material=metal")).toMatchObject({ footprintSqFt: null, squares: 30 });
  });

  test("each field refused is told under it; nothing else is refused", () => {
    expect(form("zip=4301&footprint=&squares=&stories=4&steepness=flat&material=straw")).toEqual({
      ok: false,
      fieldErrors: { zip: ESTIMATE_TEXT.zip, footprint: ESTIMATE_TEXT.sizeMissing, stories: ESTIMATE_TEXT.stories, steepness: ESTIMATE_TEXT.steepness, material: ESTIMATE_TEXT.material },
    });
    expect(form("zip=43017&stories=1&steepness=low&material=asphalt")).toEqual({ ok: false, fieldErrors: { footprint: ESTIMATE_TEXT.sizeMissing } });
    // A size refused is told as it is, not as missing.
    expect(form("zip=1&footprint=12&stories=1&steepness=low&material=asphalt")).toEqual({ ok: false, fieldErrors: { zip: ESTIMATE_TEXT.zip, footprint: ESTIMATE_TEXT.footprint } });
    for (const footprint of ["299", "20001", "1800.5", "-1800", "1e3", "lots"]) {
      expect(form(`zip=43017&footprint=${encodeURIComponent(footprint)}&stories=1&steepness=low&material=asphalt`), footprint).toEqual({ ok: false, fieldErrors: { footprint: ESTIMATE_TEXT.footprint } });
    }
    for (const squares of ["2.99", "200.01", "28.555", "abc"]) {
      expect(form(`zip=43017&squares=${squares}&stories=1&steepness=low&material=asphalt`), squares).toEqual({ ok: false, fieldErrors: { squares: ESTIMATE_TEXT.squares } });
    }
    expect(parseEstimateQuery("")).toBeNull();
    expect(parseEstimateQuery("zip=43017&footprint=1800&stories=2&steepness=medium")).toBeNull();
    expect(parseEstimateQuery("x".repeat(2000))).toBeNull();
  });

  test("the query string round-trips, and the booking link carries it encoded", () => {
    const inputs = parseEstimateQuery("material=asphalt&steepness=medium&stories=2&footprint=1800&zip=43017")!;
    expect(estimateQueryString(inputs)).toBe("zip=43017&footprint=1800&stories=2&steepness=medium&material=asphalt");
    expect(parseEstimateQuery(estimateQueryString(inputs))).toEqual(inputs);
    expect(bookingHref(inputs)).toBe(`/book?estimate=${encodeURIComponent("zip=43017&footprint=1800&stories=2&steepness=medium&material=asphalt")}`);
    expect(new URL(`http://x${bookingHref(inputs)}`).searchParams.get("estimate")).toBe("zip=43017&footprint=1800&stories=2&steepness=medium&material=asphalt");
    expect(isEstimateQuery(new URLSearchParams("utm_source=ad"))).toBe(false);
    expect(isEstimateQuery(new URLSearchParams("zip="))).toBe(true);
  });
});
