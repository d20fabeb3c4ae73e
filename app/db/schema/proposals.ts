import { sql } from "drizzle-orm";
import { boolean, check, customType, index, inet, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { gafColors, gafRoofProducts, gafShingles } from "./gaf";
import { leadAttachments, leads } from "./leads";

/**
 * From inspection to a signed job (issue 30, ADR 050): the price book, a lead's roof measurements, and
 * proposals (each row one revision) with their acceptance. Money is integer cents everywhere; the
 * rounding rule lives in app/domain/proposals/money.ts.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

export const PRICE_BOOK_CATEGORIES = [
  "tear-off",
  "decking",
  "underlayment",
  "starter",
  "shingles",
  "ridge-cap",
  "ventilation",
  "flashing",
  "drip-edge",
  "labour",
  "disposal",
  "permit",
  "other",
] as const;
export type PriceBookCategory = (typeof PRICE_BOOK_CATEGORIES)[number];

export const PRICE_BOOK_UNITS = ["square", "linear-foot", "each", "lump-sum"] as const;
export type PriceBookUnit = (typeof PRICE_BOOK_UNITS)[number];

/**
 * Which measurement gives an item's quantity in the proposal builder (app/domain/proposals/build-option.ts):
 * `area` the roof's squares, `area-with-waste` those plus the waste allowance (materials), `tear-off` squares
 * times layers, lengths in feet, `penetrations` each, `one` for a lump sum, `none` for an item only added by
 * hand (an add-on such as decking sheets).
 */
export const PRICE_BOOK_BASES = [
  "area",
  "area-with-waste",
  "tear-off",
  "eaves",
  "eaves-rakes",
  "eaves-valleys",
  "ridge",
  "ridge-hip",
  "penetrations",
  "one",
  "none",
] as const;
export type PriceBookBasis = (typeof PRICE_BOOK_BASES)[number];

export const priceBookItems = pgTable(
  "price_book_items",
  {
    id: uuid().primaryKey().defaultRandom(),
    category: text().$type<PriceBookCategory>().notNull(),
    name: text().notNull(),
    unit: text().$type<PriceBookUnit>().notNull(),
    unitPriceCents: integer().notNull(),
    basis: text().$type<PriceBookBasis>().notNull().default("none"),
    /** The GAF product the item is (a shingle line, or a roof-system product): decides warranty eligibility. */
    gafShingleId: uuid().references(() => gafShingles.id, { onDelete: "set null" }),
    gafRoofProductId: uuid().references(() => gafRoofProducts.id, { onDelete: "set null" }),
    /** Labour lines take the steep-pitch and extra-story factors. */
    isLabour: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("price_book_items_name_check", sql`char_length(${t.name}) between 1 and 200`),
    check("price_book_items_price_check", sql`${t.unitPriceCents} between 0 and 100000000`),
    check(
      "price_book_items_category_check",
      sql`${t.category} in ('tear-off', 'decking', 'underlayment', 'starter', 'shingles', 'ridge-cap', 'ventilation', 'flashing', 'drip-edge', 'labour', 'disposal', 'permit', 'other')`,
    ),
    check("price_book_items_unit_check", sql`${t.unit} in ('square', 'linear-foot', 'each', 'lump-sum')`),
    check(
      "price_book_items_basis_check",
      sql`${t.basis} in ('area', 'area-with-waste', 'tear-off', 'eaves', 'eaves-rakes', 'eaves-valleys', 'ridge', 'ridge-hip', 'penetrations', 'one', 'none')`,
    ),
    check("price_book_items_one_gaf_link_check", sql`${t.gafShingleId} is null or ${t.gafRoofProductId} is null`),
    index("price_book_items_category_sort_idx").on(t.category, t.sortOrder),
  ],
);

/** The builder's defaults: one row (id = 1). Percentages in basis points (725 = 7.25 %). */
export const priceBookSettings = pgTable(
  "price_book_settings",
  {
    id: integer().primaryKey().default(1),
    wasteSimpleBp: integer().notNull().default(1000),
    wasteModerateBp: integer().notNull().default(1500),
    wasteComplexBp: integer().notNull().default(2000),
    /** Pitch from which labour lines take the steep factor (x/12), and that factor in basis points of the price. */
    steepPitchFrom: integer().notNull().default(8),
    steepPitchFactorBp: integer().notNull().default(12500),
    /** Added to labour per story above the first, in basis points (1000 = +10 % per story). */
    extraStoryFactorBp: integer().notNull().default(1000),
    salesTaxBp: integer().notNull().default(0),
    depositBp: integer().notNull().default(3000),
    validDays: integer().notNull().default(30),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("price_book_settings_single_row_check", sql`${t.id} = 1`),
    check(
      "price_book_settings_ranges_check",
      sql`${t.wasteSimpleBp} between 0 and 5000 and ${t.wasteModerateBp} between 0 and 5000 and ${t.wasteComplexBp} between 0 and 5000 and ${t.steepPitchFrom} between 1 and 24 and ${t.steepPitchFactorBp} between 10000 and 30000 and ${t.extraStoryFactorBp} between 0 and 10000 and ${t.salesTaxBp} between 0 and 2000 and ${t.depositBp} between 0 and 10000 and ${t.validDays} between 1 and 365`,
    ),
  ],
);

export const ROOF_COMPLEXITIES = ["simple", "moderate", "complex"] as const;
export type RoofComplexity = (typeof ROOF_COMPLEXITIES)[number];

/** A lead's roof measurements (issue 30 item 2). Areas in hundredths of a square; lengths in whole feet. */
export const leadMeasurements = pgTable(
  "lead_measurements",
  {
    leadId: uuid()
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** The facets' areas when they were entered one by one (hundredths of a square); their sum is the total. */
    facetsHundredths: jsonb().$type<number[]>().notNull().default([]),
    areaHundredths: integer().notNull(),
    pitch: integer().notNull(),
    stories: integer().notNull(),
    layers: integer().notNull(),
    complexity: text().$type<RoofComplexity>().notNull().default("moderate"),
    ridgeFt: integer().notNull().default(0),
    hipFt: integer().notNull().default(0),
    valleyFt: integer().notNull().default(0),
    eaveFt: integer().notNull().default(0),
    rakeFt: integer().notNull().default(0),
    penetrations: integer().notNull().default(0),
    updatedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("lead_measurements_area_check", sql`${t.areaHundredths} between 1 and 1000000`),
    check("lead_measurements_pitch_check", sql`${t.pitch} between 0 and 24`),
    check("lead_measurements_stories_check", sql`${t.stories} between 1 and 6`),
    check("lead_measurements_layers_check", sql`${t.layers} between 0 and 4`),
    check("lead_measurements_complexity_check", sql`${t.complexity} in ('simple', 'moderate', 'complex')`),
    check(
      "lead_measurements_lengths_check",
      sql`${t.ridgeFt} between 0 and 100000 and ${t.hipFt} between 0 and 100000 and ${t.valleyFt} between 0 and 100000 and ${t.eaveFt} between 0 and 100000 and ${t.rakeFt} between 0 and 100000 and ${t.penetrations} between 0 and 1000`,
    ),
  ],
);

/** Proposal numbers shown to both sides (P-1001, ...): a sequence, so two offices never take the same. */
export const proposalNumberSeq = pgSequence("proposal_number_seq", { startWith: 1001 });

export const PROPOSAL_STATUSES = ["draft", "sent", "viewed", "accepted", "declined", "superseded"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/**
 * One revision of a proposal. A draft is edited in place; once sent its `content` never changes: a change
 * makes the next revision (same `proposalNumber`), and the earlier one becomes `superseded`. "Expired" is
 * not stored: a sent or viewed revision past `expiresOn` (Eastern Time) is expired when read.
 */
export const proposals = pgTable(
  "proposals",
  {
    id: uuid().primaryKey().defaultRandom(),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** The proposal's number shown to both sides; every revision of one proposal shares it. */
    proposalNumber: integer().notNull(),
    revision: integer().notNull().default(1),
    status: text().$type<ProposalStatus>().notNull().default("draft"),
    /** The whole proposal as built (ProposalContent in app/domain/proposals/content.ts). */
    content: jsonb().$type<unknown>().notNull(),
    /** The last day it can be accepted (YYYY-MM-DD, Eastern Time). */
    expiresOn: text().notNull(),
    /** SHA-256 (hex) of the canonical document as sent; what the homeowner's page was made from. */
    documentSha256: text(),
    /** The PDF of the revision as sent, kept with the lead's files. */
    pdfAttachmentId: uuid().references(() => leadAttachments.id, { onDelete: "set null" }),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    sentBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    firstViewedAt: timestamp({ withTimezone: true }),
    decidedAt: timestamp({ withTimezone: true }),
    declineReason: text(),
    supersededAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("proposals_status_check", sql`${t.status} in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'superseded')`),
    check("proposals_revision_check", sql`${t.revision} >= 1`),
    check("proposals_expires_on_check", sql`${t.expiresOn} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    check("proposals_sent_check", sql`${t.status} = 'draft' or (${t.sentAt} is not null and ${t.documentSha256} ~ '^[0-9a-f]{64}$')`),
    check("proposals_decline_reason_check", sql`${t.declineReason} is null or char_length(${t.declineReason}) <= 2000`),
    uniqueIndex("proposals_number_revision_key").on(t.proposalNumber, t.revision),
    index("proposals_lead_idx").on(t.leadId, t.createdAt),
    index("proposals_status_idx").on(t.status, t.sentAt),
  ],
);

/** What the homeowner accepted and how they signed (issue 30 item 5): one row per revision, at most. */
export const proposalAcceptances = pgTable(
  "proposal_acceptances",
  {
    proposalId: uuid()
      .primaryKey()
      .references(() => proposals.id, { onDelete: "cascade" }),
    optionKey: text().notNull(),
    addOnKeys: jsonb().$type<string[]>().notNull().default([]),
    colorId: uuid().references(() => gafColors.id, { onDelete: "set null" }),
    colorName: text(),
    /** The totals of the choice, computed by the server from the stored revision. */
    totalCents: integer().notNull(),
    depositCents: integer().notNull(),
    signerName: text().notNull(),
    /** The drawn signature as a PNG; null when the homeowner signed by typing their name only. */
    signaturePng: bytea(),
    consentedAt: timestamp({ withTimezone: true }).notNull(),
    /** SHA-256 (hex) of the exact document accepted: the revision's document and this choice. */
    acceptedDocumentSha256: text().notNull(),
    signedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    clientIp: inet(),
    userAgent: text(),
    signedPdfAttachmentId: uuid().references(() => leadAttachments.id, { onDelete: "set null" }),
    acceptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("proposal_acceptances_signer_check", sql`char_length(${t.signerName}) between 2 and 200`),
    check("proposal_acceptances_total_check", sql`${t.totalCents} >= 0 and ${t.depositCents} >= 0 and ${t.depositCents} <= ${t.totalCents}`),
    check("proposal_acceptances_hash_check", sql`${t.acceptedDocumentSha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** Which colours each shingle line comes in (the homeowner picks from that line's swatches). */
export const gafShingleColors = pgTable(
  "gaf_shingle_colors",
  {
    shingleId: uuid()
      .notNull()
      .references(() => gafShingles.id, { onDelete: "cascade" }),
    colorId: uuid()
      .notNull()
      .references(() => gafColors.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.shingleId, t.colorId] }), index("gaf_shingle_colors_color_idx").on(t.colorId)],
);

export type PriceBookItem = typeof priceBookItems.$inferSelect;
export type NewPriceBookItem = typeof priceBookItems.$inferInsert;
export type PriceBookSettings = typeof priceBookSettings.$inferSelect;
export type LeadMeasurements = typeof leadMeasurements.$inferSelect;
export type Proposal = typeof proposals.$inferSelect;
export type ProposalAcceptance = typeof proposalAcceptances.$inferSelect;
