import { describe, expect, test } from "vitest";
import { isCurrent } from "./site-link";

describe("isCurrent (the header's and menu's aria-current)", () => {
  test.each([
    ["/", "/", true, true],
    ["/about", "/", true, false],
    ["/about", "/about", false, true],
    ["/about/", "/about", false, true],
    ["/About", "/about", false, true],
    ["/gaf/shingles", "/gaf", false, true],
    ["/gaf/shingles", "/gaf", true, false],
    ["/gallery", "/gaf", false, false],
    ["/services-extra", "/services", false, false],
  ])("%s against %s (end %s): %s", (pathname, to, end, expected) => {
    expect(isCurrent(pathname, to, end)).toBe(expected);
  });
});
