import type { ServiceIconName } from "~/db/schema";
import type { MediaImage } from "~/domain/media/constants";

/** A service as the public pages show it (a card). */
export interface ServiceSummary {
  slug: string;
  title: string;
  description: string;
  iconName: ServiceIconName;
  /** A library photo (ADR 031) shown at the top of the card; null when none. */
  image: MediaImage | null;
  /** Only in the staff preview (`includeDrafts`): a draft, not on the public site yet. */
  draft?: true;
}

/** A service as the Services Manager lists it (every status). */
export interface AdminService {
  id: string;
  slug: string;
  title: string;
  description: string;
  iconName: ServiceIconName;
  imageUrl: string | null;
  imageMediaId: string | null;
  image: MediaImage | null;
  isFeatured: boolean;
  status: "draft" | "published" | "archived";
  sortOrder: number;
  /** ISO 8601. */
  updatedAt: string;
  /** Scheduled publishing (ADR 029): ISO 8601 instants, or null. */
  publishAt: string | null;
  unpublishAt: string | null;
}
