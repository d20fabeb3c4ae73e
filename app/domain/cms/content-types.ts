import type { BlockType } from "./block-content";
import type { ContentItemStatus } from "./content-admin-schemas";

/** A page as /admin/cms/pages lists it (dates as ISO strings). */
export interface AdminContentPage {
  id: string;
  pageKey: string;
  title: string;
  content: string;
  metadata: Record<string, unknown>;
  status: ContentItemStatus;
  /** ISO timestamp. */
  updatedAt: string;
  /** Scheduled publishing (ADR 029): ISO 8601 instants, or null. */
  publishAt: string | null;
  unpublishAt: string | null;
}

/** A content block as /admin/cms/pages lists it. */
export interface AdminContentBlock {
  id: string;
  blockKey: string;
  blockType: BlockType;
  title: string;
  /** The stored JSON (normally the shape of its type, app/domain/cms/block-content.ts). */
  content: unknown;
  status: ContentItemStatus;
  /** ISO timestamp. */
  updatedAt: string;
  /** Scheduled publishing (ADR 029): ISO 8601 instants, or null. */
  publishAt: string | null;
  unpublishAt: string | null;
}

export interface AdminContentLists {
  pages: AdminContentPage[];
  blocks: AdminContentBlock[];
}
