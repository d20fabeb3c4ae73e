import { and, eq, inArray, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsContentBlocks, cmsPages, type CmsStatus } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { isBlockType, parseBlockContent } from "./block-content";
import { pageMetadataSchema } from "./content-admin-schemas";
import {
  compareSections,
  PUBLIC_PAGES,
  type PublicBlock,
  type PublicPageContent,
  type PublicPageKey,
  type PublicPageMetadata,
  sectionNumber,
} from "./public-pages";

/**
 * The CMS content of one public page (issue 9 item 6): its metadata from
 * cms_pages and its blocks from cms_content_blocks (app/domain/cms/public-pages.ts
 * says which).
 *
 * - Public: only PUBLISHED rows. A draft or archived page or block is never
 *   read, so it can never reach the page's HTML or its `.data` response.
 * - Preview (`includeDrafts`, staff only: /admin/cms/pages/preview): published
 *   and draft rows (archived ones are retired), drafts marked `draft: true`.
 * - A block whose JSON does not fit its type's schema (block-content.ts), or
 *   whose type is not the one its section renders, is logged and left out;
 *   the page still renders. Invalid page metadata is logged and the page's
 *   defaults apply.
 */
export async function getPublicPage(pageKey: PublicPageKey, { includeDrafts = false }: { includeDrafts?: boolean } = {}): Promise<PublicPageContent> {
  const definition = PUBLIC_PAGES[pageKey];
  const statuses: CmsStatus[] = includeDrafts ? ["published", "draft"] : ["published"];
  const keys = Object.keys(definition.blocks);
  const prefix = `${pageKey}-`;

  const [pageRows, blockRows] = await Promise.all([
    db()
      .select({ metadata: cmsPages.metadata, status: cmsPages.status })
      .from(cmsPages)
      .where(and(eq(cmsPages.pageKey, pageKey), inArray(cmsPages.status, statuses))),
    db()
      .select({
        blockKey: cmsContentBlocks.blockKey,
        blockType: cmsContentBlocks.blockType,
        content: cmsContentBlocks.content,
        status: cmsContentBlocks.status,
      })
      .from(cmsContentBlocks)
      .where(
        and(
          inArray(cmsContentBlocks.status, statuses),
          definition.numberedSections
            ? or(inArray(cmsContentBlocks.blockKey, keys), sql`starts_with(${cmsContentBlocks.blockKey}, ${prefix})`)
            : inArray(cmsContentBlocks.blockKey, keys),
        ),
      ),
  ]);

  const blocks: Record<string, PublicBlock> = {};
  const sections: string[] = [];
  for (const row of blockRows) {
    const expected = definition.blocks[row.blockKey];
    const isSection = definition.numberedSections && expected === undefined && sectionNumber(pageKey, row.blockKey) !== null;
    if (expected === undefined && !isSection) continue;
    if (!isBlockType(row.blockType) || (expected !== undefined && row.blockType !== expected)) {
      logger.warn({ pageKey, blockKey: row.blockKey, blockType: row.blockType, expected }, "cms block skipped: not the type its section renders");
      continue;
    }
    const parsed = parseBlockContent(row.blockType, row.content);
    if (!parsed.success) {
      logger.warn(
        { pageKey, blockKey: row.blockKey, issues: parsed.error.issues.slice(0, 5).map((issue) => ({ path: issue.path, message: issue.message })) },
        "cms block skipped: its content does not fit its type",
      );
      continue;
    }
    blocks[row.blockKey] = {
      key: row.blockKey,
      type: row.blockType,
      content: parsed.data,
      ...(row.status === "draft" ? { draft: true as const } : {}),
    } as PublicBlock;
    if (isSection) sections.push(row.blockKey);
  }
  sections.sort((a, b) => compareSections(pageKey, a, b));

  return { pageKey, metadata: readMetadata(pageKey, pageRows[0]?.metadata), blocks, sections, preview: includeDrafts };
}

function readMetadata(pageKey: PublicPageKey, raw: unknown): PublicPageMetadata | null {
  if (raw === undefined) return null;
  const parsed = pageMetadataSchema.safeParse(raw);
  if (!parsed.success) {
    logger.warn({ pageKey, issues: parsed.error.issues.slice(0, 5).map((issue) => ({ path: issue.path, message: issue.message })) }, "cms page metadata ignored: invalid");
    return null;
  }
  const { title, description, ogImage } = parsed.data;
  return {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(ogImage ? { ogImage } : {}),
  };
}
