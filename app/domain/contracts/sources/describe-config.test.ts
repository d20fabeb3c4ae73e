import { describe, expect, it } from "vitest";
import { describeLocation, describeParameters } from "./describe-config";

describe("a search configuration in words", () => {
  it("names the state and the source's area instead of the stored ids", () => {
    expect(describeLocation("OH", "229")).toBe("Ohio (OH), area 229 on the source");
    expect(describeLocation("OH", null)).toBe("Ohio (OH)");
    expect(describeLocation(null, "229")).toBe("Area 229 on the source");
    expect(describeLocation(null, null)).toBe("Any");
  });

  it("says what the seeded sources' parameters do, and shows unknown ones as they are", () => {
    expect(describeParameters({ solSearchStatus: "openSolicitationsTab", pageNumberSelect: 1 })).toEqual(["Open solicitations only", "Starts at results page 1"]);
    expect(describeParameters({ "gov[]": ["sl", "fed"] })).toEqual(["Government levels: state and local, federal"]);
    expect(describeParameters({ sort: "date", tags: ["a", "b"] })).toEqual(["sort: date", "tags: a, b"]);
    expect(describeParameters({})).toEqual([]);
  });
});
