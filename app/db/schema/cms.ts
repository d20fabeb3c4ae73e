import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { mediaAssets } from "./media";

/**
 * Site content managed from /admin/cms (spec 2 §3, §9) and the gallery of
 * spec 1 §2.
 */

export const CMS_STATUSES = ["draft", "published", "archived"] as const;
export type CmsStatus = (typeof CMS_STATUSES)[number];

/** The icons a service may show; the forms use the same list (app/domain/services/constants.ts, checked by its test). */
export const SERVICE_ICON_NAMES = [
  "Construction",
  "Wrench",
  "Cloud",
  "Shield",
  "Building",
  "FileCheck",
  "Hammer",
  "Home",
  "Settings",
  "Tool",
  "Zap",
  "CheckCircle",
] as const;
export type ServiceIconName = (typeof SERVICE_ICON_NAMES)[number];

export const IMAGE_POSITIONS = ["center", "top", "bottom"] as const;
export type ImagePosition = (typeof IMAGE_POSITIONS)[number];

export const CONTENT_BLOCK_TYPES = ["text", "card_grid", "list", "feature_list", "feature_grid", "image_text"] as const;
export type ContentBlockType = (typeof CONTENT_BLOCK_TYPES)[number];

export const SETTING_TYPES = ["text", "html", "json", "boolean", "number", "url"] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

export const SETTING_CATEGORIES = ["general", "contact", "branding", "social", "certifications", "seo"] as const;
export type SettingCategory = (typeof SETTING_CATEGORIES)[number];

export const GALLERY_CATEGORIES = [
  "Residential",
  "Insurance Claim",
  "Commercial",
  "Specialty Project",
  "Premium Installation",
] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

/** Slugs and keys: lowercase letters, digits, hyphens (slugs) or underscores (setting keys). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CONTENT_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;
export const SETTING_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "));

/** Scheduled publishing (ADR 029): when the item is published / unpublished by the schedule; null = not scheduled. */
const schedule = () => ({
  publishAt: timestamp({ withTimezone: true }),
  unpublishAt: timestamp({ withTimezone: true }),
});

