import type { GalleryCategory } from "~/db/schema";

/** A project card of /gallery ("Our Work"). */
export interface GalleryProjectCard {
  slug: string;
  title: string;
  category: GalleryCategory;
  description: string | null;
  imageUrl: string;
  imageAlt: string;
  /** Intrinsic size, so the browser reserves the space before the image loads. */
  imageWidth: number;
  imageHeight: number;
}
