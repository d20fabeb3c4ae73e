import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { cmsServices } from "~/db/schema";
import { HOME_SERVICE_COUNT, listPublishedServices } from "./list-published-services.server";

describe("listPublishedServices", () => {
  it("returns the published services in order, all or the first six", async () => {
    await db().insert(cmsServices).values({ slug: "gutter-guards", title: "Gutter Guards", description: "x", status: "published", sortOrder: 7 });
    await db().insert(cmsServices).values({ slug: "draft-one", title: "Draft", description: "x", status: "draft", sortOrder: 0 });
    await db().update(cmsServices).set({ sortOrder: 0 }).where(eq(cmsServices.slug, "siding-gutters"));

    const all = await listPublishedServices();
    expect(all.map((s) => s.slug)).toEqual([
      "siding-gutters",
      "inspection",
      "insurance-claim",
      "storm-restoration",
      "roof-repair",
      "roof-replacement",
      "gutter-guards",
    ]);
    const home = await listPublishedServices({ limit: HOME_SERVICE_COUNT });
    expect(home).toHaveLength(6);
    expect(home[0]).toMatchObject({ title: "Residential Siding & Gutters", iconName: "Hammer" });
  });
});
