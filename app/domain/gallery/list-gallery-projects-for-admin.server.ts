import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { scheduleOf } from "~/domain/content-schedule/schedule";
import { cmsGalleryProjects, mediaAssets } from "~/db/schema";
import { usableImage } from "~/domain/media/constants";
import { mediaImageColumns } from "~/domain/media/media-image-columns.server";
import type { AdminGalleryProject } from "./types";

/** Every gallery project, whatever its status, in list order (by sort_order), for /admin/cms/gallery. */
export async function listGalleryProjectsForAdmin(): Promise<AdminGalleryProject[]> {
  const rows = await db()
    .select({
      id: cmsGalleryProjects.id,
      slug: cmsGalleryProjects.slug,
      title: cmsGalleryProjects.title,
      category: cmsGalleryProjects.category,
      description: cmsGalleryProjects.description,
      imageMediaId: cmsGalleryProjects.imageMediaId,
      imageUrl: cmsGalleryProjects.imageUrl,
      imageAlt: cmsGalleryProjects.imageAlt,
      status: cmsGalleryProjects.status,
      sortOrder: cmsGalleryProjects.sortOrder,
      updatedAt: cmsGalleryProjects.updatedAt,
      publishAt: cmsGalleryProjects.publishAt,
      unpublishAt: cmsGalleryProjects.unpublishAt,
      media: mediaImageColumns,
    })
    .from(cmsGalleryProjects)
    .leftJoin(mediaAssets, eq(mediaAssets.id, cmsGalleryProjects.imageMediaId))
    .orderBy(asc(cmsGalleryProjects.sortOrder), asc(cmsGalleryProjects.title), asc(cmsGalleryProjects.id));
  return rows.map(({ media, ...row }) => ({ ...row, image: usableImage(media), updatedAt: row.updatedAt.toISOString(), ...scheduleOf(row) }));
}
