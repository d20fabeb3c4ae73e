import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { scheduleOf } from "~/domain/content-schedule/schedule";
import { cmsContentBlocks, cmsPages } from "~/db/schema";
import type { AdminContentLists } from "./content-types";

/**
 * Every page and content block, whatever its status, for /admin/cms/pages
 * (spec 2 §7: read together, pages by page_key and blocks by block_key).
 */
export async function listContentForAdmin(): Promise<AdminContentLists> {
  const [pages, blocks] = await Promise.all([
    db()
      .select({
        id: cmsPages.id,
        pageKey: cmsPages.pageKey,
        title: cmsPages.title,
        content: cmsPages.content,
        metadata: cmsPages.metadata,
        status: cmsPages.status,
        updatedAt: cmsPages.updatedAt,
      publishAt: cmsPages.publishAt,
      unpublishAt: cmsPages.unpublishAt,
      })
      .from(cmsPages)
      .orderBy(asc(cmsPages.pageKey)),
    db()
      .select({
        id: cmsContentBlocks.id,
        blockKey: cmsContentBlocks.blockKey,
        blockType: cmsContentBlocks.blockType,
        title: cmsContentBlocks.title,
        content: cmsContentBlocks.content,
        status: cmsContentBlocks.status,
        updatedAt: cmsContentBlocks.updatedAt,
      publishAt: cmsContentBlocks.publishAt,
      unpublishAt: cmsContentBlocks.unpublishAt,
      })
      .from(cmsContentBlocks)
      .orderBy(asc(cmsContentBlocks.blockKey)),
  ]);
  return {
    pages: pages.map((page) => ({ ...page, updatedAt: page.updatedAt.toISOString(), ...scheduleOf(page) })),
    blocks: blocks.map((block) => ({ ...block, updatedAt: block.updatedAt.toISOString(), ...scheduleOf(block) })),
  };
}
