import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { scheduleOf } from "~/domain/content-schedule/schedule";
import { cmsServices, mediaAssets } from "~/db/schema";
import { usableImage } from "~/domain/media/constants";
import { mediaImageColumns } from "~/domain/media/media-image-columns.server";
import type { AdminService } from "./types";

/** Every service, whatever its status, in list order (spec 2 §7: by sort_order), for /admin/cms/services. */
export async function listServicesForAdmin(): Promise<AdminService[]> {
  const rows = await db()
    .select({
      id: cmsServices.id,
      slug: cmsServices.slug,
      title: cmsServices.title,
      description: cmsServices.description,
      iconName: cmsServices.iconName,
      imageUrl: cmsServices.imageUrl,
      imageMediaId: cmsServices.imageMediaId,
      isFeatured: cmsServices.isFeatured,
      status: cmsServices.status,
      sortOrder: cmsServices.sortOrder,
      updatedAt: cmsServices.updatedAt,
      publishAt: cmsServices.publishAt,
      unpublishAt: cmsServices.unpublishAt,
      media: mediaImageColumns,
    })
    .from(cmsServices)
    .leftJoin(mediaAssets, eq(mediaAssets.id, cmsServices.imageMediaId))
    .orderBy(asc(cmsServices.sortOrder), asc(cmsServices.title), asc(cmsServices.id));
  return rows.map(({ media, ...row }) => ({ ...row, image: usableImage(media), updatedAt: row.updatedAt.toISOString(), ...scheduleOf(row) }));
}
