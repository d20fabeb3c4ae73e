import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { googleReviews } from "~/db/schema";
import { listReviewsForAdmin } from "./list-reviews-for-admin.server";

describe("listReviewsForAdmin", () => {
  it("lists every review, active or not, newest first, with the demo flag and ISO dates", async () => {
    await db().update(googleReviews).set({ isActive: false }).where(eq(googleReviews.reviewerName, "David Thompson"));
    const now = Date.now();
    await db()
      .insert(googleReviews)
      .values([
        { googleReviewId: "manual_1", reviewerName: "Same Time Older", rating: 2, reviewTime: new Date(now + 60_000), createdAt: new Date(now) },
        { googleReviewId: "manual_2", reviewerName: "Same Time Newer", rating: 3, reviewTime: new Date(now + 60_000), createdAt: new Date(now + 1000) },
      ]);

    const reviews = await listReviewsForAdmin();
    expect(reviews.map((r) => r.reviewerName)).toEqual([
      "Same Time Newer",
      "Same Time Older",
      "Karen Mitchell",
      "David Thompson",
      "Priya Shah",
      "Mike O'Brien",
      "Jennifer Walsh",
      "Tom Reynolds",
      "Angela Brooks",
    ]);
    expect(reviews.find((r) => r.reviewerName === "David Thompson")).toMatchObject({ isActive: false, isDemo: true });
    const newer = reviews[0]!;
    expect(newer).toMatchObject({ googleReviewId: "manual_2", rating: 3, reviewText: null, relativeTimeDescription: "Google Review", isActive: true, isDemo: false });
    for (const key of ["reviewTime", "createdAt", "updatedAt"] as const) {
      expect(newer[key]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    expect(newer.reviewTime).toBe(new Date(now + 60_000).toISOString());
  });
});
