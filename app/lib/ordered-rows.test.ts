import { describe, expect, it } from "vitest";
import { movedId } from "./ordered-rows.server";

describe("movedId", () => {
  it("names the row a move moved, up or down, by one or many places", () => {
    expect(movedId(["a", "b", "c", "d"], ["a", "c", "b", "d"])).toBe("c");
    expect(movedId(["a", "b", "c", "d"], ["a", "b", "d", "c"])).toBe("d");
    expect(movedId(["a", "b", "c", "d"], ["d", "a", "b", "c"])).toBe("d");
    expect(movedId(["a", "b", "c", "d"], ["b", "c", "d", "a"])).toBe("a");
    expect(movedId(["a", "b", "c", "d"], ["a", "c", "d", "b"])).toBe("b");
  });

  it("is null when nothing moved, and the first changed row for a shuffle", () => {
    expect(movedId(["a", "b"], ["a", "b"])).toBeNull();
    expect(movedId(["a", "b", "c", "d"], ["d", "c", "b", "a"])).toBe("d");
  });
});
