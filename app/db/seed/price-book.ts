import type { PriceBookBasis, PriceBookCategory, PriceBookUnit } from "~/db/schema";

/**
 * A starting price book (issue 30 item 1): indicative central-Ohio prices for a residential re-roof,
 * for the office to replace with its own on /admin/price-book. Items name the GAF catalogue product
 * they are (by the catalogue's name), so the builder can tell which warranty an option qualifies for;
 * an item whose product is not in the catalogue is seeded without the link.
 */
export interface PriceBookSeed {
  category: PriceBookCategory;
  name: string;
  unit: PriceBookUnit;
  unitPriceCents: number;
  basis: PriceBookBasis;
  isLabour?: boolean;
  /** A shingle line's model, or a roof-system product's name, in the GAF catalogue. */
  gafShingle?: string;
  gafProduct?: string;
}

export const PRICE_BOOK_SEEDS: readonly PriceBookSeed[] = [
  { category: "tear-off", name: "Tear-off to the deck, per layer", unit: "square", unitPriceCents: 6500, basis: "tear-off", isLabour: true },
  { category: "decking", name: "Replace damaged decking (7/16 in OSB sheet)", unit: "each", unitPriceCents: 8500, basis: "none" },
  { category: "underlayment", name: "FeltBuster synthetic roofing felt", unit: "square", unitPriceCents: 1800, basis: "area-with-waste", gafProduct: "FeltBuster Synthetic Roofing Felt" },
  { category: "underlayment", name: "Deck-Armor roof deck protection", unit: "square", unitPriceCents: 3200, basis: "area-with-waste", gafProduct: "Deck-Armor Roof Deck Protection" },
  { category: "underlayment", name: "WeatherWatch leak barrier at eaves and valleys", unit: "linear-foot", unitPriceCents: 450, basis: "eaves-valleys", gafProduct: "WeatherWatch Leak Barrier" },
  { category: "starter", name: "Pro-Start starter strip shingles", unit: "linear-foot", unitPriceCents: 225, basis: "eaves-rakes", gafProduct: "Pro-Start Starter Strip Shingles" },
  { category: "shingles", name: "Royal Sovereign 3-tab shingles", unit: "square", unitPriceCents: 11500, basis: "area-with-waste", gafShingle: "Royal Sovereign" },
  { category: "shingles", name: "Timberline HDZ shingles", unit: "square", unitPriceCents: 15500, basis: "area-with-waste", gafShingle: "Timberline HDZ" },
  { category: "shingles", name: "Timberline UHDZ shingles", unit: "square", unitPriceCents: 19500, basis: "area-with-waste", gafShingle: "Timberline UHDZ" },
  { category: "shingles", name: "Timberline AS II impact-resistant shingles", unit: "square", unitPriceCents: 21000, basis: "area-with-waste", gafShingle: "Timberline AS II" },
  { category: "ridge-cap", name: "Seal-A-Ridge hip and ridge cap shingles", unit: "linear-foot", unitPriceCents: 650, basis: "ridge-hip", gafProduct: "Seal-A-Ridge Ridge Cap Shingles" },
  { category: "ridge-cap", name: "TimberTex premium hip and ridge cap shingles", unit: "linear-foot", unitPriceCents: 850, basis: "ridge-hip", gafProduct: "TimberTex Premium Ridge Cap Shingles" },
  { category: "ventilation", name: "Cobra ridge vent", unit: "linear-foot", unitPriceCents: 900, basis: "ridge", gafProduct: "Cobra Ridge Vents" },
  { category: "flashing", name: "New pipe boots and step flashing", unit: "each", unitPriceCents: 7500, basis: "penetrations" },
  { category: "drip-edge", name: "Aluminium drip edge", unit: "linear-foot", unitPriceCents: 325, basis: "eaves-rakes" },
  { category: "labour", name: "Installation labour", unit: "square", unitPriceCents: 9500, basis: "area", isLabour: true },
  { category: "disposal", name: "Dumpster, haul-away and magnetic nail sweep", unit: "lump-sum", unitPriceCents: 65000, basis: "one" },
  { category: "permit", name: "Building permit and inspection", unit: "lump-sum", unitPriceCents: 17500, basis: "one" },
  { category: "other", name: "Seamless gutter guards", unit: "linear-foot", unitPriceCents: 1400, basis: "none" },
  { category: "other", name: "Skylight replacement", unit: "each", unitPriceCents: 120000, basis: "none" },
];

/**
 * The colours each shingle line comes in, by name, as the seed data's notes list them (gaf-seed.json):
 * the colours table is Timberline HDZ's palette; Timberline UHDZ comes in six of them. Other lines'
 * palettes are not in the catalogue yet (staff add them), so their proposals ask for no colour choice.
 */
export const SHINGLE_COLOR_SEEDS: Readonly<Record<string, "all" | readonly string[]>> = {
  "Timberline HDZ": "all",
  "Timberline UHDZ": ["Barkwood", "Charcoal", "Pewter Gray", "Shakewood", "Slate", "Weathered Wood"],
};

