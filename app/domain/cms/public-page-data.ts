import type { GalleryProjectCard } from "~/domain/gallery/types";
import type { PublicReview } from "~/domain/reviews/types";
import type { ServiceSummary } from "~/domain/services/types";
import type { TeamMemberProfile } from "~/domain/team/types";
import type { PublicPageContent, PublicPageKey } from "./public-pages";

/**
 * What each public page renders: its CMS content and the records it shows
 * (published services, leaders, reviews, projects). Loaded by
 * public-page-data.server.ts for the public route and for the staff preview,
 * so both render the same page from the same data. No server code here.
 */

interface Reviews {
  reviews: PublicReview[];
  /** 0-based page of the reviews shown first (`?reviews=`, for visitors without JavaScript). */
  reviewsPage: number;
}

export type PublicPageData =
  | ({ pageKey: "home"; content: PublicPageContent; services: ServiceSummary[]; team: TeamMemberProfile[] } & Reviews)
  | ({ pageKey: "about"; content: PublicPageContent; team: TeamMemberProfile[] } & Reviews)
  | { pageKey: "services"; content: PublicPageContent; services: ServiceSummary[] }
  | { pageKey: "team"; content: PublicPageContent; team: TeamMemberProfile[] }
  | { pageKey: "gallery"; content: PublicPageContent; projects: GalleryProjectCard[] }
  | { pageKey: "contact"; content: PublicPageContent }
  | { pageKey: "privacy"; content: PublicPageContent }
  | { pageKey: "terms"; content: PublicPageContent };

export type PageDataOf<K extends PublicPageKey> = Extract<PublicPageData, { pageKey: K }>;
