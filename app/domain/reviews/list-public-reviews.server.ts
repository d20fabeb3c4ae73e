import { desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { googleReviews } from "~/db/schema";
import type { PublicReview } from "./types";

/**
 * How many reviews the public pages render at most (newest first). Every
 * rendered review is in the page's HTML (the carousel only flips pages in the
 * browser), so the list is capped to keep pages light: 10 pages of 3.
 */
const MAX_PUBLIC_REVIEWS = 30;

/** Active reviews, newest first (spec 1 §7: is_active, review_time descending). */
export async function listPublicReviews({ limit = MAX_PUBLIC_REVIEWS }: { limit?: number } = {}): Promise<PublicReview[]> {
  return db()
    .select({
      id: googleReviews.id,
      reviewerName: googleReviews.reviewerName,
      reviewText: googleReviews.reviewText,
      rating: googleReviews.rating,
      relativeTimeDescription: googleReviews.relativeTimeDescription,
    })
    .from(googleReviews)
    .where(eq(googleReviews.isActive, true))
    .orderBy(desc(googleReviews.reviewTime), desc(googleReviews.createdAt))
    .limit(limit);
}
