import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsContentBlocks, cmsPages } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { CONTENT_TEXT, type SetContentStatusInput } from "./content-admin-schemas";

export type ContentKind = "page" | "block";

/**
 * Publish / Unpublish a page or a block (spec 2 §4: between published and
 * draft; an archived item is published by Publish). Only published content
 * reaches the public site, which follows at once.
 */
export async function setContentStatus(tx: DbTransaction, kind: ContentKind, input: Pick<SetContentStatusInput, "id" | "status">): Promise<AdminChange> {
  const publish = input.status === "published";
  const verb = publish ? "publish" : "unpublish";
  if (kind === "page") {
    const [row] = await tx
      .update(cmsPages)
      .set({ status: input.status, updatedAt: sql`now()` })
      .where(eq(cmsPages.id, input.id))
      .returning({ id: cmsPages.id, title: cmsPages.title, key: cmsPages.pageKey });
    if (!row) return { ok: false, status: 404 };
    return {
      ok: true,
      message: publish ? CONTENT_TEXT.pagePublished : CONTENT_TEXT.pageUnpublished,
      audit: { action: `cms.page.${verb}`, targetType: "cms_page", targetId: row.id, details: { title: row.title, key: row.key } },
    };
  }
  const [row] = await tx
    .update(cmsContentBlocks)
    .set({ status: input.status, updatedAt: sql`now()` })
    .where(eq(cmsContentBlocks.id, input.id))
    .returning({ id: cmsContentBlocks.id, title: cmsContentBlocks.title, key: cmsContentBlocks.blockKey });
  if (!row) return { ok: false, status: 404 };
  return {
    ok: true,
    message: publish ? CONTENT_TEXT.blockPublished : CONTENT_TEXT.blockUnpublished,
    audit: { action: `cms.block.${verb}`, targetType: "cms_block", targetId: row.id, details: { title: row.title, key: row.key } },
  };
}
