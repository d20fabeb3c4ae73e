import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { googleReviews } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { REVIEW_TEXT, type SaveReviewInput } from "./admin-schemas";
import { DEFAULT_REVIEW_TIME_LABEL } from "./display";

/** Prefix of the google_review_id of a review added by staff (spec 2 §3): manual_<timestamp>. */
const MANUAL_REVIEW_ID_PREFIX = "manual_";

/** How many following numbers are tried when manual_<now> is taken (several added in the same millisecond). */
const MAX_ID_ATTEMPTS = 1000;

/**
 * Adds a review (spec 2 §7: google_review_id manual_<Date.now()>, review_time
 * now) or updates the one with `input.id` (its review_time and google id
 * stay). A blank time description is stored as the public default label,
 * "Google Review" (spec 1 §3). The public pages follow at once: the
 * content-change trigger clears their cache.
 */
export async function saveReview(tx: DbTransaction, input: SaveReviewInput): Promise<AdminChange> {
  const fields = {
    reviewerName: input.reviewerName,
    rating: input.rating,
    reviewText: input.reviewText,
    relativeTimeDescription: input.relativeTimeDescription ?? DEFAULT_REVIEW_TIME_LABEL,
    isActive: input.isActive,
  };

  if (input.id) {
    const [row] = await tx
      .update(googleReviews)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(googleReviews.id, input.id))
      .returning({ id: googleReviews.id });
    if (!row) return { ok: false, status: 404 };
    return { ok: true, message: REVIEW_TEXT.updated, audit: { action: "review.update", targetType: "review", targetId: row.id } };
  }

  const stamp = Date.now();
  for (let attempt = 0; attempt < MAX_ID_ATTEMPTS; attempt++) {
    // ON CONFLICT DO NOTHING: a taken id returns no row (and does not abort the transaction); try the next number.
    const [row] = await tx
      .insert(googleReviews)
      .values({ ...fields, googleReviewId: `${MANUAL_REVIEW_ID_PREFIX}${stamp + attempt}`, reviewTime: sql`now()` })
      .onConflictDoNothing({ target: googleReviews.googleReviewId })
      .returning({ id: googleReviews.id, googleReviewId: googleReviews.googleReviewId });
    if (row) {
      return {
        ok: true,
        message: REVIEW_TEXT.added,
        audit: { action: "review.create", targetType: "review", targetId: row.id, details: { googleReviewId: row.googleReviewId } },
      };
    }
  }
  throw new Error(`no free google_review_id after ${MAX_ID_ATTEMPTS} attempts from ${MANUAL_REVIEW_ID_PREFIX}${stamp}`);
}
