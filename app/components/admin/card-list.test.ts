import { describe, expect, it } from "vitest";
import { moveMenuActions } from "./card-list";

const ALL = ["a", "b", "c", "d", "e"];
const idsOf = (actions: ReturnType<typeof moveMenuActions>) =>
  actions.map((action) => [action.label, "fields" in action ? action.fields.ids : undefined]);

describe("moveMenuActions", () => {
  it("moves past the neighbour: up and down, none past the ends", () => {
    expect(idsOf(moveMenuActions("c", { allIds: ALL, shownIds: ALL, intent: "reorder-x" }))).toEqual([
      ["Move up", "a,c,b,d,e"],
      ["Move down", "a,b,d,c,e"],
    ]);
    expect(idsOf(moveMenuActions("a", { allIds: ALL, shownIds: ALL, intent: "reorder-x" }))).toEqual([["Move down", "b,a,c,d,e"]]);
    expect(idsOf(moveMenuActions("e", { allIds: ALL, shownIds: ALL, intent: "reorder-x" }))).toEqual([["Move up", "a,b,c,e,d"]]);
    expect(moveMenuActions("a", { allIds: ["a"], shownIds: ["a"], intent: "reorder-x" })).toEqual([]);
  });

  it("in a filtered list, moves past the neighbour shown and posts the whole list", () => {
    const shown = ["a", "c", "e"];
    expect(idsOf(moveMenuActions("c", { allIds: ALL, shownIds: shown, intent: "reorder-x" }))).toEqual([
      ["Move up", "c,a,b,d,e"],
      ["Move down", "a,b,d,e,c"],
    ]);
    expect(moveMenuActions("c", { allIds: ALL, shownIds: shown, intent: "reorder-x" })[0]).toMatchObject({ intent: "reorder-x" });
    expect(moveMenuActions("b", { allIds: ALL, shownIds: shown, intent: "reorder-x" })).toEqual([]);
  });
});
