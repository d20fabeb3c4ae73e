import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsServices } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { SERVICE_TEXT, type SetServiceFeaturedInput } from "./admin-schemas";

/** Feature / Remove Feature (spec 2 §4). The home page shows the published featured services. */
export async function setServiceFeatured(tx: DbTransaction, input: Pick<SetServiceFeaturedInput, "id" | "featured">): Promise<AdminChange> {
  const [row] = await tx
    .update(cmsServices)
    .set({ isFeatured: input.featured, updatedAt: sql`now()` })
    .where(eq(cmsServices.id, input.id))
    .returning({ id: cmsServices.id, title: cmsServices.title });
  if (!row) return { ok: false, status: 404 };
  return {
    ok: true,
    message: input.featured ? SERVICE_TEXT.featured : SERVICE_TEXT.unfeatured,
    audit: {
      action: input.featured ? "cms.service.feature" : "cms.service.unfeature",
      targetType: "cms_service",
      targetId: row.id,
      details: { title: row.title },
    },
  };
}
