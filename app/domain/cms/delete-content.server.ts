import { eq } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsContentBlocks, cmsPages } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { CONTENT_TEXT, type DeleteContentInput } from "./content-admin-schemas";
import type { ContentKind } from "./set-content-status.server";

/** Deletes a page or a block for good (after the screen's confirmation, spec 2 §5). */
export async function deleteContent(tx: DbTransaction, kind: ContentKind, input: Pick<DeleteContentInput, "id">): Promise<AdminChange> {
  if (kind === "page") {
    const [row] = await tx
      .delete(cmsPages)
      .where(eq(cmsPages.id, input.id))
      .returning({ id: cmsPages.id, title: cmsPages.title, key: cmsPages.pageKey });
    if (!row) return { ok: false, status: 404 };
    return {
      ok: true,
      message: CONTENT_TEXT.pageDeleted,
      audit: { action: "cms.page.delete", targetType: "cms_page", targetId: row.id, details: { title: row.title, key: row.key } },
    };
  }
  const [row] = await tx
    .delete(cmsContentBlocks)
    .where(eq(cmsContentBlocks.id, input.id))
    .returning({ id: cmsContentBlocks.id, title: cmsContentBlocks.title, key: cmsContentBlocks.blockKey });
  if (!row) return { ok: false, status: 404 };
  return {
    ok: true,
    message: CONTENT_TEXT.blockDeleted,
    audit: { action: "cms.block.delete", targetType: "cms_block", targetId: row.id, details: { title: row.title, key: row.key } },
  };
}
