import { and, eq, ne, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsPages } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { CONTENT_TEXT, pageMetadataSchema, type SavePageInput } from "./content-admin-schemas";
import { isUniqueViolation } from "./unique-violation.server";

const KEY_TAKEN: AdminChange = { ok: false, status: 409, fieldErrors: { pageKey: CONTENT_TEXT.pageKeyTaken } };

/**
 * Adds a page (always as a draft: spec 2 §4, new items start as draft) or
 * updates the page with `input.id` (its status only when one is sent). A key
 * another page has is a field error (409), never a database error; the public
 * pages follow at once (the content-change trigger clears their cache).
 */
export async function savePage(tx: DbTransaction, input: SavePageInput): Promise<AdminChange> {
  // The schema checked the metadata; this gives its normalised form (trimmed, blanks omitted).
  const metadata = pageMetadataSchema.parse(input.metadata);
  const fields = { pageKey: input.pageKey, title: input.title, content: input.content, metadata };

  const [taken] = await tx
    .select({ id: cmsPages.id })
    .from(cmsPages)
    .where(input.id ? and(eq(cmsPages.pageKey, input.pageKey), ne(cmsPages.id, input.id)) : eq(cmsPages.pageKey, input.pageKey))
    .limit(1);
  if (taken) return KEY_TAKEN;

  try {
    if (input.id) {
      const [row] = await tx
        .update(cmsPages)
        .set({ ...fields, ...(input.status ? { status: input.status } : {}), updatedAt: sql`now()` })
        .where(eq(cmsPages.id, input.id))
        .returning({ id: cmsPages.id });
      if (!row) return { ok: false, status: 404 };
      return {
        ok: true,
        message: CONTENT_TEXT.pageUpdated,
        audit: { action: "cms.page.update", targetType: "cms_page", targetId: row.id, details: { title: input.title, key: input.pageKey } },
      };
    }
    const [row] = await tx
      .insert(cmsPages)
      .values({ ...fields, status: "draft" })
      .onConflictDoNothing({ target: cmsPages.pageKey })
      .returning({ id: cmsPages.id });
    if (!row) return KEY_TAKEN;
    return {
      ok: true,
      message: CONTENT_TEXT.pageCreated,
      audit: { action: "cms.page.create", targetType: "cms_page", targetId: row.id, details: { title: input.title, key: input.pageKey } },
    };
  } catch (error) {
    // Another save took the key between the check and this write.
    if (isUniqueViolation(error, "cms_pages_page_key_key")) return KEY_TAKEN;
    throw error;
  }
}
