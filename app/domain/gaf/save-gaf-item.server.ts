import { eq, max, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { gafRoofLayers } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { GAF_TEXT, type GafKind, type GafSaveInput } from "./admin-schemas";
import { commonTable, GAF_TABLES } from "./admin-tables.server";

/**
 * Adds an item of a kind (active, at the end of the list) or updates one by
 * id, with the fields of its form (already validated by its schema). An id
 * that is not an item of that kind is "not found"; a roof product's layer
 * must exist.
 */
export async function saveGafItem<K extends GafKind>(tx: DbTransaction, kind: K, input: GafSaveInput<K>): Promise<AdminChange> {
  const { intent: _intent, id, ...values } = input;
  if (kind === "roof-product") {
    const layerId = (values as unknown as { layerId: string }).layerId;
    const [layer] = await tx.select({ id: gafRoofLayers.id }).from(gafRoofLayers).where(eq(gafRoofLayers.id, layerId));
    if (!layer) return { ok: false, status: 422, fieldErrors: { layerId: GAF_TEXT.chooseLayer } };
  }
  // The kinds' tables differ in their columns; `values` holds exactly the columns of this kind's table.
  const table = GAF_TABLES[kind] as unknown as typeof gafRoofLayers;
  const columns = values as unknown as typeof gafRoofLayers.$inferInsert;
  const common = commonTable(kind);

  if (id) {
    const [row] = await tx
      .update(table)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(common.id, id))
      .returning({ id: common.id });
    if (!row) return { ok: false, status: 404 };
    return { ok: true, message: GAF_TEXT.updated(kind), audit: { action: `gaf.${kind}.update`, targetType: `gaf_${kind}`, targetId: row.id } };
  }

  // Serialise concurrent adds of one kind so each gets its own place at the end.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`gaf-add:${kind}`}))`);
  const [last] = await tx.select({ value: max(common.sortOrder) }).from(common);
  const [row] = await tx
    .insert(table)
    .values({ ...columns, isActive: true, sortOrder: (last?.value ?? 0) + 1 })
    .returning({ id: common.id });
  return { ok: true, message: GAF_TEXT.created(kind), audit: { action: `gaf.${kind}.create`, targetType: `gaf_${kind}`, targetId: row!.id } };
}
