import type { DbTransaction } from "~/db/client.server";
import { cmsGalleryProjects } from "~/db/schema";
import { MEDIA_TEXT } from "~/domain/media/constants";
import { checkUsableMedia } from "~/domain/media/media-image-columns.server";
import type { AdminChange } from "~/lib/admin-action.server";
import { freeSlug, lockList, nextSortOrder } from "~/lib/ordered-rows.server";
import { slugify } from "~/lib/slug";
import { GALLERY_TEXT, type CreateGalleryProjectInput } from "./admin-schemas";

/**
 * Add Project: a draft at the end of the list (sort_order = the number of
 * projects + 1, ADR 016), with a slug made from its title that no other
 * project has ("new-project", "new-project-2"...), kept when the title
 * changes. The image's size is unknown (the public page assumes 800x600 and
 * crops to 4:3).
 */
export async function createGalleryProject(tx: DbTransaction, input: Omit<CreateGalleryProjectInput, "intent">): Promise<AdminChange> {
  const mediaProblem = await checkUsableMedia(tx, input.imageMediaId);
  if (mediaProblem) return { ok: false, status: 422, message: MEDIA_TEXT.notUsable, fieldErrors: mediaProblem };
  await lockList(tx, cmsGalleryProjects);
  const slug = await freeSlug(tx, cmsGalleryProjects, slugify(input.title, "project"));
  const sortOrder = await nextSortOrder(tx, cmsGalleryProjects);
  const [row] = await tx
    .insert(cmsGalleryProjects)
    .values({
      title: input.title,
      slug,
      category: input.category,
      description: input.description,
      imageMediaId: input.imageMediaId,
      imageUrl: input.imageUrl,
      imageAlt: input.imageAlt,
      status: "draft",
      sortOrder,
    })
    .returning({ id: cmsGalleryProjects.id, title: cmsGalleryProjects.title });
  return {
    ok: true,
    message: GALLERY_TEXT.created,
    audit: { action: "cms.gallery_project.create", targetType: "cms_gallery_project", targetId: row!.id, details: { title: row!.title } },
  };
}
