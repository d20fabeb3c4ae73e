import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsServices } from "~/db/schema";
import { MEDIA_TEXT } from "~/domain/media/constants";
import { checkUsableMedia } from "~/domain/media/media-image-columns.server";
import type { AdminChange } from "~/lib/admin-action.server";
import { SERVICE_TEXT, type UpdateServiceInput } from "./admin-schemas";

/**
 * Edit a service: every field of its form, any of the three statuses (spec 2
 * §4). Its slug and place in the list stay. The public pages follow at once.
 */
export async function updateService(tx: DbTransaction, input: Omit<UpdateServiceInput, "intent">): Promise<AdminChange> {
  const mediaProblem = await checkUsableMedia(tx, input.imageMediaId);
  if (mediaProblem) return { ok: false, status: 422, message: MEDIA_TEXT.notUsable, fieldErrors: mediaProblem };
  const [before] = await tx.select({ title: cmsServices.title }).from(cmsServices).where(eq(cmsServices.id, input.id)).for("update");
  if (!before) return { ok: false, status: 404 };
  await tx
    .update(cmsServices)
    .set({
      title: input.title,
      description: input.description,
      iconName: input.iconName,
      imageUrl: input.imageUrl,
      imageMediaId: input.imageMediaId,
      isFeatured: input.isFeatured,
      status: input.status,
      updatedAt: sql`now()`,
    })
    .where(eq(cmsServices.id, input.id));
  const details: Record<string, unknown> = { title: input.title, status: input.status };
  if (before.title !== input.title) details.previousTitle = before.title;
  return {
    ok: true,
    message: SERVICE_TEXT.updated,
    audit: { action: "cms.service.update", targetType: "cms_service", targetId: input.id, details },
  };
}
