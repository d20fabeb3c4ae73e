import { and, asc, eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsGalleryProjects } from "~/db/schema";
import { action } from "~/routes/admin/cms.gallery";
import { freshAdminSession, postAdminAction } from "../../../tests/support/admin-action";
import { listGalleryProjects } from "./list-gallery-projects.server";
import { listGalleryProjectsForAdmin } from "./list-gallery-projects-for-admin.server";

/**
 * The Gallery manager's intents through the kit's adminAction, as the route
 * runs them: guard, parse, use case and audit entry in one transaction, the
 * screen's texts, and what the public /gallery read model shows afterwards.
 */

let cookie = "";
// Each test starts from the seeded database (seven published projects) and signs in anew.
beforeEach(async () => {
  cookie = await freshAdminSession();
});

const post = (fields: Record<string, string>) => postAdminAction(action, "/admin/cms/gallery", cookie, fields, { ip: "203.0.113.22" });

const NEW_PROJECT = {
  intent: "create-gallery-project",
  title: "New Project",
  category: "Residential",
  imageUrl: "/images/gallery/newark-colonial-reroof.svg",
  imageAlt: "A house with a new roof",
  description: "",
};
const MISSING = "0b7c2f1e-8d4a-4c59-9f3e-2a6b1d0e5c77";

const bySlug = async (slug: string) => (await db().select().from(cmsGalleryProjects).where(eq(cmsGalleryProjects.slug, slug)))[0];
const galleryAudit = () => db().select().from(auditLog).where(like(auditLog.action, "cms.gallery_project.%")).orderBy(asc(auditLog.occurredAt));
const publicSlugs = async () => (await listGalleryProjects()).map((p) => p.slug);

