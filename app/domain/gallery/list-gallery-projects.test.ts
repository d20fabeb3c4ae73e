import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { cmsGalleryProjects } from "~/db/schema";
import { listGalleryProjects } from "./list-gallery-projects.server";

describe("listGalleryProjects", () => {
  it("returns the seven published projects in order, with image sizes", async () => {
    const projects = await listGalleryProjects();
    expect(projects).toHaveLength(7);
    expect(projects[0]).toMatchObject({
      slug: "dublin-architectural-replacement",
      category: "Residential",
      imageWidth: 800,
      imageHeight: 600,
    });
    expect(new Set(projects.map((p) => p.category))).toEqual(
      new Set(["Residential", "Insurance Claim", "Commercial", "Specialty Project", "Premium Installation"]),
    );
  });

  it("leaves out unpublished projects and falls back to 800x600 for unknown sizes", async () => {
    await db().update(cmsGalleryProjects).set({ status: "archived" }).where(eq(cmsGalleryProjects.slug, "grove-city-retail-plaza"));
    await db()
      .update(cmsGalleryProjects)
      .set({ imageWidth: null, imageHeight: null })
      .where(eq(cmsGalleryProjects.slug, "newark-colonial-reroof"));
    const projects = await listGalleryProjects();
    expect(projects.map((p) => p.slug)).not.toContain("grove-city-retail-plaza");
    expect(projects.find((p) => p.slug === "newark-colonial-reroof")).toMatchObject({ imageWidth: 800, imageHeight: 600 });
  });
});
