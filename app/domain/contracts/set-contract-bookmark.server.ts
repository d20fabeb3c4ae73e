import { eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { contractOpportunities } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { CONTRACT_TEXT } from "./admin-schemas";

/** Bookmarks a contract, or removes its bookmark (a re-crawl keeps it). */
export async function setContractBookmark(tx: DbTransaction, input: { contractId: string; bookmarked: boolean }): Promise<AdminChange> {
  const [row] = await tx
    .update(contractOpportunities)
    .set({ isBookmarked: input.bookmarked })
    .where(eq(contractOpportunities.id, input.contractId))
    .returning({ id: contractOpportunities.id });
  if (!row) return { ok: false, status: 404, message: CONTRACT_TEXT.notFound };
  return {
    ok: true,
    message: input.bookmarked ? CONTRACT_TEXT.bookmarked : CONTRACT_TEXT.unbookmarked,
    audit: { action: input.bookmarked ? "contract.bookmark" : "contract.unbookmark", targetType: "contract", targetId: row.id },
  };
}
