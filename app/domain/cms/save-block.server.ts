import { and, eq, ne, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { cmsContentBlocks } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { parseBlockContent } from "./block-content";
import { CONTENT_TEXT, type SaveBlockInput } from "./content-admin-schemas";
import { isUniqueViolation } from "./unique-violation.server";

const KEY_TAKEN: AdminChange = { ok: false, status: 409, fieldErrors: { blockKey: CONTENT_TEXT.blockKeyTaken } };

/**
 * Adds a content block (always as a draft) or updates the block with
 * `input.id`. Its content is stored in the normalised shape of its type
 * (app/domain/cms/block-content.ts; the schema already refused anything
 * else). A key another block has is a field error (409).
 */
export async function saveBlock(tx: DbTransaction, input: SaveBlockInput): Promise<AdminChange> {
  const parsed = parseBlockContent(input.blockType, input.content);
  if (!parsed.success) return { ok: false, status: 422, fieldErrors: { content: parsed.error.issues[0]?.message ?? CONTENT_TEXT.contentRequired } };
  const fields = { blockKey: input.blockKey, blockType: input.blockType, title: input.title, content: parsed.data };

  const [taken] = await tx
    .select({ id: cmsContentBlocks.id })
    .from(cmsContentBlocks)
    .where(
      input.id
        ? and(eq(cmsContentBlocks.blockKey, input.blockKey), ne(cmsContentBlocks.id, input.id))
        : eq(cmsContentBlocks.blockKey, input.blockKey),
    )
    .limit(1);
  if (taken) return KEY_TAKEN;

  try {
    if (input.id) {
      const [row] = await tx
        .update(cmsContentBlocks)
        .set({ ...fields, ...(input.status ? { status: input.status } : {}), updatedAt: sql`now()` })
        .where(eq(cmsContentBlocks.id, input.id))
        .returning({ id: cmsContentBlocks.id });
      if (!row) return { ok: false, status: 404 };
      return {
        ok: true,
        message: CONTENT_TEXT.blockUpdated,
        audit: { action: "cms.block.update", targetType: "cms_block", targetId: row.id, details: { title: input.title, key: input.blockKey } },
      };
    }
    const [row] = await tx
      .insert(cmsContentBlocks)
      .values({ ...fields, status: "draft" })
      .onConflictDoNothing({ target: cmsContentBlocks.blockKey })
      .returning({ id: cmsContentBlocks.id });
    if (!row) return KEY_TAKEN;
    return {
      ok: true,
      message: CONTENT_TEXT.blockCreated,
      audit: { action: "cms.block.create", targetType: "cms_block", targetId: row.id, details: { title: input.title, key: input.blockKey } },
    };
  } catch (error) {
    if (isUniqueViolation(error, "cms_content_blocks_block_key_key")) return KEY_TAKEN;
    throw error;
  }
}
