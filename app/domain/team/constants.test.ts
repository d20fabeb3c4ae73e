import { describe, expect, it } from "vitest";
import * as database from "~/db/schema/cms";
import { IMAGE_POSITIONS, TEAM_MEMBER_STATUSES } from "./constants";

describe("team member closed lists", () => {
  it("match the database's check constraints", () => {
    expect(IMAGE_POSITIONS).toEqual(database.IMAGE_POSITIONS);
    expect(TEAM_MEMBER_STATUSES).toEqual(database.CMS_STATUSES);
  });
});
