import { eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsGalleryProjects } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { compactOrder, lockList } from "~/lib/ordered-rows.server";
import { GALLERY_TEXT, type DeleteGalleryProjectInput } from "./admin-schemas";

/**
 * Deletes a gallery project for good (after the screen's confirmation) and
 * closes the gap it leaves in the order, so the next new project's place
 * (count + 1) is free.
 */
export async function deleteGalleryProject(tx: DbTransaction, input: Pick<DeleteGalleryProjectInput, "id">): Promise<AdminChange> {
  await lockList(tx, cmsGalleryProjects);
  const [row] = await tx
    .delete(cmsGalleryProjects)
    .where(eq(cmsGalleryProjects.id, input.id))
    .returning({ id: cmsGalleryProjects.id, title: cmsGalleryProjects.title, slug: cmsGalleryProjects.slug, status: cmsGalleryProjects.status });
  if (!row) return { ok: false, status: 404 };
  await compactOrder(tx, cmsGalleryProjects, "title");
  return {
    ok: true,
    message: GALLERY_TEXT.deleted,
    audit: {
      action: "cms.gallery_project.delete",
      targetType: "cms_gallery_project",
      targetId: row.id,
      details: { title: row.title, slug: row.slug, status: row.status },
    },
  };
}
