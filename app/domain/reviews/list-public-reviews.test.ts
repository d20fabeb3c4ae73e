import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { googleReviews } from "~/db/schema";
import { listPublicReviews } from "./list-public-reviews.server";

describe("listPublicReviews", () => {
  it("returns the active reviews, newest first, capped", async () => {
    const seeded = await listPublicReviews();
    expect(seeded.map((r) => r.reviewerName)).toEqual([
      "Karen Mitchell",
      "David Thompson",
      "Priya Shah",
      "Mike O'Brien",
      "Jennifer Walsh",
      "Tom Reynolds",
      "Angela Brooks",
    ]);

    await db().update(googleReviews).set({ isActive: false }).where(eq(googleReviews.reviewerName, "David Thompson"));
    await db().insert(googleReviews).values({
      googleReviewId: "manual_test_1",
      reviewerName: "Newest Person",
      rating: 3,
      reviewText: null,
      reviewTime: new Date(Date.now() + 60_000),
    });
    const after = await listPublicReviews();
    expect(after[0]).toMatchObject({ reviewerName: "Newest Person", reviewText: null, relativeTimeDescription: "Google Review" });
    expect(after.map((r) => r.reviewerName)).not.toContain("David Thompson");
    expect(await listPublicReviews({ limit: 2 })).toHaveLength(2);
  });
});
