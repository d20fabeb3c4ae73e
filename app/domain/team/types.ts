import type { ImagePosition } from "~/db/schema";
import type { MediaImage } from "~/domain/media/constants";

/** A leader as the public pages show them (home #team, /about, /team). */
export interface TeamMemberProfile {
  slug: string;
  name: string;
  role: string;
  bio: string;
  /** Root-relative or absolute URL; null when no photo is set. */
  imageUrl: string | null;
  /** A library photo, ready to draw (then it replaces `imageUrl`); null when none. */
  image: MediaImage | null;
  imagePosition: ImagePosition;
  /** Only in the staff preview (`includeDrafts`): a draft, not on the public site yet. */
  draft?: true;
}

/** A member as the Team Members screen lists them (every status). */
export interface AdminTeamMember {
  id: string;
  slug: string;
  name: string;
  role: string;
  bio: string;
  imageUrl: string | null;
  /** The library photo's id ("" in forms when none), and the photo when it can be drawn. */
  imageMediaId: string | null;
  image: MediaImage | null;
  imagePosition: ImagePosition;
  isLeadership: boolean;
  /** e.g. { linkedin: "https://www.linkedin.com/in/..." } */
  socialLinks: Record<string, string>;
  status: "draft" | "published" | "archived";
  sortOrder: number;
  /** ISO 8601. */
  updatedAt: string;
  /** Scheduled publishing (ADR 029): ISO 8601 instants, or null. */
  publishAt: string | null;
  unpublishAt: string | null;
}
