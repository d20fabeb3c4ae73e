import type { GalleryCategory } from "~/db/schema";
import type { MediaImage } from "~/domain/media/constants";

/** A project card of /gallery ("Our Work"). */
export interface GalleryProjectCard {
  slug: string;
  title: string;
  category: GalleryCategory;
  description: string | null;
  /** A library photo (ADR 031), drawn as a responsive <picture>; else the image URL below. */
  image: MediaImage | null;
  imageUrl: string | null;
  imageAlt: string | null;
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
  imageMediaId: string | null;
  image: MediaImage | null;
  imageUrl: string | null;
  imageAlt: string | null;
  status: "draft" | "published" | "archived";
  sortOrder: number;
  /** ISO 8601. */
  updatedAt: string;
  /** Scheduled publishing (ADR 029): ISO 8601 instants, or null. */
  publishAt: string | null;
  unpublishAt: string | null;
}
