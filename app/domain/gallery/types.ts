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
  /** Only in the staff preview (`includeDrafts`): a draft, not on the public site yet. */
  draft?: true;
}

/** A project as the Gallery manager lists it (every status). */
export interface AdminGalleryProject {
  id: string;
  slug: string;
  title: string;
  category: GalleryCategory;
  description: string | null;
  imageUrl: string;
  imageAlt: string;
  status: "draft" | "published" | "archived";
  sortOrder: number;
  /** ISO 8601. */
  updatedAt: string;
  /** Scheduled publishing (ADR 029): ISO 8601 instants, or null. */
  publishAt: string | null;
  unpublishAt: string | null;
}
