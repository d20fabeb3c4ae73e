import type { LeadEstimateRecord } from "~/db/schema/leads";
import type { BuilderItem, BuilderSettings } from "~/domain/proposals/build-option";
import { composeOption, defaultComponents } from "~/domain/proposals/compose";
import { OPTION_KEYS, OPTION_TITLES, type MeasurementsSnapshot, type OptionKey } from "~/domain/proposals/content";
import { applyBasisPoints, divideRoundHalfUp, lineAmountCents } from "~/domain/proposals/money";
import type { EstimateInputs } from "./inputs";
import { estimateRoof } from "./roof-model";

/**
 * The good/better/best ranges of an estimate (issue 31 item 4, ADR 054), priced by the proposal builder
 * itself: each tier is the option `createProposal` would build on the modelled roof (the price book's
 * first three shingle lines, in its order, for good, better and best, as the new-proposal page presets
 * them; the first active item of every other category, `defaultComponents`), its lines rounded to the
 * cent and summed, plus the price book's sales tax, as `optionTotals` does for a proposal without
 * discount or add-ons. The range runs from the simple roof's total to the complex roof's
 * (roof-model.ts), each rounded half up to a whole dollar. Pure: the caller loads the price book.
 */

export interface EstimatePriceBook {
  /** Active items in the price book's order. */
  items: ReadonlyArray<BuilderItem & { gafShingleId: string | null }>;
  settings: BuilderSettings & { salesTaxBp: number };
}

/** Cents rounded half up to a whole dollar, still in cents. */
export function wholeDollarCents(cents: number): number {
  return divideRoundHalfUp(BigInt(cents), 100n) * 100;
}

/** The total of the option built on `measurements` with this shingle line, in cents (null: the builder refused it). */
function optionTotalCents(book: EstimatePriceBook, key: OptionKey, shingleItemId: string, measurements: MeasurementsSnapshot, components: ReturnType<typeof defaultComponents>): number | null {
  const composed = composeOption({
    key,
    shingleItemId,
    components,
    items: book.items,
    // The warranty the option qualifies for is the proposal's business, not the estimate's.
    shingles: new Map(),
    measurements,
    settings: book.settings,
    certification: "none",
    warrantyNames: [],
  });
  if (!composed.ok) return null;
  const subtotal = composed.option.lines.reduce((sum, line) => sum + lineAmountCents(line.quantityHundredths, line.unitPriceCents), 0);
  return subtotal + applyBasisPoints(subtotal, book.settings.salesTaxBp);
}

/** The estimate of these inputs from this price book, or null when the book has no shingle line to price. */
export function priceEstimate(inputs: EstimateInputs, book: EstimatePriceBook, computedAt: Date): LeadEstimateRecord | null {
  const shingleLines = book.items.filter((item) => item.category === "shingles" && item.basis !== "none").slice(0, OPTION_KEYS.length);
  const roof = estimateRoof(inputs);
  const components = defaultComponents(book.items);
  const tiers: LeadEstimateRecord["tiers"] = [];
  for (const [index, item] of shingleLines.entries()) {
    const key = OPTION_KEYS[index]!;
    const simple = optionTotalCents(book, key, item.id, roof.simple, components);
    const complex = optionTotalCents(book, key, item.id, roof.complex, components);
    if (simple === null || complex === null) continue;
    tiers.push({
      key,
      label: OPTION_TITLES[key],
      product: item.name,
      lowCents: wholeDollarCents(Math.min(simple, complex)),
      highCents: wholeDollarCents(Math.max(simple, complex)),
    });
  }
  if (tiers.length === 0) return null;
  return {
    inputs: { ...inputs },
    squares: roof.areaHundredths / 100,
    tiers,
    computedAt: computedAt.toISOString(),
  };
}
