import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsGalleryProjects } from "~/db/schema";
import type { GalleryProjectCard } from "./types";

/** Size assumed for an image whose dimensions were not recorded (the seeded illustrations are 800x600). */
export const DEFAULT_GALLERY_IMAGE_SIZE = { width: 800, height: 600 } as const;

/** Published projects of /gallery by `sort_order` (spec 1 §2: seven project cards). */
export async function listGalleryProjects(): Promise<GalleryProjectCard[]> {
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
    })
    .from(cmsGalleryProjects)
    .where(eq(cmsGalleryProjects.status, "published"))
    .orderBy(asc(cmsGalleryProjects.sortOrder), asc(cmsGalleryProjects.title));
  return rows.map((row) => ({
    ...row,
    imageWidth: row.imageWidth ?? DEFAULT_GALLERY_IMAGE_SIZE.width,
    imageHeight: row.imageHeight ?? DEFAULT_GALLERY_IMAGE_SIZE.height,
  }));
}
