import { eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { googleReviews } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { REVIEW_TEXT, type DeleteReviewInput } from "./admin-schemas";

/** Deletes a review for good (spec 2 §4: a true delete, after the screen's confirmation). */
export async function deleteReview(tx: DbTransaction, input: Pick<DeleteReviewInput, "id">): Promise<AdminChange> {
  const [row] = await tx
    .delete(googleReviews)
    .where(eq(googleReviews.id, input.id))
    .returning({ id: googleReviews.id, reviewerName: googleReviews.reviewerName, googleReviewId: googleReviews.googleReviewId });
  if (!row) return { ok: false, status: 404 };
  return {
    ok: true,
    message: REVIEW_TEXT.deleted,
    audit: {
      action: "review.delete",
      targetType: "review",
      targetId: row.id,
      details: { reviewerName: row.reviewerName, googleReviewId: row.googleReviewId },
    },
  };
}
