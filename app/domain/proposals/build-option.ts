import { PRICE_BOOK_CATEGORIES, type PriceBookBasis, type PriceBookCategory, type PriceBookUnit, type RoofComplexity } from "~/db/schema/proposals";
import type { MeasurementsSnapshot, ProposalLine } from "./content";
import { divideRoundHalfUp } from "./money";

/**
 * An option's lines from the measurements and the price book (issue 30 item 3). Pure: the caller loads
 * the items and settings. Quantities follow each item's basis; materials measured by area take the waste
 * allowance of the roof's complexity; labour takes the steep-pitch and extra-story factors into its unit
 * price (rounded to the cent, money.ts), and says so in its description.
 */

export interface BuilderItem {
  id: string;
  category: PriceBookCategory;
  name: string;
  unit: PriceBookUnit;
  unitPriceCents: number;
  basis: PriceBookBasis;
  isLabour: boolean;
  /** The roof-system layer title of the item's GAF product, when it is one. */
  gafLayer: string | null;
}

export interface BuilderSettings {
  wasteSimpleBp: number;
  wasteModerateBp: number;
  wasteComplexBp: number;
  steepPitchFrom: number;
  steepPitchFactorBp: number;
  extraStoryFactorBp: number;
}

/** The order lines appear in, as a roofer reads a scope of work: the price book's category order. */
export const CATEGORY_ORDER: readonly PriceBookCategory[] = PRICE_BOOK_CATEGORIES;

export function wasteBp(settings: BuilderSettings, complexity: RoofComplexity): number {
  return complexity === "simple" ? settings.wasteSimpleBp : complexity === "complex" ? settings.wasteComplexBp : settings.wasteModerateBp;
}

/** The quantity (hundredths) an item's basis gives; 0 when the roof has none of it. */
export function basisQuantity(basis: PriceBookBasis, m: MeasurementsSnapshot, settings: BuilderSettings): number {
  switch (basis) {
    case "area":
      return m.areaHundredths;
    case "area-with-waste":
      return divideRoundHalfUp(BigInt(m.areaHundredths) * BigInt(10_000 + wasteBp(settings, m.complexity)), 10_000n);
    case "tear-off":
      return m.areaHundredths * m.layers;
    case "eaves":
      return m.eaveFt * 100;
    case "eaves-rakes":
      return (m.eaveFt + m.rakeFt) * 100;
    case "eaves-valleys":
      return (m.eaveFt + m.valleyFt) * 100;
    case "ridge":
      return m.ridgeFt * 100;
    case "ridge-hip":
      return (m.ridgeFt + m.hipFt) * 100;
    case "penetrations":
      return m.penetrations * 100;
    case "one":
      return 100;
    case "none":
      return 0;
  }
}

/** The labour factor (basis points) of this roof: steep pitch times extra stories. */
export function labourFactorBp(m: MeasurementsSnapshot, settings: BuilderSettings): { factorBp: number; reasons: string[] } {
  const reasons: string[] = [];
  let factor = 10_000n;
  if (m.pitch >= settings.steepPitchFrom) {
    factor = (factor * BigInt(settings.steepPitchFactorBp)) / 10_000n;
    reasons.push(`steep pitch ${m.pitch}/12`);
  }
  if (m.stories > 1) {
    factor = (factor * BigInt(10_000 + settings.extraStoryFactorBp * (m.stories - 1))) / 10_000n;
    reasons.push(`${m.stories} stories`);
  }
  return { factorBp: Number(factor), reasons };
}

/** One line for an item on this roof, or null when the roof has none of what it is measured by. */
export function lineFor(item: BuilderItem, key: string, m: MeasurementsSnapshot, settings: BuilderSettings, quantityOverride?: number): ProposalLine | null {
  const quantity = quantityOverride ?? basisQuantity(item.basis, m, settings);
  if (quantity <= 0) return null;
  let unitPriceCents = item.unitPriceCents;
  let description = item.name;
  if (item.isLabour) {
    const { factorBp, reasons } = labourFactorBp(m, settings);
    if (factorBp !== 10_000) {
      unitPriceCents = divideRoundHalfUp(BigInt(item.unitPriceCents) * BigInt(factorBp), 10_000n);
      description = `${item.name} (${reasons.join(", ")})`;
    }
  }
  return {
    key,
    priceBookItemId: item.id,
    category: item.category,
    description: description.slice(0, 300),
    unit: item.unit,
    quantityHundredths: quantity,
    unitPriceCents,
    gafLayer: item.gafLayer,
  };
}

/**
 * The lines of an option: the chosen items (one per category at most, plus the shingle line's item),
 * in CATEGORY_ORDER, each measured by its basis. Items measured by `none` are left out (add-ons).
 */
export function buildLines(items: readonly BuilderItem[], m: MeasurementsSnapshot, settings: BuilderSettings, keyPrefix: string): ProposalLine[] {
  const ordered = [...items].sort((a, b) => CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category));
  const lines: ProposalLine[] = [];
  for (const item of ordered) {
    const line = lineFor(item, `${keyPrefix}${lines.length + 1}`, m, settings);
    if (line) lines.push(line);
  }
  return lines;
}
