import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Configuration of the public GAF manufacturer portal (spec 2 §3). Every table
 * is soft-deleted through `is_active`; public pages show active rows ordered
 * by `sort_order` ascending. Nullable booleans mean "unknown" (shown as a dash).
 */

export const GAF_PRICE_TIERS = ["$", "$$", "$$$", "$$$$"] as const;
export type GafPriceTier = (typeof GAF_PRICE_TIERS)[number];

export const GAF_SHINGLE_TYPES = ["Architectural", "Designer", "3-Tab"] as const;
export type GafShingleType = (typeof GAF_SHINGLE_TYPES)[number];

export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

const timestamps = () => ({
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const gafColors = pgTable(
  "gaf_colors",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    hexColor: text().notNull().default("#000000"),
    availabilityUrl: text(),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check("gaf_colors_hex_color_check", sql`${t.hexColor} ~ '^#[0-9a-fA-F]{6}$'`),
    check("gaf_colors_name_check", sql`char_length(${t.name}) between 1 and 200`),
    index("gaf_colors_active_sort_idx").on(t.isActive, t.sortOrder),
  ],
);

export const gafWarranties = pgTable(
  "gaf_warranties",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    coverageType: text(),
    upfrontCoveragePeriod: text(),
    manufacturingDefectCoverage: text(),
    workmanshipCoverage: text(),
    systemCoverage: boolean().notNull().default(false),
    windTermYears: integer().notNull().default(0),
    transferable: boolean().notNull().default(false),
    algaeProtection: text(),
    pdfUrl: text(),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check("gaf_warranties_wind_term_years_check", sql`${t.windTermYears} >= 0`),
    check("gaf_warranties_name_check", sql`char_length(${t.name}) between 1 and 300`),
    index("gaf_warranties_active_sort_idx").on(t.isActive, t.sortOrder),
  ],
);

export const gafShingles = pgTable(
  "gaf_shingles",
  {
    id: uuid().primaryKey().defaultRandom(),
    model: text().notNull(),
    priceTier: text().$type<GafPriceTier>(),
    shingleType: text().$type<GafShingleType>(),
    /** null = unknown */
    layerLock: boolean(),
    /** null = unknown */
    windProven: boolean(),
    /** null = unknown */
    lifetimeWarranty: boolean(),
    algaeProtectionClass: text(),
    /** Column `title_24_compliant` (named explicitly); null = unknown. */
    title24Compliant: boolean("title_24_compliant"),
    officialUrl: text(),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check("gaf_shingles_price_tier_check", sql`${t.priceTier} is null or ${t.priceTier} in ('$', '$$', '$$$', '$$$$')`),
    check(
      "gaf_shingles_shingle_type_check",
      sql`${t.shingleType} is null or ${t.shingleType} in ('Architectural', 'Designer', '3-Tab')`,
    ),
    check("gaf_shingles_model_check", sql`char_length(${t.model}) between 1 and 200`),
    index("gaf_shingles_active_sort_idx").on(t.isActive, t.sortOrder),
  ],
);

export const gafRoofLayers = pgTable(
  "gaf_roof_layers",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text(),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check("gaf_roof_layers_title_check", sql`char_length(${t.title}) between 1 and 200`),
    index("gaf_roof_layers_active_sort_idx").on(t.isActive, t.sortOrder),
  ],
);

export const gafRoofProducts = pgTable(
  "gaf_roof_products",
  {
    id: uuid().primaryKey().defaultRandom(),
    layerId: uuid()
      .notNull()
      .references(() => gafRoofLayers.id, { onDelete: "cascade" }),
    name: text().notNull(),
    tagline: text(),
    longDescription: text(),
    imgUrl: text(),
    productUrl: text(),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check("gaf_roof_products_name_check", sql`char_length(${t.name}) between 1 and 200`),
    index("gaf_roof_products_layer_sort_idx").on(t.layerId, t.isActive, t.sortOrder),
    index("gaf_roof_products_active_sort_idx").on(t.isActive, t.sortOrder),
  ],
);

export type GafColor = typeof gafColors.$inferSelect;
export type NewGafColor = typeof gafColors.$inferInsert;
export type GafWarranty = typeof gafWarranties.$inferSelect;
export type NewGafWarranty = typeof gafWarranties.$inferInsert;
export type GafShingle = typeof gafShingles.$inferSelect;
export type NewGafShingle = typeof gafShingles.$inferInsert;
export type GafRoofLayer = typeof gafRoofLayers.$inferSelect;
export type NewGafRoofLayer = typeof gafRoofLayers.$inferInsert;
export type GafRoofProduct = typeof gafRoofProducts.$inferSelect;
export type NewGafRoofProduct = typeof gafRoofProducts.$inferInsert;
