import { describe, expect, it } from "vitest";
import * as database from "~/db/schema/cms";
import { GALLERY_CATEGORIES, GALLERY_STATUSES } from "./constants";

describe("gallery closed lists", () => {
  it("match the database's check constraints", () => {
    expect(GALLERY_CATEGORIES).toEqual(database.GALLERY_CATEGORIES);
    expect(GALLERY_STATUSES).toEqual(database.CMS_STATUSES);
  });
});