describe("Gallery manager actions", () => {
  it("add a project: a draft at place count + 1, slug from the title, audited, not on /gallery", async () => {
    const { status, body } = await post(NEW_PROJECT);
    expect(status).toBe(200);
    expect(body.toast).toEqual({ variant: "success", title: "Success", text: "Gallery project created successfully" });
    const row = await bySlug("new-project");
    expect(row).toMatchObject({
      title: "New Project",
      category: "Residential",
      imageUrl: "/images/gallery/newark-colonial-reroof.svg",
      imageAlt: "A house with a new roof",
      description: null,
      status: "draft",
      sortOrder: 8,
      imageWidth: null,
      imageHeight: null,
    });
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "cms.gallery_project.create"), eq(auditLog.targetId, row!.id)));
    expect(entry).toMatchObject({ outcome: "success", targetType: "cms_gallery_project", ipAddress: "203.0.113.22", details: { title: "New Project" } });
    expect(await publicSlugs()).not.toContain("new-project");
    // The preview's read model shows the draft, marked, in its place.
    const preview = await listGalleryProjects({ includeDrafts: true });
    expect(preview.at(-1)).toMatchObject({ slug: "new-project", draft: true, imageWidth: 800, imageHeight: 600 });

    await post(NEW_PROJECT);
    await post({ ...NEW_PROJECT, title: "屋根" });
    expect((await listGalleryProjectsForAdmin()).slice(7).map((p) => [p.slug, p.sortOrder])).toEqual([
      ["new-project", 8],
      ["new-project-2", 9],
      ["project", 10],
    ]);
  });

  it("refuse a blank title, an unknown category, a missing or bad image and a blank image description, with a message per field; write nothing", async () => {
    const before = await galleryAudit();
    const { status, body } = await post({ intent: "create-gallery-project", title: " ", category: "Barn", imageUrl: "javascript:alert(1)", imageAlt: "" });
    expect(status).toBe(400);
    expect(body.toast.text).toBe("Failed to save gallery project");
    expect(body.fieldErrors).toEqual({
      title: "Project title is required.",
      category: "Choose one of the listed options.",
      imageUrl: "Enter a full web address starting with http:// or https://, or a path on this site starting with /.",
    });
    // No library photo (ADR 031) and no image URL; an image URL without its description.
    const empty = await post({ ...NEW_PROJECT, imageUrl: "  " });
    expect(empty.body.fieldErrors).toEqual({ imageMediaId: "Project image is required: choose a photo from the Media Library, or give an image URL." });
    const noAlt = await post({ ...NEW_PROJECT, imageAlt: " " });
    expect(noAlt.body.fieldErrors).toEqual({ imageAlt: "Describe the image for people who cannot see it." });
    // A library photo must exist, be ready and have alt text.
    const unknown = await post({ ...NEW_PROJECT, imageMediaId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.fieldErrors).toEqual({ imageMediaId: "Choose a ready image with alt text from the Media Library." });
    // The edit form also needs a status from the list.
    const seeded = await bySlug("westerville-hail-claim");
    const edit = await post({ ...NEW_PROJECT, intent: "update-gallery-project", id: seeded!.id, status: "deleted" });
    expect(edit.status).toBe(400);
    expect(edit.body.fieldErrors).toEqual({ status: "Choose one of the listed options." });
    expect(await galleryAudit()).toHaveLength(before.length);
    expect(await listGalleryProjectsForAdmin()).toHaveLength(7);
  });

  it("edit every field, any of the three statuses; a new image forgets the old size; /gallery follows", async () => {
    const seeded = await bySlug("westerville-hail-claim");
    const { body } = await post({
      intent: "update-gallery-project",
      id: seeded!.id,
      title: "Hail Claim in Westerville, Ohio",
      category: "Residential",
      imageUrl: "https://images.example.com/westerville.jpg",
      imageAlt: "A ranch house with a new roof",
      description: "Line one.\nLine two.",
      status: "archived",
    });
    expect(body.toast.text).toBe("Gallery project updated successfully");
    expect(await bySlug("westerville-hail-claim")).toMatchObject({
      title: "Hail Claim in Westerville, Ohio",
      category: "Residential",
      imageUrl: "https://images.example.com/westerville.jpg",
      imageAlt: "A ranch house with a new roof",
      description: "Line one.\nLine two.",
      status: "archived",
      imageWidth: null,
      imageHeight: null,
      sortOrder: seeded!.sortOrder,
    });
    expect(await publicSlugs()).not.toContain("westerville-hail-claim");
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "cms.gallery_project.update"));
    expect(entry).toMatchObject({ targetId: seeded!.id, details: { title: "Hail Claim in Westerville, Ohio", previousTitle: "Hail Damage Claim in Westerville", status: "archived" } });

    // The same image keeps its recorded size; a blank description is none.
    const other = await bySlug("dublin-architectural-replacement");
    await post({ ...NEW_PROJECT, intent: "update-gallery-project", id: other!.id, title: other!.title, imageUrl: other!.imageUrl ?? "", description: "  ", status: "published" });
    expect(await bySlug("dublin-architectural-replacement")).toMatchObject({ imageWidth: 800, imageHeight: 600, description: null, status: "published" });
  });

  it("publish and unpublish set a state, only between published and draft", async () => {
    await post(NEW_PROJECT);
    const id = (await bySlug("new-project"))!.id;
    const publish = await post({ intent: "set-gallery-project-published", id, published: "true" });
    expect(publish.body.toast).toEqual({ variant: "success", title: "Success", text: "Gallery project published" });
    expect(await publicSlugs()).toContain("new-project");
    expect((await publicSlugs()).at(-1)).toBe("new-project");

    const unpublish = await post({ intent: "set-gallery-project-published", id, published: "false" });
    expect(unpublish.body.toast.text).toBe("Gallery project unpublished");
    expect((await bySlug("new-project"))!.status).toBe("draft");
    expect(await publicSlugs()).not.toContain("new-project");

    await post({ intent: "set-gallery-project-published", id, published: "false" });
    expect((await bySlug("new-project"))!.status).toBe("draft");
    await db().update(cmsGalleryProjects).set({ status: "archived" }).where(eq(cmsGalleryProjects.id, id));
    await post({ intent: "set-gallery-project-published", id, published: "false" });
    expect((await bySlug("new-project"))!.status).toBe("archived");
    expect((await listGalleryProjects({ includeDrafts: true })).map((p) => p.slug)).not.toContain("new-project");
    await post({ intent: "set-gallery-project-published", id, published: "true" });
    expect((await bySlug("new-project"))!.status).toBe("published");

    const actions = (await galleryAudit()).map((e) => [e.action, (e.details as { from?: string }).from, (e.details as { to?: string }).to]);
    expect(actions).toEqual([
      ["cms.gallery_project.create", undefined, undefined],
      ["cms.gallery_project.publish", "draft", "published"],
      ["cms.gallery_project.unpublish", "published", "draft"],
      ["cms.gallery_project.unpublish", "draft", "draft"],
      ["cms.gallery_project.unpublish", "archived", "archived"],
      ["cms.gallery_project.publish", "archived", "published"],
    ]);
  });

  it("reorder: every id in the new order; /gallery's order follows; a changed list is a conflict", async () => {
    const before = await listGalleryProjectsForAdmin();
    const ids = before.map((p) => p.id);
    const moved = [ids[0]!, ids[2]!, ids[1]!, ...ids.slice(3)];
    const { status, body } = await post({ intent: "reorder-gallery-projects", ids: moved.join(",") });
    expect(status).toBe(200);
    expect(body.toast.text).toBe("Gallery projects reordered successfully");
    const after = await listGalleryProjectsForAdmin();
    expect(after.map((p) => p.id)).toEqual(moved);
    expect(after.map((p) => p.sortOrder)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await publicSlugs()).toEqual(after.map((p) => p.slug));
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "cms.gallery_project.reorder"));
    expect(entry).toMatchObject({ targetId: ids[2], details: { title: before[2]!.title, position: 2 } });

    for (const list of [moved.slice(1), [...moved.slice(1), MISSING]]) {
      const conflict = await post({ intent: "reorder-gallery-projects", ids: list.join(",") });
      expect(conflict.status).toBe(409);
      expect(conflict.body.toast.text).toBe("The list of gallery projects changed meanwhile. Reload the page and try again.");
    }
    const twice = await post({ intent: "reorder-gallery-projects", ids: [...moved, moved[0]!].join(",") });
    expect(twice.status).toBe(400);
    expect(twice.body.toast.text).toBe("Failed to reorder gallery projects");
    expect((await listGalleryProjectsForAdmin()).map((p) => p.id)).toEqual(moved);
  });

  it("delete: gone from the list and /gallery, the order closes up, the next new project is count + 1", async () => {
    const id = (await bySlug("grove-city-retail-plaza"))!.id;
    const { body } = await post({ intent: "delete-gallery-project", id });
    expect(body.toast).toEqual({ variant: "success", title: "Success", text: "Gallery project deleted successfully" });
    expect(await bySlug("grove-city-retail-plaza")).toBeUndefined();
    expect((await listGalleryProjectsForAdmin()).map((p) => p.sortOrder)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await publicSlugs()).not.toContain("grove-city-retail-plaza");
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "cms.gallery_project.delete"));
    expect(entry).toMatchObject({ targetId: id, targetType: "cms_gallery_project", details: { title: "Retail Plaza Roof in Grove City" } });
    await post(NEW_PROJECT);
    expect((await bySlug("new-project"))!.sortOrder).toBe(7);
  });

  it("answer 404 with the intent's text for a project that is not there, writing nothing", async () => {
    const before = await galleryAudit();
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...NEW_PROJECT, intent: "update-gallery-project", id: MISSING, status: "draft" }, "Failed to save gallery project"],
      [{ intent: "set-gallery-project-published", id: MISSING, published: "true" }, "Failed to update gallery project status"],
      [{ intent: "delete-gallery-project", id: MISSING }, "Failed to delete gallery project"],
    ];
    for (const [fields, text] of cases) {
      const { status, body } = await post(fields);
      expect([fields.intent, status, body.toast.title, body.toast.text]).toEqual([fields.intent, 404, "Error", text]);
    }
    expect(await galleryAudit()).toHaveLength(before.length);
  });
});
