import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsGalleryProjects } from "~/db/schema";
import { MEDIA_TEXT } from "~/domain/media/constants";
import { checkUsableMedia } from "~/domain/media/media-image-columns.server";
import type { AdminChange } from "~/lib/admin-action.server";
import { GALLERY_TEXT, type UpdateGalleryProjectInput } from "./admin-schemas";

/**
 * Edit a gallery project: every field of its form, any of the three statuses
 * (spec 2 §4). Its slug and place in the list stay. A new image address
 * forgets the recorded image size (it was the old image's). The public
 * /gallery follows at once.
 */
export async function updateGalleryProject(tx: DbTransaction, input: Omit<UpdateGalleryProjectInput, "intent">): Promise<AdminChange> {
  const mediaProblem = await checkUsableMedia(tx, input.imageMediaId);
  if (mediaProblem) return { ok: false, status: 422, message: MEDIA_TEXT.notUsable, fieldErrors: mediaProblem };
  const [before] = await tx
    .select({ title: cmsGalleryProjects.title, imageUrl: cmsGalleryProjects.imageUrl })
    .from(cmsGalleryProjects)
    .where(eq(cmsGalleryProjects.id, input.id))
    .for("update");
  if (!before) return { ok: false, status: 404 };
  const imageChanged = before.imageUrl !== input.imageUrl;
  await tx
    .update(cmsGalleryProjects)
    .set({
      title: input.title,
      category: input.category,
      description: input.description,
      imageMediaId: input.imageMediaId,
      imageUrl: input.imageUrl,
      imageAlt: input.imageAlt,
      ...(imageChanged ? { imageWidth: null, imageHeight: null } : {}),
      status: input.status,
      updatedAt: sql`now()`,
    })
    .where(eq(cmsGalleryProjects.id, input.id));
  const details: Record<string, unknown> = { title: input.title, status: input.status };
  if (before.title !== input.title) details.previousTitle = before.title;
  return {
    ok: true,
    message: GALLERY_TEXT.updated,
    audit: { action: "cms.gallery_project.update", targetType: "cms_gallery_project", targetId: input.id, details },
  };
}
