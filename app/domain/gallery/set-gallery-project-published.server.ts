import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsGalleryProjects } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { GALLERY_TEXT, type SetGalleryProjectPublishedInput } from "./admin-schemas";

/**
 * Publish / Unpublish (spec 2 §4: only between published and draft; ADR 016).
 * Publish makes a draft (or an archived project) published; Unpublish makes
 * a published project a draft and leaves a draft or an archived one as it is
 * (archiving is the edit form's). Only published projects are on /gallery,
 * which follows at once.
 */
export async function setGalleryProjectPublished(
  tx: DbTransaction,
  input: Pick<SetGalleryProjectPublishedInput, "id" | "published">,
): Promise<AdminChange> {
  const [row] = await tx
    .select({ title: cmsGalleryProjects.title, status: cmsGalleryProjects.status })
    .from(cmsGalleryProjects)
    .where(eq(cmsGalleryProjects.id, input.id))
    .for("update");
  if (!row) return { ok: false, status: 404 };
  const next = input.published ? "published" : row.status === "published" ? "draft" : row.status;
  if (next !== row.status) {
    await tx.update(cmsGalleryProjects).set({ status: next, updatedAt: sql`now()` }).where(eq(cmsGalleryProjects.id, input.id));
  }
  return {
    ok: true,
    message: input.published ? GALLERY_TEXT.published : GALLERY_TEXT.unpublished,
    audit: {
      action: input.published ? "cms.gallery_project.publish" : "cms.gallery_project.unpublish",
      targetType: "cms_gallery_project",
      targetId: input.id,
      details: { title: row.title, from: row.status, to: next },
    },
  };
}
