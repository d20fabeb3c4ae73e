import type { ImagePosition } from "~/db/schema";

/** A leader as the public pages show them (home #team, /about, /team). */
export interface TeamMemberProfile {
  slug: string;
  name: string;
  role: string;
  bio: string;
  /** Root-relative or absolute URL; null when no photo is set. */
  imageUrl: string | null;
  imagePosition: ImagePosition;
}
