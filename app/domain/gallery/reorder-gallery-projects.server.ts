import { eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsGalleryProjects } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { applyOrder, lockList, movedId, orderedIds } from "~/lib/ordered-rows.server";
import { GALLERY_TEXT, type ReorderGalleryProjectsInput } from "./admin-schemas";

/**
 * Stores a new order of every gallery project (sort_order 1..n): Move up /
 * Move down. `ids` must be exactly the projects there are: a list that
 * changed meanwhile (a project added or deleted by someone else) is a
 * conflict, not a guess.
 */
export async function reorderGalleryProjects(tx: DbTransaction, input: Pick<ReorderGalleryProjectsInput, "ids">): Promise<AdminChange> {
  await lockList(tx, cmsGalleryProjects);
  const current = await orderedIds(tx, cmsGalleryProjects, "title");
  const known = new Set(current);
  if (current.length !== input.ids.length || input.ids.some((id) => !known.has(id))) {
    return { ok: false, status: 409, message: GALLERY_TEXT.listChanged };
  }
  await applyOrder(tx, cmsGalleryProjects, input.ids);
  const moved = movedId(current, input.ids) ?? input.ids[0]!;
  const [row] = await tx.select({ title: cmsGalleryProjects.title }).from(cmsGalleryProjects).where(eq(cmsGalleryProjects.id, moved));
  return {
    ok: true,
    message: GALLERY_TEXT.reordered,
    audit: {
      action: "cms.gallery_project.reorder",
      targetType: "cms_gallery_project",
      targetId: moved,
      details: { title: row?.title ?? "", position: input.ids.indexOf(moved) + 1 },
    },
  };
}
