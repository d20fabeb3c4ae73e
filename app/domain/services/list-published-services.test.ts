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

  it("for the home page: only the published featured services, in order", async () => {
    await db().update(cmsServices).set({ isFeatured: false }).where(eq(cmsServices.slug, "inspection"));
    await db().insert(cmsServices).values({ slug: "featured-draft", title: "Featured draft", description: "x", status: "draft", isFeatured: true, sortOrder: 0 });
    await db().insert(cmsServices).values({ slug: "featured-archived", title: "Featured archived", description: "x", status: "archived", isFeatured: true, sortOrder: 0 });
    const home = await listPublishedServices({ featuredOnly: true, limit: HOME_SERVICE_COUNT });
    // siding-gutters was moved first above; gutter-guards (added above) is not featured.
    expect(home.map((s) => s.slug)).toEqual(["siding-gutters", "insurance-claim", "storm-restoration", "roof-repair", "roof-replacement"]);
    expect((await listPublishedServices()).map((s) => s.slug)).toContain("inspection");
  });

  it("for the staff preview (includeDrafts): drafts too, in their place and marked; archived never; the public list unchanged", async () => {
    await db().insert(cmsServices).values({ slug: "preview-draft", title: "Preview Draft", description: "x", status: "draft", sortOrder: -1 });
    await db().insert(cmsServices).values({ slug: "preview-archived", title: "Preview Archived", description: "x", status: "archived", sortOrder: 0 });
    const preview = await listPublishedServices({ includeDrafts: true });
    expect(preview[0]).toEqual({ slug: "preview-draft", title: "Preview Draft", description: "x", iconName: expect.any(String), image: null, draft: true });
    expect(preview.map((s) => s.slug)).not.toContain("preview-archived");
    expect(preview.filter((s) => !s.draft).map((s) => s.slug)).toEqual((await listPublishedServices()).map((s) => s.slug));
    const publicList = await listPublishedServices();
    expect(publicList.map((s) => s.slug)).not.toContain("preview-draft");
    expect(publicList.every((s) => !("draft" in s) && !("status" in s))).toBe(true);
  });
});
