import { eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsServices } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { applyOrder, lockList, movedId, orderedIds } from "~/lib/ordered-rows.server";
import { SERVICE_TEXT, type ReorderServicesInput } from "./admin-schemas";

/**
 * Stores a new order of every service (sort_order 1..n): Move up / Move
 * down. `ids` must be exactly the services there are: a list that changed
 * meanwhile (a service added or deleted by someone else) is a conflict, not a guess.
 */
export async function reorderServices(tx: DbTransaction, input: Pick<ReorderServicesInput, "ids">): Promise<AdminChange> {
  await lockList(tx, cmsServices);
  const current = await orderedIds(tx, cmsServices, "title");
  const known = new Set(current);
  if (current.length !== input.ids.length || input.ids.some((id) => !known.has(id))) {
    return { ok: false, status: 409, message: SERVICE_TEXT.listChanged };
  }
  await applyOrder(tx, cmsServices, input.ids);
  const moved = movedId(current, input.ids) ?? input.ids[0]!;
  const [row] = await tx.select({ title: cmsServices.title }).from(cmsServices).where(eq(cmsServices.id, moved));
  return {
    ok: true,
    message: SERVICE_TEXT.reordered,
    audit: {
      action: "cms.service.reorder",
      targetType: "cms_service",
      targetId: moved,
      details: { title: row?.title ?? "", position: input.ids.indexOf(moved) + 1 },
    },
  };
}
