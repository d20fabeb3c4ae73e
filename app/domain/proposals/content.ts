import { z } from "zod";
import { PRICE_BOOK_CATEGORIES, PRICE_BOOK_UNITS, ROOF_COMPLEXITIES } from "~/db/schema/proposals";
import { applyBasisPoints, lineAmountCents } from "./money";

/**
 * A proposal revision's content (the `proposals.content` column): everything the homeowner is shown,
 * frozen when it is sent. Totals are never stored in it: `optionTotals` computes them from it, the same
 * way for the builder, the portal, the emails and the PDF (issue 30 item 8). Pure, no server code.
 */

export const OPTION_KEYS = ["good", "better", "best"] as const;
export type OptionKey = (typeof OPTION_KEYS)[number];
export const OPTION_TITLES: Record<OptionKey, string> = { good: "Good", better: "Better", best: "Best" };

export const CERTIFICATION_LEVELS = ["none", "certified", "certified-plus", "master-elite"] as const;
export type CertificationLevel = (typeof CERTIFICATION_LEVELS)[number];

const cents = z.number().int().min(0).max(100_000_000);
const hundredths = z.number().int().min(0).max(100_000_000);

const proposalLineSchema = z.strictObject({
  key: z.string().min(1).max(40),
  priceBookItemId: z.uuid().nullable(),
  category: z.enum(PRICE_BOOK_CATEGORIES),
  description: z.string().min(1).max(300),
  unit: z.enum(PRICE_BOOK_UNITS),
  quantityHundredths: hundredths,
  unitPriceCents: cents,
  /** The GAF roof-system layer the line's product belongs to ("Leak Barrier", ...), for the warranty. */
  gafLayer: z.string().max(200).nullable(),
});
export type ProposalLine = z.infer<typeof proposalLineSchema>;

const warrantyResultSchema = z.strictObject({
  /** The highest tier met, as named in the GAF catalogue (null: no GAF shingle, no manufacturer warranty). */
  name: z.string().nullable(),
  windProven: z.boolean(),
  /** The next tier and what this option lacks for it (plain words), or null at the top. */
  next: z.strictObject({ name: z.string(), missing: z.array(z.string()) }).nullable(),
});
export type WarrantyResult = z.infer<typeof warrantyResultSchema>;

const proposalOptionSchema = z.strictObject({
  key: z.enum(OPTION_KEYS),
  title: z.string().min(1).max(100),
  shingleId: z.uuid().nullable(),
  shingleName: z.string().min(1).max(200),
  /** The line's features in plain words (warranty, wind, algae...), for "what differs" in the portal. */
  highlights: z.array(z.string().max(300)).max(12),
  lines: z.array(proposalLineSchema).min(1).max(60),
  warranty: warrantyResultSchema,
  /** The shingle line's swatches when it was built: the homeowner picks one of these. */
  colors: z.array(z.strictObject({ id: z.uuid(), name: z.string(), hex: z.string() })).max(60),
});
export type ProposalOption = z.infer<typeof proposalOptionSchema>;


const measurementsSnapshotSchema = z.strictObject({
  areaHundredths: z.number().int(),
  pitch: z.number().int(),
  stories: z.number().int(),
  layers: z.number().int(),
  complexity: z.enum(ROOF_COMPLEXITIES),
  ridgeFt: z.number().int(),
  hipFt: z.number().int(),
  valleyFt: z.number().int(),
  eaveFt: z.number().int(),
  rakeFt: z.number().int(),
  penetrations: z.number().int(),
});
export type MeasurementsSnapshot = z.infer<typeof measurementsSnapshotSchema>;

const letterheadSchema = z.strictObject({
  businessName: z.string(),
  phone: z.string(),
  email: z.string(),
  addressLines: z.array(z.string()),
  licence: z.string(),
  certification: z.string(),
});
export type Letterhead = z.infer<typeof letterheadSchema>;

export const proposalContentSchema = z.strictObject({
  version: z.literal(1),
  customer: z.strictObject({ name: z.string(), email: z.string(), phone: z.string() }),
  letterhead: letterheadSchema,
  measurements: measurementsSnapshotSchema,
  options: z.array(proposalOptionSchema).min(1).max(3),
  addOns: z.array(proposalLineSchema).max(20),
  discountCents: cents,
  taxBp: z.number().int().min(0).max(2000),
  depositBp: z.number().int().min(0).max(10_000),
  terms: z.string().max(20_000),
});
export type ProposalContent = z.infer<typeof proposalContentSchema>;

export interface OptionTotals {
  /** Each included line's amount, in the option's order. */
  lineAmounts: number[];
  /** Each chosen add-on's amount. */
  addOnAmounts: number[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  depositCents: number;
}

/**
 * The totals of one option with some add-ons chosen. Lines are rounded one by one (money.ts); the
 * subtotal is their sum; the discount is at most the subtotal (a total is never negative); tax is on what
 * remains after the discount; the deposit is a share of the total.
 */
export function optionTotals(content: ProposalContent, optionKey: string, addOnKeys: readonly string[] = []): OptionTotals | null {
  const option = content.options.find((o) => o.key === optionKey);
  if (!option) return null;
  const chosen = new Set(addOnKeys);
  const lineAmounts = option.lines.map((line) => lineAmountCents(line.quantityHundredths, line.unitPriceCents));
  const addOnAmounts = content.addOns.filter((a) => chosen.has(a.key)).map((a) => lineAmountCents(a.quantityHundredths, a.unitPriceCents));
  const subtotalCents = [...lineAmounts, ...addOnAmounts].reduce((sum, amount) => sum + amount, 0);
  const discountCents = Math.min(content.discountCents, subtotalCents);
  const taxable = subtotalCents - discountCents;
  const taxCents = applyBasisPoints(taxable, content.taxBp);
  const totalCents = taxable + taxCents;
  const depositCents = applyBasisPoints(totalCents, content.depositBp);
  return { lineAmounts, addOnAmounts, subtotalCents, discountCents, taxCents, totalCents, depositCents };
}

/** Keys of add-ons that exist in the content, in its order (unknown keys from a client are dropped). */
export function knownAddOnKeys(content: ProposalContent, keys: readonly string[]): string[] {
  const wanted = new Set(keys);
  return content.addOns.filter((a) => wanted.has(a.key)).map((a) => a.key);
}

export const UNIT_LABELS: Record<(typeof PRICE_BOOK_UNITS)[number], { one: string; short: string }> = {
  square: { one: "square", short: "sq" },
  "linear-foot": { one: "linear foot", short: "LF" },
  each: { one: "each", short: "ea" },
  "lump-sum": { one: "lump sum", short: "LS" },
};
