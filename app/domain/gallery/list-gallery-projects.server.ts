import { asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsGalleryProjects, mediaAssets } from "~/db/schema";
import { usableImage } from "~/domain/media/constants";
import { mediaImageColumns } from "~/domain/media/media-image-columns.server";
import type { GalleryProjectCard } from "./types";

/** Size assumed for an image whose dimensions were not recorded (the seeded illustrations are 800x600). */
const DEFAULT_GALLERY_IMAGE_SIZE = { width: 800, height: 600 } as const;

/**
 * Published projects of /gallery by `sort_order` (spec 1 §2: the project
 * cards). Drafts and archived projects never appear, except with
 * `includeDrafts` (the staff preview): drafts too, in their place, each
 * marked `draft: true` (archived ones still never).
 */
export async function listGalleryProjects({ includeDrafts = false }: { includeDrafts?: boolean } = {}): Promise<GalleryProjectCard[]> {
  const rows = await db()
    .select({
      slug: cmsGalleryProjects.slug,
      title: cmsGalleryProjects.title,
      category: cmsGalleryProjects.category,
      description: cmsGalleryProjects.description,
      imageUrl: cmsGalleryProjects.imageUrl,
      imageAlt: cmsGalleryProjects.imageAlt,
      imageWidth: cmsGalleryProjects.imageWidth,
      imageHeight: cmsGalleryProjects.imageHeight,
      status: cmsGalleryProjects.status,
      media: mediaImageColumns,
    })
    .from(cmsGalleryProjects)
    .leftJoin(mediaAssets, eq(mediaAssets.id, cmsGalleryProjects.imageMediaId))
    .where(includeDrafts ? inArray(cmsGalleryProjects.status, ["published", "draft"]) : eq(cmsGalleryProjects.status, "published"))
    .orderBy(asc(cmsGalleryProjects.sortOrder), asc(cmsGalleryProjects.title));
  const cards = rows.map(({ status, media, ...row }) => {
    const card: GalleryProjectCard = {
      ...row,
      image: usableImage(media),
      imageWidth: row.imageWidth ?? DEFAULT_GALLERY_IMAGE_SIZE.width,
      imageHeight: row.imageHeight ?? DEFAULT_GALLERY_IMAGE_SIZE.height,
    };
    return includeDrafts && status === "draft" ? { ...card, draft: true as const } : card;
  });
  // A project whose library photo is not ready (and has no image URL) has nothing to show yet.
  return cards.filter((card) => card.image || card.imageUrl);
}
