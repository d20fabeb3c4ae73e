import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { googleReviews } from "~/db/schema";
import { saveReviewSchema } from "./admin-schemas";
import { listPublicReviews } from "./list-public-reviews.server";
import { saveReview } from "./save-review.server";

function input(fields: Record<string, string>) {
  return saveReviewSchema.parse({ intent: "save-review", rating: "5", ...fields });
}

function save(fields: Record<string, string>) {
  return db().transaction((tx) => saveReview(tx, input(fields)));
}

async function rowOf(id: string) {
  const [row] = await db().select().from(googleReviews).where(eq(googleReviews.id, id));
  return row!;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("saveReview", () => {
  it("adds a review with a manual_<timestamp> id and review_time now, newest on the public pages", async () => {
    const before = Date.now();
    const change = await save({ reviewerName: "Rita Roofowner", rating: "4", reviewText: "Quick and tidy.", isActive: "on" });
    const after = Date.now();
    expect(change).toMatchObject({ ok: true, message: "Review added successfully!", audit: { action: "review.create", targetType: "review" } });
    if (!change.ok) throw new Error("unreachable");
    const row = await rowOf(change.audit.targetId);
    expect(row).toMatchObject({ reviewerName: "Rita Roofowner", rating: 4, reviewText: "Quick and tidy.", isActive: true, isDemo: false });
    expect(row.googleReviewId).toMatch(/^manual_\d{13}$/);
    const stamp = Number(row.googleReviewId.slice("manual_".length));
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(after);
    expect(Math.abs(row.reviewTime.getTime() - Date.now())).toBeLessThan(60_000);
    // No time description: the public default label.
    expect(row.relativeTimeDescription).toBe("Google Review");
    expect((await listPublicReviews())[0]).toMatchObject({ id: row.id, reviewerName: "Rita Roofowner" });
  });

  it("takes the next number when manual_<now> is taken", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:00.000Z"));
    const now = Date.now();
    await db().insert(googleReviews).values({ googleReviewId: `manual_${now}`, reviewerName: "Taken", rating: 5 });
    await db().insert(googleReviews).values({ googleReviewId: `manual_${now + 1}`, reviewerName: "Taken too", rating: 5 });
    const change = await save({ reviewerName: "Same Millisecond" });
    if (!change.ok) throw new Error("expected success");
    expect((await rowOf(change.audit.targetId)).googleReviewId).toBe(`manual_${now + 2}`);
  });

  it("adds an inactive review that the public pages do not show", async () => {
    const change = await save({ reviewerName: "Hidden Henry" });
    if (!change.ok) throw new Error("expected success");
    expect((await rowOf(change.audit.targetId)).isActive).toBe(false);
    expect((await listPublicReviews()).map((r) => r.reviewerName)).not.toContain("Hidden Henry");
  });

  it("updates a review by id, keeping its google id and review time", async () => {
    const [karen] = await db().select().from(googleReviews).where(eq(googleReviews.reviewerName, "Karen Mitchell"));
    const change = await save({
      id: karen!.id,
      reviewerName: "Karen M.",
      rating: "3",
      reviewText: "",
      relativeTimeDescription: "3 weeks ago",
      isActive: "on",
    });
    expect(change).toEqual({ ok: true, message: "Review updated successfully!", audit: { action: "review.update", targetType: "review", targetId: karen!.id } });
    const row = await rowOf(karen!.id);
    expect(row).toMatchObject({
      reviewerName: "Karen M.",
      rating: 3,
      reviewText: null,
      relativeTimeDescription: "3 weeks ago",
      isActive: true,
      googleReviewId: karen!.googleReviewId,
      reviewTime: karen!.reviewTime,
      isDemo: true,
    });
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(karen!.updatedAt.getTime());
  });

  it("reports an id that is not a review as not found, and changes nothing", async () => {
    const count = (await db().select().from(googleReviews)).length;
    const change = await save({ id: crypto.randomUUID(), reviewerName: "Nobody" });
    expect(change).toEqual({ ok: false, status: 404 });
    expect(await db().select().from(googleReviews)).toHaveLength(count);
  });
});
