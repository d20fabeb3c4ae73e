import type { BlockContent, BlockType } from "./block-content";

/**
 * The public pages whose texts come from the CMS (issue 9 item 6): one
 * cms_pages row per page (its metadata: title, description, ogImage) and the
 * content blocks each page renders. Shared by the public routes, the read
 * model (get-public-page.server.ts), the preview (/admin/cms/pages/preview)
 * and the seed. No server code here.
 *
 * Block keys: `<page>-<section>` for a section of one page, `shared-<section>`
 * for a section several pages show (the services, team and reviews headings,
 * the inspection form's texts): editing it changes every page that shows it.
 * The legal pages (privacy, terms) also render every block whose key is
 * `<page>-<number>-<name>` ("privacy-10-who-we-are"), in number order, as the
 * sections of their text: staff add, remove or reorder sections by key.
 *
 * A section's block must be published (the preview also shows drafts) and of
 * the type listed here; otherwise the section is left out (a page hero then
 * shows the page's name, so the page keeps its one h1).
 */

export const PUBLIC_PAGE_KEYS = ["home", "about", "services", "team", "gallery", "contact", "privacy", "terms"] as const;
export type PublicPageKey = (typeof PUBLIC_PAGE_KEYS)[number];

export interface PublicPageDefinition {
  key: PublicPageKey;
  path: string;
  /** How staff and the preview name the page; also the title when its metadata is missing. */
  name: string;
  /** The blocks the page's sections render, in page order, with the type each must have. */
  blocks: Readonly<Record<string, BlockType>>;
  /** Whether the page also renders its numbered `<page>-<n>-<name>` blocks as text sections. */
  numberedSections: boolean;
}

const SHARED = {
  services: "shared-services",
  team: "shared-team",
  reviews: "shared-reviews",
  inspection: "shared-inspection",
} as const;

/** The keys of the sections several pages show. */
export const SHARED_BLOCK_KEYS = SHARED;

function page(key: PublicPageKey, path: string, name: string, blocks: Record<string, BlockType>, numberedSections = false): PublicPageDefinition {
  return { key, path, name, blocks, numberedSections };
}

export const PUBLIC_PAGES: Readonly<Record<PublicPageKey, PublicPageDefinition>> = {
  home: page("home", "/", "Home", {
    "home-hero": "text",
    "home-hero-facts": "feature_grid",
    [SHARED.services]: "text",
    "home-partnership": "list",
    "home-partnership-card": "feature_grid",
    "home-insurance": "card_grid",
    [SHARED.team]: "text",
    [SHARED.reviews]: "text",
    [SHARED.inspection]: "card_grid",
  }),
  about: page("about", "/about", "About Us", {
    "about-hero": "text",
    "about-inspection": "text",
    "about-mission-vision": "card_grid",
    "about-values": "card_grid",
    "about-goals": "feature_list",
    [SHARED.team]: "text",
    [SHARED.reviews]: "text",
    [SHARED.inspection]: "card_grid",
  }),
  services: page("services", "/services", "Services", {
    "services-hero": "text",
    [SHARED.services]: "text",
    [SHARED.inspection]: "card_grid",
  }),
  team: page("team", "/team", "Team", {
    "team-hero": "text",
    "team-record": "feature_grid",
    "team-leaders": "text",
    "team-cta": "text",
  }),
  gallery: page("gallery", "/gallery", "Our Work", {
    "gallery-hero": "text",
    "gallery-cta": "text",
  }),
  contact: page("contact", "/contact", "Contact Us", {
    "contact-hero": "text",
    [SHARED.inspection]: "card_grid",
  }),
  privacy: page("privacy", "/privacy", "Privacy Policy", { "privacy-hero": "text", "privacy-updated": "text" }, true),
  terms: page("terms", "/terms", "Terms of Service", { "terms-hero": "text", "terms-updated": "text" }, true),
};

export function isPublicPageKey(value: unknown): value is PublicPageKey {
  return typeof value === "string" && (PUBLIC_PAGE_KEYS as readonly string[]).includes(value);
}

/** `<page>-<number>-...`: a numbered section of a legal page. */
export function sectionNumber(pageKey: string, blockKey: string): number | null {
  if (!blockKey.startsWith(`${pageKey}-`)) return null;
  const match = /^(\d{1,6})(?:-|$)/.exec(blockKey.slice(pageKey.length + 1));
  return match ? Number(match[1]) : null;
}

/** Numbered sections in order: by number, then by key. */
export function compareSections(pageKey: string, a: string, b: string): number {
  return (sectionNumber(pageKey, a) ?? 0) - (sectionNumber(pageKey, b) ?? 0) || (a < b ? -1 : a > b ? 1 : 0);
}

/** A block as a public page receives it: checked against its type's schema. */
export type PublicBlock = { [T in BlockType]: { key: string; type: T; content: BlockContent<T>; draft?: true } }[BlockType];

/** The page metadata a public page uses (cms_pages.metadata, published only). */
export interface PublicPageMetadata {
  title?: string;
  description?: string;
  ogImage?: string;
}

/** What a public page renders from the CMS. */
export interface PublicPageContent {
  pageKey: PublicPageKey;
  /** Null when the page row is missing, unpublished or its metadata is invalid: the page's defaults apply. */
  metadata: PublicPageMetadata | null;
  /** The page's blocks by key (only those that exist, are visible and parse). */
  blocks: Record<string, PublicBlock>;
  /** The numbered sections' keys, in order (legal pages). */
  sections: string[];
  /** True in the staff preview (drafts included). */
  preview: boolean;
}

/** The block `key` if it is present with type `type`. */
export function pageBlock<T extends BlockType>(content: Pick<PublicPageContent, "blocks">, key: string, type: T): BlockContent<T> | undefined {
  const block = content.blocks[key];
  return block && block.type === type ? (block.content as BlockContent<T>) : undefined;
}
