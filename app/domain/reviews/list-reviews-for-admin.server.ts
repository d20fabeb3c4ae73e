import { desc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { googleReviews } from "~/db/schema";
import type { AdminReview } from "./types";

/** Every review, active or not, newest first (spec 2 §7: review_time descending), for /admin/reviews. */
export async function listReviewsForAdmin(): Promise<AdminReview[]> {
  const rows = await db()
    .select({
      id: googleReviews.id,
      googleReviewId: googleReviews.googleReviewId,
      reviewerName: googleReviews.reviewerName,
      reviewText: googleReviews.reviewText,
      rating: googleReviews.rating,
      relativeTimeDescription: googleReviews.relativeTimeDescription,
      reviewTime: googleReviews.reviewTime,
      isActive: googleReviews.isActive,
      isDemo: googleReviews.isDemo,
      createdAt: googleReviews.createdAt,
      updatedAt: googleReviews.updatedAt,
    })
    .from(googleReviews)
    .orderBy(desc(googleReviews.reviewTime), desc(googleReviews.createdAt), desc(googleReviews.id));
  return rows.map((row) => ({
    ...row,
    reviewTime: row.reviewTime.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
