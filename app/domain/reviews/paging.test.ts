import { describe, expect, it } from "vitest";
import {
  nextPage,
  pageBounds,
  pageCount,
  pageFromSearchParam,
  paginate,
  previousPage,
  reviewsStatusText,
  wrapPage,
} from "./paging";

describe("reviews paging (3 per page, wrap-around)", () => {
  it("counts pages of 3", () => {
    expect([0, 1, 3, 4, 6, 7, 9].map((n) => pageCount(n))).toEqual([0, 1, 1, 2, 2, 3, 3]);
    expect(pageCount(-1)).toBe(0);
    expect(pageCount(Number.NaN)).toBe(0);
  });

  it("next past the end goes to the start; previous before the start to the last page", () => {
    // 7 reviews: pages 0 (1-3), 1 (4-6), 2 (7).
    expect(nextPage(0, 3)).toBe(1);
    expect(nextPage(2, 3)).toBe(0);
    expect(previousPage(0, 3)).toBe(2);
    expect(previousPage(2, 3)).toBe(1);
    expect(nextPage(0, 1)).toBe(0);
    expect(previousPage(0, 1)).toBe(0);
  });

  it("wraps any integer into range", () => {
    expect(wrapPage(-1, 3)).toBe(2);
    expect(wrapPage(-4, 3)).toBe(2);
    expect(wrapPage(3, 3)).toBe(0);
    expect(wrapPage(5, 0)).toBe(0);
  });

  it("gives the bounds of a page; the last page holds the rest", () => {
    expect(pageBounds(0, 7)).toEqual({ from: 0, to: 3 });
    expect(pageBounds(1, 7)).toEqual({ from: 3, to: 6 });
    expect(pageBounds(2, 7)).toEqual({ from: 6, to: 7 });
    expect(pageBounds(-1, 7)).toEqual({ from: 6, to: 7 });
    expect(pageBounds(0, 0)).toEqual({ from: 0, to: 0 });
    expect(paginate([1, 2, 3, 4, 5, 6, 7])).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(paginate([])).toEqual([]);
  });

  it("announces the visible range", () => {
    expect(reviewsStatusText(0, 7)).toBe("Reviews 1 to 3 of 7");
    expect(reviewsStatusText(1, 7)).toBe("Reviews 4 to 6 of 7");
    expect(reviewsStatusText(2, 7)).toBe("Reviews 7 to 7 of 7");
    expect(reviewsStatusText(0, 2)).toBe("Reviews 1 to 2 of 2");
  });

  it("reads the no-JS ?reviews=<n> (1-based) safely", () => {
    expect(pageFromSearchParam(null, 3)).toBe(0);
    expect(pageFromSearchParam("1", 3)).toBe(0);
    expect(pageFromSearchParam("3", 3)).toBe(2);
    expect(pageFromSearchParam("4", 3)).toBe(0);
    expect(pageFromSearchParam("0", 3)).toBe(2);
    expect(pageFromSearchParam("abc", 3)).toBe(0);
    expect(pageFromSearchParam("1e9", 3)).toBe(0);
    expect(pageFromSearchParam("99999999999", 3)).toBe(0);
    expect(pageFromSearchParam("2", 0)).toBe(0);
  });
});
