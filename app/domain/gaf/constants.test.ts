import { describe, expect, it } from "vitest";
import * as database from "~/db/schema/gaf";
import { GAF_PRICE_TIERS, GAF_SHINGLE_TYPES } from "./constants";

describe("GAF closed lists", () => {
  it("match the database's check constraints", () => {
    expect(GAF_PRICE_TIERS).toEqual(database.GAF_PRICE_TIERS);
    expect(GAF_SHINGLE_TYPES).toEqual(database.GAF_SHINGLE_TYPES);
  });
});
