import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { googleReviews } from "~/db/schema";
import { deleteReview } from "./delete-review.server";
import { listPublicReviews } from "./list-public-reviews.server";
import { listReviewsForAdmin } from "./list-reviews-for-admin.server";

describe("deleteReview", () => {
  it("deletes the review for good", async () => {
    const [priya] = await db().select().from(googleReviews).where(eq(googleReviews.reviewerName, "Priya Shah"));
    const change = await db().transaction((tx) => deleteReview(tx, { id: priya!.id }));
    expect(change).toMatchObject({ ok: true, message: "Review deleted successfully!", audit: { action: "review.delete", targetType: "review", targetId: priya!.id } });
    expect(await db().select().from(googleReviews).where(eq(googleReviews.id, priya!.id))).toEqual([]);
    expect((await listReviewsForAdmin()).map((r) => r.id)).not.toContain(priya!.id);
    expect((await listPublicReviews()).map((r) => r.id)).not.toContain(priya!.id);
  });

  it("reports an id that is not a review (or no longer one) as not found", async () => {
    expect(await db().transaction((tx) => deleteReview(tx, { id: crypto.randomUUID() }))).toEqual({ ok: false, status: 404 });
    const [tom] = await db().select().from(googleReviews).where(eq(googleReviews.reviewerName, "Tom Reynolds"));
    await db().transaction((tx) => deleteReview(tx, { id: tom!.id }));
    expect(await db().transaction((tx) => deleteReview(tx, { id: tom!.id }))).toEqual({ ok: false, status: 404 });
  });
});
