import { describe, expect, it } from "vitest";
import * as database from "~/db/schema/cms";
import { SERVICE_ICON_NAMES, SERVICE_STATUSES } from "./constants";

describe("service closed lists", () => {
  it("match the database's check constraints", () => {
    expect(SERVICE_ICON_NAMES).toEqual(database.SERVICE_ICON_NAMES);
    expect(SERVICE_STATUSES).toEqual(database.CMS_STATUSES);
  });
});
