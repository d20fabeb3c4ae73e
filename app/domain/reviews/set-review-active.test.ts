import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { googleReviews } from "~/db/schema";
import { listPublicReviews } from "./list-public-reviews.server";
import { setReviewActive } from "./set-review-active.server";

async function reviewNamed(name: string) {
  const [row] = await db().select().from(googleReviews).where(eq(googleReviews.reviewerName, name));
  return row!;
}

describe("setReviewActive", () => {
  it("deactivates a review: it disappears from the public reviews; activating brings it back", async () => {
    const david = await reviewNamed("David Thompson");
    expect((await listPublicReviews()).map((r) => r.id)).toContain(david.id);

    const off = await db().transaction((tx) => setReviewActive(tx, { id: david.id, active: false }));
    expect(off).toEqual({ ok: true, message: "Review deactivated successfully!", audit: { action: "review.deactivate", targetType: "review", targetId: david.id } });
    expect((await reviewNamed("David Thompson")).isActive).toBe(false);
    expect((await listPublicReviews()).map((r) => r.id)).not.toContain(david.id);

    const on = await db().transaction((tx) => setReviewActive(tx, { id: david.id, active: true }));
    expect(on).toEqual({ ok: true, message: "Review activated successfully!", audit: { action: "review.activate", targetType: "review", targetId: david.id } });
    expect((await listPublicReviews()).map((r) => r.id)).toContain(david.id);
  });

  it("reports an id that is not a review as not found", async () => {
    expect(await db().transaction((tx) => setReviewActive(tx, { id: crypto.randomUUID(), active: false }))).toEqual({ ok: false, status: 404 });
  });
});
