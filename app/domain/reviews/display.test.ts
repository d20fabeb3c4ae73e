import { describe, expect, it } from "vitest";
import { clampRating, ratingLabel, reviewerInitials, reviewTimeLabel } from "./display";

describe("reviewerInitials", () => {
  it("takes the first letters of the first two words, upper-cased", () => {
    expect(reviewerInitials("Karen Mitchell")).toBe("KM");
    expect(reviewerInitials("Mike O'Brien")).toBe("MO");
    expect(reviewerInitials("mary ann van der berg")).toBe("MA");
    expect(reviewerInitials("  Cher  ")).toBe("C");
    expect(reviewerInitials("Élodie Ähnlich")).toBe("ÉÄ");
    expect(reviewerInitials('"Bob" Smith')).toBe("BS");
  });

  it("never returns an empty avatar", () => {
    expect(reviewerInitials("")).toBe("?");
    expect(reviewerInitials("— —")).toBe("?");
  });
});

describe("ratings and labels", () => {
  it("clamps ratings to whole stars out of 5", () => {
    expect([-1, 0, 1, 4, 5, 6, 3.6, Number.NaN].map(clampRating)).toEqual([0, 0, 1, 4, 5, 5, 4, 0]);
    expect(ratingLabel(4)).toBe("Rated 4 out of 5");
  });

  it("shows the relative time, or 'Google Review' when there is none", () => {
    expect(reviewTimeLabel("2 weeks ago")).toBe("2 weeks ago");
    expect(reviewTimeLabel("")).toBe("Google Review");
    expect(reviewTimeLabel(null)).toBe("Google Review");
  });
});
