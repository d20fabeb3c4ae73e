import { asc, eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import type { AdminChange } from "~/lib/admin-action.server";
import { GAF_TEXT, type GafKind } from "./admin-schemas";
import { commonTable } from "./admin-tables.server";

/**
 * Stores a new order of every item of a kind (sort_order 1..n). `ids` must
 * be exactly the kind's items (locked while this runs): a list that changed
 * meanwhile (an item added or from another table) is a conflict, not a guess.
 */
export async function reorderGafItems(tx: DbTransaction, kind: GafKind, ids: readonly string[]): Promise<AdminChange> {
  const table = commonTable(kind);
  const current = await tx.select({ id: table.id }).from(table).orderBy(asc(table.sortOrder)).for("update");
  const known = new Set(current.map((row) => row.id));
  if (current.length !== ids.length || ids.some((id) => !known.has(id))) {
    return { ok: false, status: 409, message: GAF_TEXT.listChanged };
  }
  for (const [index, id] of ids.entries()) {
    await tx.update(table).set({ sortOrder: index + 1, updatedAt: sql`now()` }).where(eq(table.id, id));
  }
  return {
    ok: true,
    message: GAF_TEXT.reordered(kind),
    audit: { action: `gaf.${kind}.reorder`, targetType: `gaf_${kind}`, targetId: ids[0]!, details: { order: ids.join(",") } },
  };
}
