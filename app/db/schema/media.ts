import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * The media library (issue 12 item 1, ADR 031): photographs staff upload once
 * and use for services, team members and gallery projects. The original is
 * kept in the upload storage under `original_key` and never served; a
 * background job makes the resized variants the public pages serve (listed in
 * `variants`). `status` says where that job is: processing, ready or failed
 * (with `failure_message`). An image is only used once it is ready and has
 * alt text; the content tables reference it (on delete restrict), so an image
 * in use cannot be deleted.
 */

export const MEDIA_STATUSES = ["processing", "ready", "failed"] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

export const MEDIA_VARIANT_FORMATS = ["avif", "webp", "jpeg", "png"] as const;
export type MediaVariantFormat = (typeof MEDIA_VARIANT_FORMATS)[number];

/** One resized copy: stored under `media/<asset id>/<width>-<format>`. */
export interface MediaVariant {
  format: MediaVariantFormat;
  width: number;
  height: number;
  bytes: number;
}

export const mediaAssets = pgTable(
  "media_assets",
  {
    id: uuid().primaryKey().defaultRandom(),
    originalKey: text().notNull(),
    /** As the uploader's browser named it: display and search only. */
    originalName: text().notNull(),
    /** From the file's first bytes. */
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    sha256: text().notNull(),
    /** Of the upright image (after the EXIF orientation). */
    width: integer().notNull(),
    height: integer().notNull(),
    altText: text().notNull().default(""),
    /** The point kept in view when the image is cropped, in percent of width and height. */
    focalX: integer().notNull().default(50),
    focalY: integer().notNull().default(50),
    status: text().$type<MediaStatus>().notNull().default("processing"),
    failureMessage: text(),
    variants: jsonb().$type<MediaVariant[]>().notNull().default([]),
    /** Bytes of all variants (for the library's figures). */
    variantBytes: integer().notNull().default(0),
    uploadedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("media_assets_status_check", sql`${t.status} in ('processing', 'ready', 'failed')`),
    check("media_assets_focal_check", sql`${t.focalX} between 0 and 100 and ${t.focalY} between 0 and 100`),
    check("media_assets_size_check", sql`${t.width} > 0 and ${t.height} > 0 and ${t.byteSize} > 0`),
    check("media_assets_alt_text_check", sql`char_length(${t.altText}) <= 300`),
    index("media_assets_created_idx").on(t.createdAt.desc()),
    index("media_assets_status_idx").on(t.status, t.updatedAt),
  ],
);

export type MediaAsset = typeof mediaAssets.$inferSelect;
