import { eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsServices } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { compactOrder, lockList } from "~/lib/ordered-rows.server";
import { SERVICE_TEXT, type DeleteServiceInput } from "./admin-schemas";

/**
 * Deletes a service for good (after the screen's confirmation, spec 2 §5)
 * and closes the gap it leaves in the order, so the next new service's place
 * (count + 1) is free.
 */
export async function deleteService(tx: DbTransaction, input: Pick<DeleteServiceInput, "id">): Promise<AdminChange> {
  await lockList(tx, cmsServices);
  const [row] = await tx
    .delete(cmsServices)
    .where(eq(cmsServices.id, input.id))
    .returning({ id: cmsServices.id, title: cmsServices.title, slug: cmsServices.slug, status: cmsServices.status });
  if (!row) return { ok: false, status: 404 };
  await compactOrder(tx, cmsServices, "title");
  return {
    ok: true,
    message: SERVICE_TEXT.deleted,
    audit: { action: "cms.service.delete", targetType: "cms_service", targetId: row.id, details: { title: row.title, slug: row.slug, status: row.status } },
  };
}
