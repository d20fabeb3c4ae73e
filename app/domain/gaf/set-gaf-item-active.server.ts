import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import type { AdminChange } from "~/lib/admin-action.server";
import { GAF_TEXT, type GafKind } from "./admin-schemas";
import { commonTable } from "./admin-tables.server";

/**
 * Deactivates (the spec's soft delete) or reactivates (ADR 015) one item of a
 * kind. An id that is not an item of that kind is "not found". The public
 * portal follows at once: the content-change trigger clears the page cache.
 */
export async function setGafItemActive(tx: DbTransaction, kind: GafKind, id: string, active: boolean): Promise<AdminChange> {
  const table = commonTable(kind);
  const [row] = await tx
    .update(table)
    .set({ isActive: active, updatedAt: sql`now()` })
    .where(eq(table.id, id))
    .returning({ id: table.id });
  if (!row) return { ok: false, status: 404 };
  return {
    ok: true,
    message: active ? GAF_TEXT.reactivated(kind) : GAF_TEXT.deactivated(kind),
    audit: { action: `gaf.${kind}.${active ? "reactivate" : "deactivate"}`, targetType: `gaf_${kind}`, targetId: row.id },
  };
}
