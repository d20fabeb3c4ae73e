import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { googleReviews } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { REVIEW_TEXT, type SetReviewActiveInput } from "./admin-schemas";

/**
 * Activate / Deactivate (spec 2 §4): only active reviews are on the public
 * pages, which follow at once (the content-change trigger clears their cache).
 */
export async function setReviewActive(tx: DbTransaction, input: Pick<SetReviewActiveInput, "id" | "active">): Promise<AdminChange> {
  const [row] = await tx
    .update(googleReviews)
    .set({ isActive: input.active, updatedAt: sql`now()` })
    .where(eq(googleReviews.id, input.id))
    .returning({ id: googleReviews.id });
  if (!row) return { ok: false, status: 404 };
  return {
    ok: true,
    message: input.active ? REVIEW_TEXT.activated : REVIEW_TEXT.deactivated,
    audit: { action: input.active ? "review.activate" : "review.deactivate", targetType: "review", targetId: row.id },
  };
}
