import type { DbTransaction } from "~/db/client.server";
import { cmsServices } from "~/db/schema";
import { MEDIA_TEXT } from "~/domain/media/constants";
import { checkUsableMedia } from "~/domain/media/media-image-columns.server";
import type { AdminChange } from "~/lib/admin-action.server";
import { freeSlug, lockList, nextSortOrder } from "~/lib/ordered-rows.server";
import { slugify } from "~/lib/slug";
import { SERVICE_TEXT, type CreateServiceInput } from "./admin-schemas";

/**
 * Add Service (spec 2 §4, §7): a draft at the end of the list (sort_order =
 * the number of services + 1), with a slug made from its title that no other
 * service has ("new-service", "new-service-2"...). The slug stays when the
 * title changes later (the inspection form's service choice refers to it).
 */
export async function createService(tx: DbTransaction, input: Omit<CreateServiceInput, "intent">): Promise<AdminChange> {
  const mediaProblem = await checkUsableMedia(tx, input.imageMediaId);
  if (mediaProblem) return { ok: false, status: 422, message: MEDIA_TEXT.notUsable, fieldErrors: mediaProblem };
  await lockList(tx, cmsServices);
  const slug = await freeSlug(tx, cmsServices, slugify(input.title, "service"));
  const sortOrder = await nextSortOrder(tx, cmsServices);
  const [row] = await tx
    .insert(cmsServices)
    .values({
      title: input.title,
      slug,
      description: input.description,
      iconName: input.iconName,
      imageUrl: input.imageUrl,
      imageMediaId: input.imageMediaId,
      isFeatured: input.isFeatured,
      status: "draft",
      sortOrder,
    })
    .returning({ id: cmsServices.id, title: cmsServices.title });
  return {
    ok: true,
    message: SERVICE_TEXT.created,
    audit: { action: "cms.service.create", targetType: "cms_service", targetId: row!.id, details: { title: row!.title } },
  };
}