const timestamps = () => ({
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const cmsServices = pgTable(
  "cms_services",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    slug: text().notNull().unique("cms_services_slug_key"),
    description: text().notNull(),
    iconName: text().$type<ServiceIconName>().notNull().default("Wrench"),
    imageUrl: text(),
    /** A photo from the media library (ADR 031); when set it replaces `imageUrl` on the public pages. */
    imageMediaId: uuid().references(() => mediaAssets.id, { onDelete: "restrict" }),
    isFeatured: boolean().notNull().default(false),
    status: text().$type<CmsStatus>().notNull().default("draft"),
    sortOrder: integer().notNull().default(0),
    ...schedule(),
    ...timestamps(),
  },
  (t) => [
    check("cms_services_icon_name_check", sql`${t.iconName} in (${inList(SERVICE_ICON_NAMES)})`),
    check("cms_services_status_check", sql`${t.status} in ('draft', 'published', 'archived')`),
    check("cms_services_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("cms_services_title_check", sql`char_length(${t.title}) between 1 and 200`),
    index("cms_services_status_sort_idx").on(t.status, t.sortOrder),
    index("cms_services_sort_idx").on(t.sortOrder),
    index("cms_services_image_media_idx").on(t.imageMediaId),
  ],
);

export const cmsTeamMembers = pgTable(
  "cms_team_members",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stable key for images and seeding, e.g. `marcus-hale`. */
    slug: text().notNull().unique("cms_team_members_slug_key"),
    name: text().notNull(),
    role: text().notNull(),
    bio: text().notNull(),
    imageUrl: text(),
    /** A photo from the media library (ADR 031); when set it replaces `imageUrl` on the public pages. */
    imageMediaId: uuid().references(() => mediaAssets.id, { onDelete: "restrict" }),
    imagePosition: text().$type<ImagePosition>().notNull().default("center"),
    isLeadership: boolean().notNull().default(false),
    socialLinks: jsonb().$type<Record<string, string>>().notNull().default({}),
    status: text().$type<CmsStatus>().notNull().default("draft"),
    sortOrder: integer().notNull().default(0),
    ...schedule(),
    ...timestamps(),
  },
  (t) => [
    check("cms_team_members_image_position_check", sql`${t.imagePosition} in ('center', 'top', 'bottom')`),
    check("cms_team_members_status_check", sql`${t.status} in ('draft', 'published', 'archived')`),
    check("cms_team_members_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("cms_team_members_name_check", sql`char_length(${t.name}) between 1 and 200`),
    index("cms_team_members_status_sort_idx").on(t.status, t.sortOrder),
    index("cms_team_members_sort_idx").on(t.sortOrder),
    index("cms_team_members_image_media_idx").on(t.imageMediaId),
  ],
);

export const cmsPages = pgTable(
  "cms_pages",
  {
    id: uuid().primaryKey().defaultRandom(),
    pageKey: text().notNull().unique("cms_pages_page_key_key"),
    title: text().notNull(),
    content: text().notNull().default(""),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: text().$type<CmsStatus>().notNull().default("draft"),
    ...schedule(),
    ...timestamps(),
  },
  (t) => [
    check("cms_pages_status_check", sql`${t.status} in ('draft', 'published', 'archived')`),
    check("cms_pages_page_key_check", sql`${t.pageKey} ~ '^[a-z0-9][a-z0-9_-]*$'`),
  ],
);

export const cmsContentBlocks = pgTable(
  "cms_content_blocks",
  {
    id: uuid().primaryKey().defaultRandom(),
    blockKey: text().notNull().unique("cms_content_blocks_block_key_key"),
    blockType: text().$type<ContentBlockType>().notNull().default("text"),
    title: text().notNull(),
    content: jsonb().$type<unknown>().notNull().default({}),
    templateConfig: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: text().$type<CmsStatus>().notNull().default("draft"),
    ...schedule(),
    ...timestamps(),
  },
  (t) => [
    check("cms_content_blocks_block_type_check", sql`${t.blockType} in (${inList(CONTENT_BLOCK_TYPES)})`),
    check("cms_content_blocks_status_check", sql`${t.status} in ('draft', 'published', 'archived')`),
    check("cms_content_blocks_block_key_check", sql`${t.blockKey} ~ '^[a-z0-9][a-z0-9_-]*$'`),
  ],
);

/**
 * Key/value settings. `is_public` decides whether the public site may read a
 * setting; new settings are private unless staff make them public.
 */
export const cmsSiteSettings = pgTable(
  "cms_site_settings",
  {
    id: uuid().primaryKey().defaultRandom(),
    settingKey: text().notNull().unique("cms_site_settings_setting_key_key"),
    settingValue: text().notNull(),
    settingType: text().$type<SettingType>().notNull().default("text"),
    description: text(),
    category: text().$type<SettingCategory>().notNull().default("general"),
    isPublic: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    check("cms_site_settings_setting_type_check", sql`${t.settingType} in (${inList(SETTING_TYPES)})`),
    check("cms_site_settings_category_check", sql`${t.category} in (${inList(SETTING_CATEGORIES)})`),
    check("cms_site_settings_setting_key_check", sql`${t.settingKey} ~ '^[a-z][a-z0-9_]*$'`),
    index("cms_site_settings_category_key_idx").on(t.category, t.settingKey),
    index("cms_site_settings_public_idx").on(t.isPublic),
  ],
);

/** Projects on /gallery ("Our Work"). */
export const cmsGalleryProjects = pgTable(
  "cms_gallery_projects",
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull().unique("cms_gallery_projects_slug_key"),
    title: text().notNull(),
    category: text().$type<GalleryCategory>().notNull(),
    description: text(),
    /** The seeded artwork or a web address; null when the project uses a library photo. */
    imageUrl: text(),
    imageAlt: text(),
    /** A photo from the media library (ADR 031); when set it replaces `imageUrl` on the public pages. */
    imageMediaId: uuid().references(() => mediaAssets.id, { onDelete: "restrict" }),
    imageWidth: integer(),
    imageHeight: integer(),
    status: text().$type<CmsStatus>().notNull().default("published"),
    sortOrder: integer().notNull().default(0),
    ...schedule(),
    ...timestamps(),
  },
  (t) => [
    check("cms_gallery_projects_category_check", sql`${t.category} in (${inList(GALLERY_CATEGORIES)})`),
    check("cms_gallery_projects_status_check", sql`${t.status} in ('draft', 'published', 'archived')`),
    check("cms_gallery_projects_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check(
      "cms_gallery_projects_image_size_check",
      sql`(${t.imageWidth} is null or ${t.imageWidth} > 0) and (${t.imageHeight} is null or ${t.imageHeight} > 0)`,
    ),
    check(
      "cms_gallery_projects_image_check",
      sql`${t.imageMediaId} is not null or (${t.imageUrl} is not null and ${t.imageAlt} is not null)`,
    ),
    index("cms_gallery_projects_status_sort_idx").on(t.status, t.sortOrder),
    index("cms_gallery_projects_image_media_idx").on(t.imageMediaId),
  ],
);

export type CmsService = typeof cmsServices.$inferSelect;
export type NewCmsService = typeof cmsServices.$inferInsert;
export type CmsTeamMember = typeof cmsTeamMembers.$inferSelect;
export type NewCmsTeamMember = typeof cmsTeamMembers.$inferInsert;
export type CmsPage = typeof cmsPages.$inferSelect;
export type NewCmsPage = typeof cmsPages.$inferInsert;
export type CmsContentBlock = typeof cmsContentBlocks.$inferSelect;
export type NewCmsContentBlock = typeof cmsContentBlocks.$inferInsert;
export type CmsSiteSetting = typeof cmsSiteSettings.$inferSelect;
export type NewCmsSiteSetting = typeof cmsSiteSettings.$inferInsert;
export type CmsGalleryProject = typeof cmsGalleryProjects.$inferSelect;
export type NewCmsGalleryProject = typeof cmsGalleryProjects.$inferInsert;
