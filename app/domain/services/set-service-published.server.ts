import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsServices } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { SERVICE_TEXT, type SetServicePublishedInput } from "./admin-schemas";

/**
 * Publish / Unpublish (spec 2 §4: only between published and draft).
 * Publish makes a draft (or an archived service) published; Unpublish makes a
 * published service a draft and leaves a draft or an archived one as it is
 * (archiving is the edit form's). Only published services are on the public
 * pages, which follow at once.
 */
export async function setServicePublished(tx: DbTransaction, input: Pick<SetServicePublishedInput, "id" | "published">): Promise<AdminChange> {
  const [row] = await tx
    .select({ title: cmsServices.title, status: cmsServices.status })
    .from(cmsServices)
    .where(eq(cmsServices.id, input.id))
    .for("update");
  if (!row) return { ok: false, status: 404 };
  const next = input.published ? "published" : row.status === "published" ? "draft" : row.status;
  if (next !== row.status) {
    await tx.update(cmsServices).set({ status: next, updatedAt: sql`now()` }).where(eq(cmsServices.id, input.id));
  }
  return {
    ok: true,
    message: input.published ? SERVICE_TEXT.published : SERVICE_TEXT.unpublished,
    audit: {
      action: input.published ? "cms.service.publish" : "cms.service.unpublish",
      targetType: "cms_service",
      targetId: input.id,
      details: { title: row.title, from: row.status, to: next },
    },
  };
}
